import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import {
  createDirectorBody,
  updateDirectorBody,
  type CreateDirectorBody,
  type DirectorRow,
  type UpdateDirectorBody,
} from '@app/common/contracts/admin';
import { Divider, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { IconAt, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { digitsOnly } from '../../../lib/digits';
import { useSaveDirector } from '../api/director-mutations';

type DirectorFormValues = {
  username: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  nomBoutque: string;
  adresse: string;
  tel: string;
  password: string;
};

const EMPTY: DirectorFormValues = {
  username: '',
  nom: '',
  prenom: '',
  email: '',
  telephone: '',
  nomBoutque: '',
  adresse: '',
  tel: '',
  password: '',
};

function valuesOf(director: DirectorRow): DirectorFormValues {
  return {
    username: director.username,
    nom: director.nom,
    prenom: director.prenom,
    email: director.email ?? '',
    telephone: director.telephone ?? '',
    nomBoutque: director.nomBoutque ?? '',
    adresse: director.adresse ?? '',
    tel: director.tel ?? '',
    password: '',
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
          <TextInput
            label={t('directors.username')}
            autoComplete="off"
            autoCapitalize="none"
            maxLength={20}
            data-autofocus
            {...field('username')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput label={t('directors.nom')} maxLength={100} {...field('nom')} />
            <TextInput label={t('directors.prenom')} maxLength={100} {...field('prenom')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              label={t('directors.email')}
              type="email"
              autoComplete="off"
              leftSection={<IconAt size={18} />}
              maxLength={254}
              {...field('email')}
            />
            <TextInput
              label={t('directors.telephone')}
              type="tel"
              autoComplete="off"
              leftSection={<IconPhone size={18} />}
              maxLength={20}
              {...field('telephone')}
            />
          </SimpleGrid>
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
          <PasswordInput
            label={t('directors.password')}
            description={director ? t('directors.passwordKeep') : undefined}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide') }}
            {...field('password')}
          />
        </>
      )}
    </CrudDialog>
  );
}
