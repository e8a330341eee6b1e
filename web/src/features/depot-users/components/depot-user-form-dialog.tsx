import { depotUserBody, type DepotUserBody } from '@app/common/contracts/depot-users';
import type { Shop } from '@app/common/contracts/shops';
import { Select } from '@mantine/core';
import { IconBuildingWarehouse, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useAssignUser } from '../api/depot-user-mutations';
import { useShopDepotsPicker, useShopUsersPicker } from '../api/get-pickers';

type AssignmentFormValues = { users: number | null; depots: number | null };

const EMPTY: AssignmentFormValues = { users: null, depots: null };

/** Seed 000 §2/§5: pick a user and a depot of the current shop, both required. */
export function DepotUserFormDialog({ opened, shop, onClose }: { opened: boolean; shop: Shop; onClose: () => void }) {
  const { t } = useTranslation(['depots', 'common']);
  const assign = useAssignUser();
  const users = useShopUsersPicker(shop.idBoutique, opened);
  const depots = useShopDepotsPicker(shop.idBoutique, opened);
  const userOptions = (users.data ?? []).map((user) => ({
    value: String(user.idUser),
    label: `${user.username} — ${user.prenom} ${user.nom}`,
  }));
  const depotOptions = (depots.data ?? []).map((depot) => ({ value: String(depot.idDepot), label: depot.libelle }));

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
          <Select
            label={t('assignments.user')}
            placeholder={t('assignments.userPlaceholder')}
            nothingFoundMessage={t('assignments.noUsers')}
            data={userOptions}
            searchable
            leftSection={<IconUser size={18} />}
            comboboxProps={{ withinPortal: true }}
            size="md"
            value={form.values.users === null ? null : String(form.values.users)}
            onChange={(value) => form.setFieldValue('users', value ? Number(value) : null)}
            error={field('users').error}
            data-testid="assignment-user-select"
          />
          <Select
            label={t('assignments.depot')}
            placeholder={t('assignments.depotPlaceholder')}
            nothingFoundMessage={t('assignments.noDepots')}
            data={depotOptions}
            searchable
            leftSection={<IconBuildingWarehouse size={18} />}
            comboboxProps={{ withinPortal: true }}
            size="md"
            value={form.values.depots === null ? null : String(form.values.depots)}
            onChange={(value) => form.setFieldValue('depots', value ? Number(value) : null)}
            error={field('depots').error}
            data-testid="assignment-depot-select"
          />
        </>
      )}
    </CrudDialog>
  );
}
