import type { ShopUser } from '@app/common/contracts/users';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { UsernameWithSelf } from '../../../components/username-with-self';
import { useDialogState } from '../../../components/use-dialog-state';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { getShopUsersPage } from '../api/get-shop-users';
import { useRemoveUserFromShop } from '../api/user-mutations';
import { PasswordDialog } from './password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersWithoutShop } from './users-without-shop';

/** app/utilisateur-boutique (seed 000 §2): the users of the current shop, and the account's users in no shop. */
export function ShopUsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const session = useSession();
  const selfId = session?.user.idUser;
  const password = useDialogState<ShopUser>();
  // A user of the account in no shop, given a shop again through the edit dialog.
  const orphan = useDialogState<ShopUser>();
  const remove = useRemoveUserFromShop();

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<ShopUser>
          title={t('title')}
          subtitle={t('subtitle', { shop: shop.nom })}
          queryKey={queryKeys.shopUsers.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getShopUsersPage(shop.idBoutique, page, term, signal)}
          rowKey={(user) => user.idUser}
          searchLabel={t('search')}
          testId="users-table"
          columns={[
            {
              key: 'username',
              header: t('username'),
              // The e-mail under the username keeps the table within a laptop's width.
              render: (user) => (
                <Stack gap={0} component="span">
                  <UsernameWithSelf username={user.username} self={user.idUser === selfId} />
                  {user.email && (
                    <Text component="span" fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { key: 'nom', header: t('nom'), render: (user) => user.nom },
            { key: 'prenom', header: t('prenom'), render: (user) => user.prenom },
            {
              key: 'roles',
              header: t('roles'),
              render: (user) => (
                <Group gap={4} component="span">
                  {user.role.map((role) => (
                    <Badge
                      key={role.idRole}
                      variant="light"
                      size="sm"
                      component="span"
                      style={{ flexShrink: 0, minWidth: 'max-content' }}
                    >
                      {t(`common:roles.${role.idRole}`)}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            { key: 'shops', header: t('shops'), render: (user) => user.boutiques.map((item) => item.nom).join(', ') },
          ]}
          create={{ label: t('new'), testId: 'new-user' }}
          form={(dialog) => <UserFormDialog opened={dialog.opened} user={dialog.record} shop={shop} onClose={dialog.close} />}
          actions={[
            {
              key: 'password',
              label: t('setPassword.action'),
              icon: <IconKey size={18} />,
              onClick: password.openWith,
              // One's own password changes in the profile, with the current one (OWN_PASSWORD_IN_PROFILE).
              hidden: (user) => user.idUser === selfId,
            },
          ]}
          remove={{
            action: { key: 'remove', label: t('remove.action'), icon: <IconUserMinus size={18} /> },
            // The API refuses a director removing themselves (CANNOT_REMOVE_SELF).
            hidden: (user) => user.idUser === selfId,
            title: t('remove.title'),
            message: (user) => t('remove.warning', { username: user.username, shop: shop.nom }),
            confirmLabel: t('remove.confirm'),
            itemName: (user) => `${user.prenom} ${user.nom}`,
            onConfirm: (user, idempotencyKey) =>
              remove.mutateAsync({ idBoutique: shop.idBoutique, idUser: user.idUser, idempotencyKey }),
            successMessage: t('remove.done'),
            failureMessage: t('remove.error'),
          }}
        >
          <PasswordDialog opened={password.opened} user={password.record} onClose={password.close} />
          <UsersWithoutShop onAddToShop={orphan.openWith} />
          <UserFormDialog opened={orphan.opened} user={orphan.record} shop={shop} onClose={orphan.close} />
        </ListPage>
      )}
    </RequireShop>
  );
}
