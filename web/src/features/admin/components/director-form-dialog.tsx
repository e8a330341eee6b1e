import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import {
  createDirectorBody,
  updateDirectorBody,
  type CreateDirectorBody,
  type DirectorRow,
  type UpdateDirectorBody,
} from '@app/common/contracts/admin';
import { Divider, SimpleGrid, TextInput } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { PersonFields } from '../../../components/person-fields';
import { EMPTY_PERSON, personValuesOf, type PersonFormValues } from '../../../components/person-values';
import { digitsOnly } from '../../../lib/digits';
import { useSaveDirector } from '../api/director-mutations';

type DirectorFormValues = PersonFormValues & { nomBoutque: string; adresse: string; tel: string };

const EMPTY: DirectorFormValues = { ...EMPTY_PERSON, nomBoutque: '', adresse: '', tel: '' };

function valuesOf(director: DirectorRow): DirectorFormValues {
  return {
    ...personValuesOf(director),
    nomBoutque: director.nomBoutque ?? '',
    adresse: director.adresse ?? '',
    tel: director.tel ?? '',
  };
}

/**
 * Seed 000 §2 admin dialog: the director and their first shop (name, address, phone). Every
 * field is required on create; on edit a blank password keeps the current one.
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
  const save = useSaveDirector();

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
        </>
      )}
    </CrudDialog>
  );
}
