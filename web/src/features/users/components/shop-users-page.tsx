import type { Shop } from '@app/common/contracts/shops';
import type { ShopUser } from '@app/common/contracts/users';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconKey, IconPencil, IconPlus, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { useSession } from '../../../lib/session';
import { useCurrentShop } from '../../../lib/use-current-shop';
import { getShopUsersPage, SHOP_USERS_QUERY_KEY } from '../api/get-shop-users';
import { useRemoveUserFromShop } from '../api/user-mutations';
import { PasswordDialog } from './password-dialog';
import { UserFormDialog } from './user-form-dialog';

/** app/utilisateur-boutique (seed 000 §2): the users of the current shop. */
export function ShopUsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const shop = useCurrentShop();
  if (!shop) {
    return (
      <Alert color="ochre" variant="light" icon={<IconBuildingStore />} data-testid="no-shop">
        {t('noShop')}
      </Alert>
    );
  }
  // Keyed by shop: nothing of another shop's list survives a change of shop.
  return <ShopUsers key={shop.idBoutique} shop={shop} />;
}

function ShopUsers({ shop }: { shop: Shop }) {
  const { t } = useTranslation(['users', 'common']);
  const session = useSession();
  const selfId = session?.user.idUser;
  const dialog = useDialogState<ShopUser>();
  const password = useDialogState<ShopUser>();
  const [toRemove, setToRemove] = useState<ShopUser | null>(null);
  const [removeOpened, setRemoveOpened] = useState(false);
  const remove = useRemoveUserFromShop();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle', { shop: shop.nom })}
        </Text>
      </div>
      <PagedTable<ShopUser>
        queryKey={[...SHOP_USERS_QUERY_KEY, shop.idBoutique]}
        fetcher={(page, term, signal) => getShopUsersPage(shop.idBoutique, page, term, signal)}
        rowKey={(user) => user.idUser}
        label={t('title')}
        searchLabel={t('search')}
        testId="users-table"
        columns={[
          {
            key: 'username',
            header: t('username'),
            // The e-mail under the username keeps the table within a laptop's width.
            render: (user) => (
              <Stack gap={0} component="span">
                <Group gap={6} wrap="nowrap" component="span">
                  {user.username}
                  {user.idUser === selfId && (
                    <Badge
                      size="sm"
                      variant="outline"
                      color="gray"
                      component="span"
                      style={{ flexShrink: 0, minWidth: 'max-content' }}
                    >
                      {t('you')}
                    </Badge>
                  )}
                </Group>
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
        actions={[
          { key: 'edit', label: t('common:actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith },
          { key: 'password', label: t('setPassword.action'), icon: <IconKey size={18} />, onClick: password.openWith },
          {
            key: 'remove',
            label: t('remove.action'),
            icon: <IconUserMinus size={18} />,
            color: 'red',
            // The API refuses a director removing themselves (CANNOT_REMOVE_SELF).
            hidden: (user) => user.idUser === selfId,
            onClick: (user) => {
              setToRemove(user);
              setRemoveOpened(true);
            },
          },
        ]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-user">
            {t('new')}
          </Button>
        }
      />
      <UserFormDialog opened={dialog.opened} user={dialog.record} shop={shop} onClose={dialog.close} />
      <PasswordDialog opened={password.opened} user={password.record} onClose={password.close} />
      <ConfirmDeleteDialog
        opened={removeOpened}
        onClose={() => setRemoveOpened(false)}
        title={t('remove.title')}
        message={t('remove.warning', { username: toRemove?.username ?? '', shop: shop.nom })}
        confirmLabel={t('remove.confirm')}
        itemName={toRemove ? `${toRemove.prenom} ${toRemove.nom}` : undefined}
        onConfirm={(idempotencyKey) =>
          remove.mutateAsync({ idBoutique: shop.idBoutique, idUser: toRemove?.idUser ?? 0, idempotencyKey })
        }
        successMessage={t('remove.done')}
        failureMessage={t('remove.error')}
      />
    </Stack>
  );
}
