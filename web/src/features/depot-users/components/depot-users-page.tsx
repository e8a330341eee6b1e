import type { DepotUser } from '@app/common/contracts/depot-users';
import type { Shop } from '@app/common/contracts/shops';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { useCurrentShop } from '../../../lib/use-current-shop';
import { useUnassignUser } from '../api/depot-user-mutations';
import { DEPOT_USERS_QUERY_KEY, depotUserKey, getDepotUsersPage } from '../api/get-depot-users';
import { DepotUserFormDialog } from './depot-user-form-dialog';

/** app/depot-user (seed 000 §2): which user works in which depot of the current shop; add, delete. */
export function DepotUsersPage() {
  const { t } = useTranslation(['depots', 'common']);
  const shop = useCurrentShop();
  if (!shop) {
    return (
      <Alert color="ochre" variant="light" icon={<IconBuildingStore />} data-testid="no-shop">
        {t('common:home.noShop')}
      </Alert>
    );
  }
  return <DepotUsers key={shop.idBoutique} shop={shop} />;
}

function DepotUsers({ shop }: { shop: Shop }) {
  const { t } = useTranslation(['depots', 'common']);
  const dialog = useDialogState<DepotUser>();
  const [toDelete, setToDelete] = useState<DepotUser | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const remove = useUnassignUser();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('assignments.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('assignments.subtitle', { shop: shop.nom })}
        </Text>
      </div>
      <PagedTable<DepotUser>
        queryKey={[...DEPOT_USERS_QUERY_KEY, 'page', shop.idBoutique]}
        fetcher={(page, term, signal) => getDepotUsersPage(shop.idBoutique, page, term, signal)}
        rowKey={depotUserKey}
        label={t('assignments.title')}
        searchLabel={t('assignments.search')}
        testId="depot-users-table"
        columns={[
          { key: 'depot', header: t('assignments.depot'), render: (link) => link.depot.libelle },
          { key: 'shop', header: t('assignments.shop'), render: (link) => link.boutique.nom },
          {
            key: 'user',
            header: t('assignments.user'),
            render: (link) => (
              <Stack gap={0} component="span">
                <Text component="span" fz="sm" fw={600}>
                  {link.user.username}
                </Text>
                <Text component="span" fz="xs" c="dimmed">
                  {link.user.prenom} {link.user.nom}
                </Text>
              </Stack>
            ),
          },
        ]}
        actions={[
          {
            key: 'delete',
            label: t('common:actions.delete'),
            icon: <IconTrash size={18} />,
            color: 'red',
            onClick: (link) => {
              setToDelete(link);
              setDeleteOpened(true);
            },
          },
        ]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-depot-user">
            {t('assignments.new')}
          </Button>
        }
      />
      <DepotUserFormDialog opened={dialog.opened} shop={shop} onClose={dialog.close} />
      <ConfirmDeleteDialog
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        itemName={toDelete ? `${toDelete.user.username} — ${toDelete.depot.libelle}` : undefined}
        onConfirm={(idempotencyKey) =>
          remove.mutateAsync({
            idDepot: toDelete?.depotsPK.depot ?? 0,
            idUser: toDelete?.depotsPK.user ?? 0,
            idempotencyKey,
          })
        }
        successMessage={t('assignments.deleted')}
        failureMessage={t('assignments.error')}
      />
    </Stack>
  );
}
