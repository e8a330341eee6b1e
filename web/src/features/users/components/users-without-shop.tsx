import type { ShopUser } from '@app/common/contracts/users';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAccountUsers } from '../api/get-account-users';
import { useDeleteUser } from '../api/user-mutations';

/**
 * The account's users who belong to no shop any more (issue 7): they still sign in, to an empty
 * app, and take a plan seat. The director gives them a shop again (the edit dialog) or deletes them.
 */
export function UsersWithoutShop({ onAddToShop }: { onAddToShop: (user: ShopUser) => void }) {
  const { t } = useTranslation(['users', 'common']);
  const users = useAccountUsers();
  const remove = useDeleteUser();
  // The row stays while the confirmation fades out.
  const [removal, setRemoval] = useState<{ user: ShopUser | null; opened: boolean }>({ user: null, opened: false });
  const orphans = (users.data ?? []).filter((user) => user.boutiques.length === 0);

  if (users.isError) {
    return (
      <Alert color="red" variant="light" data-testid="no-shop-users-error">
        {t('noShop.loadError')}
      </Alert>
    );
  }
  if (orphans.length === 0) return null;
  return (
    <Card withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="no-shop-users">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconUserOff size={22} color="var(--mantine-color-ochre-7)" aria-hidden />
          <Title order={2} fz="lg">
            {t('noShop.title')}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('noShop.text')}
        </Text>
        {orphans.map((user) => (
          <Group
            key={user.idUser}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid={`no-shop-user-${user.idUser}`}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.username} · {user.prenom} {user.nom}
              </Text>
              <Group gap={4}>
                {user.role.map((role) => (
                  <Badge key={role.idRole} variant="light" size="sm">
                    {t(`common:roles.${role.idRole}`)}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Group gap="xs" wrap="wrap">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconBuildingStore size={16} />}
                onClick={() => onAddToShop(user)}
                data-testid={`no-shop-add-${user.idUser}`}
              >
                {t('noShop.addToShop')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setRemoval({ user, opened: true })}
                data-testid={`no-shop-delete-${user.idUser}`}
              >
                {t('noShop.delete')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ConfirmDeleteDialog
        opened={removal.opened}
        onClose={() => setRemoval((state) => ({ ...state, opened: false }))}
        title={t('noShop.deleteTitle')}
        message={removal.user ? t('noShop.deleteWarning', { username: removal.user.username }) : ''}
        confirmLabel={t('noShop.delete')}
        itemName={removal.user ? `${removal.user.prenom} ${removal.user.nom}` : ''}
        onConfirm={(idempotencyKey) => remove.mutateAsync({ idUser: removal.user?.idUser ?? 0, idempotencyKey })}
        successMessage={t('noShop.deleted')}
        failureMessage={t('noShop.deleteError')}
      />
    </Card>
  );
}
