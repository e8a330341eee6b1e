import type { Shop } from '@app/common/contracts/shops';
import {
  createUserBody,
  updateUserBody,
  type CreateUserInput,
  type ShopUser,
  type UpdateUserInput,
} from '@app/common/contracts/users';
import { MultiSelect } from '@mantine/core';
import { IconBuildingStore, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { PersonFields } from '../../../components/person-fields';
import { EMPTY_PERSON, personValuesOf, type PersonFormValues } from '../../../components/person-values';
import { useMyShops } from '../../../lib/my-shops';
import { useAssignableRoles } from '../api/get-roles';
import { useSaveUser } from '../api/user-mutations';

type UserFormValues = PersonFormValues & { role: number[]; boutiques: number[] };

function valuesOf(user: ShopUser): UserFormValues {
  return {
    ...personValuesOf(user),
    role: user.role.map((role) => role.idRole),
    boutiques: user.boutiques.map((shop) => shop.idBoutique),
  };
}

/**
 * Add a user to the director's shops, or edit one (seed 000 §2, §5): identity, roles and
 * shops. The password is set on creation only; afterwards through its own dialog.
 */
export function UserFormDialog({
  opened,
  user,
  shop,
  onClose,
}: {
  opened: boolean;
  user: ShopUser | null;
  /** The current shop, chosen by default for a new user. */
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const save = useSaveUser();
  const roles = useAssignableRoles(opened);
  const shops = useMyShops(opened);
  const defaults: UserFormValues = { ...EMPTY_PERSON, role: [], boutiques: [shop.idBoutique] };
  const roleOptions = (roles.data ?? []).map((role) => ({ value: String(role.idRole), label: t(`common:roles.${role.idRole}`) }));
  // The user's shops stay listed even before the caller's shops have loaded.
  const shopOptions = (shops.data ?? user?.boutiques ?? [shop]).map((item) => ({
    value: String(item.idBoutique),
    label: item.nom,
  }));

  return (
    <CrudDialog<UserFormValues, CreateUserInput | UpdateUserInput>
      opened={opened}
      onClose={onClose}
      mode={user ? 'edit' : 'create'}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      defaults={defaults}
      values={user ? valuesOf(user) : null}
      recordKey={user?.idUser ?? null}
      schema={user ? updateUserBody : createUserBody}
      onSave={(body, idempotencyKey) =>
        user
          ? save.mutateAsync({ idUser: user.idUser, body: body as UpdateUserInput, idempotencyKey })
          : save.mutateAsync({ idUser: null, body: body as CreateUserInput, idempotencyKey })
      }
      successMessage={{ create: t('created'), edit: t('updated') }}
      failureMessage={user ? t('updateError') : t('createError')}
      size={620}
      testId="user-dialog"
    >
      {(field, form) => (
        <>
          {/* The password is set on creation only; afterwards through its own dialog. */}
          <PersonFields field={field} password={user ? 'none' : 'new'} />
          <MultiSelect
            label={t('roles')}
            placeholder={form.values.role.length === 0 ? t('rolesPlaceholder') : undefined}
            data={roleOptions}
            leftSection={<IconUserShield size={18} />}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
            searchable
            size="md"
            value={form.values.role.map(String)}
            onChange={(values) => form.setFieldValue('role', values.map(Number))}
            error={field('role').error}
            data-testid="roles-select"
          />
          <MultiSelect
            label={t('shops')}
            placeholder={form.values.boutiques.length === 0 ? t('shopsPlaceholder') : undefined}
            data={shopOptions}
            leftSection={<IconBuildingStore size={18} />}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
            searchable
            size="md"
            value={form.values.boutiques.map(String)}
            onChange={(values) => form.setFieldValue('boutiques', values.map(Number))}
            error={field('boutiques').error}
            data-testid="shops-select"
          />
        </>
      )}
    </CrudDialog>
  );
}
