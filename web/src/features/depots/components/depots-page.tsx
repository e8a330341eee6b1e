import type { Depot } from '@app/common/contracts/depots';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteDepot } from '../api/depot-mutations';
import { getDepotsPage } from '../api/get-depots';
import { DepotFormDialog } from './depot-form-dialog';

/** app/depot (seed 000 §2): the depots of the current shop; add, edit, delete. */
export function DepotsPage() {
  const { t } = useTranslation(['depots', 'common']);
  const remove = useDeleteDepot();

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Depot>
          title={t('depots.title')}
          subtitle={t('depots.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.depots.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getDepotsPage(shop.idBoutique, page, term, signal)}
          rowKey={(depot) => depot.idDepot}
          searchLabel={t('depots.search')}
          testId="depots-table"
          columns={[
            { key: 'libelle', header: t('depots.libelle'), render: (depot) => depot.libelle },
            { key: 'shop', header: t('depots.shop'), render: (depot) => depot.boutique.nom },
          ]}
          create={{ label: t('depots.new'), testId: 'new-depot' }}
          form={(dialog) => <DepotFormDialog opened={dialog.opened} depot={dialog.record} shop={shop} onClose={dialog.close} />}
          remove={{
            itemName: (depot) => depot.libelle,
            onConfirm: (depot, idempotencyKey) => remove.mutateAsync({ idDepot: depot.idDepot, idempotencyKey }),
            message: (depot) => t('depots.deleteWarning', { name: depot.libelle }),
            successMessage: t('depots.deleted'),
            failureMessage: t('depots.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
