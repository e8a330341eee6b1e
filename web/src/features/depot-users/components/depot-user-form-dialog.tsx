import { depotUserBody, type DepotUserBody } from '@app/common/contracts/depot-users';
import type { Shop } from '@app/common/contracts/shops';
import { IconBuildingWarehouse, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { EntityPicker } from '../../../components/entity-picker';
import { useDepotPicker } from '../../../components/pickers/depot-picker';
import { useAssignUser } from '../api/depot-user-mutations';
import { shopUserPicker } from '../api/get-pickers';

type AssignmentFormValues = { users: number | null; depots: number | null };

const EMPTY: AssignmentFormValues = { users: null, depots: null };

/** Seed 000 §2/§5: pick a user and a depot of the current shop, both required; a missing depot can be created here. */
export function DepotUserFormDialog({ opened, shop, onClose }: { opened: boolean; shop: Shop; onClose: () => void }) {
  const { t } = useTranslation(['depots', 'common']);
  const assign = useAssignUser();
  const depotPicker = useDepotPicker(shop);

  return (
    <CrudDialog<AssignmentFormValues, DepotUserBody>
      opened={opened}
      onClose={onClose}
      mode="create"
      titles={{ create: t('assignments.createTitle'), edit: t('assignments.createTitle') }}
      defaults={EMPTY}
      schema={depotUserBody}
      onSave={(body, idempotencyKey) => assign.mutateAsync({ body, idempotencyKey })}
      successMessage={{ create: t('assignments.created'), edit: t('assignments.created') }}
      failureMessage={t('assignments.error')}
      submitLabel={t('assignments.assign')}
      size={520}
      testId="depot-user-dialog"
    >
      {(field, form) => (
        <>
          <EntityPicker
            config={shopUserPicker(shop.idBoutique)}
            label={t('assignments.user')}
            placeholder={t('assignments.userPlaceholder')}
            nothingFound={t('assignments.noUsers')}
            leftSection={<IconUser size={18} />}
            enabled={opened}
            value={form.values.users}
            onChange={(id) => form.setFieldValue('users', id)}
            error={field('users').error}
          />
          <EntityPicker
            config={depotPicker}
            label={t('assignments.depot')}
            placeholder={t('assignments.depotPlaceholder')}
            nothingFound={t('assignments.noDepots')}
            leftSection={<IconBuildingWarehouse size={18} />}
            enabled={opened}
            value={form.values.depots}
            onChange={(id) => form.setFieldValue('depots', id)}
            error={field('depots').error}
            testId="assignment-depot-select"
          />
        </>
      )}
    </CrudDialog>
  );
}
