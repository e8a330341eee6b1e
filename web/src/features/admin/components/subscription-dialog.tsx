import { updateSubscriptionLineBody, type SubscriptionLine, type UpdateSubscriptionLineBody } from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useFormatDate } from '../../../lib/dates';
import { useUpdateLine } from '../api/subscription-mutations';
import { PlanChoiceFields } from './plan-choice-fields';
import { projectedEnd, subscriptionUpdate, yearsOf } from '../api/subscription-period';

type SubscriptionFormValues = { abonnement: number; annees: number; prixFcfa: number | null; activer: boolean };

const EMPTY: SubscriptionFormValues = { abonnement: PLAN_CODE.bronze, annees: 1, prixFcfa: null, activer: false };

function valuesOf(line: SubscriptionLine): SubscriptionFormValues {
  return { abonnement: line.abonnement.code, annees: yearsOf(line.days), prixFcfa: line.prixFcfa, activer: false };
}

/**
 * The plan-and-period dialog of seed 000 §2, which saves (DECISIONS §10): plan, 1 to 4 years,
 * the agreed price for Personaliser (Bronze and Argent take the plan's price × years on the
 * server), and for a pending line the choice to activate it at once.
 */
export function SubscriptionDialog({
  opened,
  line,
  onClose,
}: {
  opened: boolean;
  line: SubscriptionLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  // Admins have no shop: the default zone.
  const formatDate = useFormatDate();
  const update = useUpdateLine();

  return (
    <CrudDialog<SubscriptionFormValues, UpdateSubscriptionLineBody>
      opened={opened}
      onClose={onClose}
      mode="edit"
      titles={{
        create: t('subscriptions.dialog.action'),
        edit: line ? t('subscriptions.dialog.title', { username: line.users.username }) : t('subscriptions.dialog.action'),
      }}
      defaults={EMPTY}
      values={line ? valuesOf(line) : null}
      recordKey={line?.idLigne ?? null}
      schema={updateSubscriptionLineBody}
      onSave={(body, idempotencyKey) =>
        update.mutateAsync({ idLigne: line?.idLigne ?? 0, body: subscriptionUpdate(body), idempotencyKey })
      }
      successMessage={{ create: t('subscriptions.dialog.saved'), edit: t('subscriptions.dialog.saved') }}
      failureMessage={t('subscriptions.dialog.error')}
      submitLabel={t('subscriptions.dialog.save')}
      size={520}
      testId="subscription-dialog"
    >
      {(field, form) => {
        const { annees } = form.values;
        const end = line ? projectedEnd(line, annees) : null;
        const period = t('subscriptions.years', { count: annees });
        return (
          <>
            <PlanChoiceFields
              value={form.values}
              set={(key, next) => form.setValues({ [key]: next })}
              field={field}
              priceHint={t('subscriptions.dialog.priceHint')}
              enabled={opened}
            />
            {line?.status === 'pending' && (
              <Checkbox label={t('subscriptions.dialog.activate')} {...field('activer', { type: 'checkbox' })} />
            )}
            <Alert variant="light" color="brand" icon={<IconCalendarEvent />} py="xs">
              <Stack gap={2}>
                <Text fz="sm" data-testid="projected-end">
                  {end
                    ? t('subscriptions.dialog.endsOn', { date: formatDate(end) })
                    : t('subscriptions.dialog.startsOnActivation', { period })}
                </Text>
              </Stack>
            </Alert>
          </>
        );
      }}
    </CrudDialog>
  );
}
