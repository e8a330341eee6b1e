import type { Depot } from '@app/common/contracts/depots';
import type { Shop } from '@app/common/contracts/shops';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { useCurrentShop } from '../../../lib/use-current-shop';
import { useDeleteDepot } from '../api/depot-mutations';
import { DEPOTS_QUERY_KEY, getDepotsPage } from '../api/get-depots';
import { DepotFormDialog } from './depot-form-dialog';

/** app/depot (seed 000 §2): the depots of the current shop; add, edit, delete. */
export function DepotsPage() {
  const { t } = useTranslation(['depots', 'common']);
  const shop = useCurrentShop();
  if (!shop) {
    return (
      <Alert color="ochre" variant="light" icon={<IconBuildingStore />} data-testid="no-shop">
        {t('common:home.noShop')}
      </Alert>
    );
  }
  return <Depots key={shop.idBoutique} shop={shop} />;
}

function Depots({ shop }: { shop: Shop }) {
  const { t } = useTranslation(['depots', 'common']);
  const dialog = useDialogState<Depot>();
  const [toDelete, setToDelete] = useState<Depot | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const remove = useDeleteDepot();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('depots.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('depots.subtitle', { shop: shop.nom })}
        </Text>
      </div>
      <PagedTable<Depot>
        queryKey={[...DEPOTS_QUERY_KEY, shop.idBoutique]}
        fetcher={(page, term, signal) => getDepotsPage(shop.idBoutique, page, term, signal)}
        rowKey={(depot) => depot.idDepot}
        label={t('depots.title')}
        searchLabel={t('depots.search')}
        testId="depots-table"
        columns={[
          { key: 'libelle', header: t('depots.libelle'), render: (depot) => depot.libelle },
          { key: 'shop', header: t('depots.shop'), render: (depot) => depot.boutique.nom },
        ]}
        actions={[
          { key: 'edit', label: t('common:actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith },
          {
            key: 'delete',
            label: t('common:actions.delete'),
            icon: <IconTrash size={18} />,
            color: 'red',
            onClick: (depot) => {
              setToDelete(depot);
              setDeleteOpened(true);
            },
          },
        ]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-depot">
            {t('depots.new')}
          </Button>
        }
      />
      <DepotFormDialog opened={dialog.opened} depot={dialog.record} shop={shop} onClose={dialog.close} />
      <ConfirmDeleteDialog
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        itemName={toDelete?.libelle}
        onConfirm={(idempotencyKey) => remove.mutateAsync({ idDepot: toDelete?.idDepot ?? 0, idempotencyKey })}
        successMessage={t('depots.deleted')}
        failureMessage={t('depots.error')}
      />
    </Stack>
  );
}
