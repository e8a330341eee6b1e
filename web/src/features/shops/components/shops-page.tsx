import type { Shop } from '@app/common/contracts/shops';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { getShopsPage, SHOPS_QUERY_KEY } from '../api/get-shops';
import { useDeleteShop } from '../api/shop-mutations';
import { ShopFormDialog } from './shop-form-dialog';

/** The director's shops (seed 000 §2): list, search, pager, add, edit, delete with confirmation. */
export function ShopsPage() {
  const { t } = useTranslation(['shops', 'common']);
  const dialog = useDialogState<Shop>();
  const [toDelete, setToDelete] = useState<Shop | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const remove = useDeleteShop();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      <PagedTable<Shop>
        queryKey={SHOPS_QUERY_KEY}
        fetcher={getShopsPage}
        rowKey={(shop) => shop.idBoutique}
        label={t('title')}
        searchLabel={t('search')}
        testId="shops-table"
        columns={[
          { key: 'nom', header: t('nom'), render: (shop) => shop.nom },
          { key: 'telephone', header: t('telephone'), render: (shop) => shop.telephone },
          { key: 'adresse', header: t('adresse'), render: (shop) => shop.adresse },
        ]}
        actions={[
          { key: 'edit', label: t('common:actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith },
          {
            key: 'delete',
            label: t('common:actions.delete'),
            icon: <IconTrash size={18} />,
            color: 'red',
            onClick: (shop) => {
              setToDelete(shop);
              setDeleteOpened(true);
            },
          },
        ]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-shop">
            {t('new')}
          </Button>
        }
      />
      <ShopFormDialog opened={dialog.opened} shop={dialog.record} onClose={dialog.close} />
      <ConfirmDeleteDialog
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        itemName={toDelete?.nom}
        onConfirm={(idempotencyKey) => remove.mutateAsync({ idBoutique: toDelete?.idBoutique ?? 0, idempotencyKey })}
        successMessage={t('deleted')}
        failureMessage={t('error')}
      />
    </Stack>
  );
}
