import {
  createAdminBody,
  updateAdminBody,
  type AdminRow,
  type CreateAdminBody,
  type UpdateAdminBody,
} from '@app/common/contracts/admin';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { PersonFields } from '../../../components/person-fields';
import { EMPTY_PERSON, personValuesOf, type PersonFormValues } from '../../../components/person-values';
import { useSaveAdmin } from '../api/admin-mutations';

/** Create or edit a platform admin; on edit a blank password keeps the current one. */
export function AdminFormDialog({ opened, admin, onClose }: { opened: boolean; admin: AdminRow | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSaveAdmin();

  return (
    <CrudDialog<PersonFormValues, CreateAdminBody | UpdateAdminBody>
      opened={opened}
      onClose={onClose}
      mode={admin ? 'edit' : 'create'}
      titles={{ create: t('admins.createTitle'), edit: t('admins.editTitle') }}
      defaults={EMPTY_PERSON}
      values={admin ? personValuesOf(admin) : null}
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
      {(field) => <PersonFields field={field} password={admin ? 'keep' : 'new'} />}
    </CrudDialog>
  );
}
