import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import {
  createDirectorBody,
  updateDirectorBody,
  type CreateDirectorBody,
  type DirectorPlan,
  type DirectorRow,
  type UpdateDirectorBody,
} from '@app/common/contracts/admin';
import { Alert, Divider, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { PersonFields } from '../../../components/person-fields';
import { EMPTY_PERSON, personValuesOf, type PersonFormValues } from '../../../components/person-values';
import { useFormatDate } from '../../../lib/dates';
import { digitsOnly } from '../../../lib/digits';
import { useSaveDirector } from '../api/director-mutations';
import { yearsOf } from '../api/subscription-period';
import { EMPTY_PLAN_CHOICE, PlanChoiceFields, type PlanChoiceValues } from './plan-choice-fields';

type DirectorFormValues = PersonFormValues & { nomBoutque: string; adresse: string; tel: string; ligne: PlanChoiceValues };

const EMPTY: DirectorFormValues = { ...EMPTY_PERSON, nomBoutque: '', adresse: '', tel: '', ligne: EMPTY_PLAN_CHOICE };

/** The plan choice of the account's latest line, or Bronze for a year for an account without one. */
function planValuesOf(line: DirectorPlan | null): PlanChoiceValues {
  if (!line) return EMPTY_PLAN_CHOICE;
  return {
    abonnement: line.abonnement,
    annees: yearsOf(line.days),
    prixFcfa: line.prixFcfa,
    boutiques: line.boutiques,
    depots: line.depots,
    users: line.users,
  };
}

function valuesOf(director: DirectorRow): DirectorFormValues {
  return {
    ...personValuesOf(director),
    nomBoutque: director.nomBoutque ?? '',
    adresse: director.adresse ?? '',
    tel: director.tel ?? '',
    ligne: planValuesOf(director.ligne),
  };
}

/**
 * Seed 000 §2 admin dialog: the director, their first shop (name, address, phone) and their
 * subscription's plan and period. Every field is required on create, where the subscription
 * starts at once; on edit a blank password keeps the current one, and the plan changes the
 * account's latest line (or attaches one, from today, to an account without any).
 */
export function DirectorFormDialog({
  opened,
  director,
  onClose,
}: {
  opened: boolean;
  director: DirectorRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const formatDate = useFormatDate();
  const save = useSaveDirector();
  const line = director?.ligne ?? null;

  return (
    <CrudDialog<DirectorFormValues, CreateDirectorBody | UpdateDirectorBody>
      opened={opened}
      onClose={onClose}
      mode={director ? 'edit' : 'create'}
      titles={{ create: t('directors.createTitle'), edit: t('directors.editTitle') }}
      defaults={EMPTY}
      values={director ? valuesOf(director) : null}
      recordKey={director?.idUser ?? null}
      schema={director ? updateDirectorBody : createDirectorBody}
      onSave={(body, idempotencyKey) =>
        director
          ? save.mutateAsync({ idUser: director.idUser, body: body as UpdateDirectorBody, idempotencyKey })
          : save.mutateAsync({ idUser: null, body: body as CreateDirectorBody, idempotencyKey })
      }
      successMessage={{ create: t('directors.created'), edit: t('directors.updated') }}
      failureMessage={director ? t('directors.updateError') : t('directors.createError')}
      size={640}
      testId="director-dialog"
    >
      {(field, form) => (
        <>
          <Divider label={t('directors.identity')} labelPosition="left" />
          <PersonFields field={field} password={director ? 'keep' : 'new'} />
          <Divider label={t('directors.shopSection')} labelPosition="left" mt="xs" />
          <TextInput label={t('directors.nomBoutque')} maxLength={120} {...field('nomBoutque')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              label={t('directors.adresse')}
              maxLength={255}
              leftSection={<IconMapPin size={18} />}
              {...field('adresse')}
            />
            <TextInput
              label={t('directors.tel')}
              description={t('directors.telHint')}
              // The hint under the field keeps the row's inputs aligned.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="numeric"
              autoComplete="off"
              leftSection={<IconPhone size={18} />}
              {...field('tel')}
              onChange={(event) => form.setFieldValue('tel', digitsOnly(event.currentTarget.value, SHOP_PHONE_DIGITS))}
            />
          </SimpleGrid>
          <Divider label={t('directors.planSection')} labelPosition="left" mt="xs" />
          <PlanChoiceFields
            value={form.values.ligne}
            set={(key, next) => form.setFieldValue(`ligne.${key}`, next)}
            field={field}
            prefix="ligne."
            counts
            enabled={opened}
          />
          <Alert variant="light" color={director && !line ? 'yellow' : 'brand'} icon={<IconCalendarEvent />} py="xs">
            <Text fz="sm" data-testid="director-plan-note">
              {!director
                ? t('directors.planStartsNow')
                : !line
                  ? t('directors.planNone')
                  : line.status === 'pending'
                    ? t('directors.planPending')
                    : line.endsAt
                      ? t('directors.planEnds', { date: formatDate(new Date(line.endsAt)) })
                      : t('directors.planStartsNow')}
            </Text>
          </Alert>
        </>
      )}
    </CrudDialog>
  );
}
