import type { DepotUser } from '@app/common/contracts/depot-users';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { useUnassignUser } from '../api/depot-user-mutations';
import { depotUserKey, getDepotUsersPage } from '../api/get-depot-users';
import { DepotUserFormDialog } from './depot-user-form-dialog';

/** app/depot-user (seed 000 §2): which user works in which depot of the current shop; add, delete. */
export function DepotUsersPage() {
  const { t } = useTranslation(['depots', 'common']);
  const remove = useUnassignUser();

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<DepotUser>
          title={t('assignments.title')}
          subtitle={t('assignments.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.depotUsers.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getDepotUsersPage(shop.idBoutique, page, term, signal)}
          rowKey={depotUserKey}
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
          create={{ label: t('assignments.new'), testId: 'new-depot-user' }}
          // An assignment has nothing to edit: it is made or deleted.
          form={(dialog) => <DepotUserFormDialog opened={dialog.opened} shop={shop} onClose={dialog.close} />}
          editable={false}
          remove={{
            itemName: (link) => `${link.user.username} — ${link.depot.libelle}`,
            onConfirm: (link, idempotencyKey) =>
              remove.mutateAsync({ idDepot: link.depotsPK.depot, idUser: link.depotsPK.user, idempotencyKey }),
            message: (link) => t('assignments.deleteWarning', { username: link.user.username, depot: link.depot.libelle }),
            successMessage: t('assignments.deleted'),
            failureMessage: t('assignments.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
