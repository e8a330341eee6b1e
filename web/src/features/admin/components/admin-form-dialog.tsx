import {
  createAdminBody,
  updateAdminBody,
  type AdminRow,
  type CreateAdminBody,
  type UpdateAdminBody,
} from '@app/common/contracts/admin';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { IconAt, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useSaveAdmin } from '../api/admin-mutations';

type AdminFormValues = { username: string; nom: string; prenom: string; email: string; telephone: string; password: string };

const EMPTY: AdminFormValues = { username: '', nom: '', prenom: '', email: '', telephone: '', password: '' };

function valuesOf(admin: AdminRow): AdminFormValues {
  return {
    username: admin.username,
    nom: admin.nom,
    prenom: admin.prenom,
    email: admin.email ?? '',
    telephone: admin.telephone ?? '',
    password: '',
  };
}

/** Create or edit a platform admin; on edit a blank password keeps the current one. */
export function AdminFormDialog({ opened, admin, onClose }: { opened: boolean; admin: AdminRow | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSaveAdmin();

  return (
    <CrudDialog<AdminFormValues, CreateAdminBody | UpdateAdminBody>
      opened={opened}
      onClose={onClose}
      mode={admin ? 'edit' : 'create'}
      titles={{ create: t('admins.createTitle'), edit: t('admins.editTitle') }}
      defaults={EMPTY}
      values={admin ? valuesOf(admin) : null}
      recordKey={admin?.idUser ?? null}
      schema={admin ? updateAdminBody : createAdminBody}
      onSave={(body, idempotencyKey) =>
        admin
          ? save.mutateAsync({ idUser: admin.idUser, body: body as UpdateAdminBody, idempotencyKey })
          : save.mutateAsync({ idUser: null, body: body as CreateAdminBody, idempotencyKey })
      }
      successMessage={{ create: t('admins.created'), edit: t('admins.updated') }}
      failureMessage={admin ? t('admins.updateError') : t('admins.createError')}
      testId="admin-dialog"
    >
      {(field) => (
        <>
          <TextInput
            label={t('admins.username')}
            autoComplete="off"
            autoCapitalize="none"
            maxLength={20}
            data-autofocus
            {...field('username')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput label={t('admins.nom')} maxLength={100} {...field('nom')} />
            <TextInput label={t('admins.prenom')} maxLength={100} {...field('prenom')} />
          </SimpleGrid>
          <TextInput
            label={t('admins.email')}
            type="email"
            autoComplete="off"
            leftSection={<IconAt size={18} />}
            maxLength={254}
            {...field('email')}
          />
          <TextInput
            label={t('admins.telephone')}
            type="tel"
            autoComplete="off"
            leftSection={<IconPhone size={18} />}
            maxLength={20}
            {...field('telephone')}
          />
          <PasswordInput
            label={t('admins.password')}
            description={admin ? t('admins.passwordKeep') : undefined}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide') }}
            {...field('password')}
          />
        </>
      )}
    </CrudDialog>
  );
}
