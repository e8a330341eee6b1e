import type { Shop } from '@app/common/contracts/shops';
import { IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { queryKeys } from '../../../lib/query-keys';
import { getShopsPage } from '../api/get-shops';
import { useDeleteShop } from '../api/shop-mutations';
import { LegalIdentityDialog } from './legal-identity-dialog';
import { ShopFormDialog } from './shop-form-dialog';

/** The director's shops (seed 000 §2): list, search, pager, add, edit, delete with confirmation. */
export function ShopsPage() {
  const { t } = useTranslation(['shops', 'common', 'legal']);
  const remove = useDeleteShop();
  // The shop stays while the dialog fades out.
  const [legal, setLegal] = useState<{ shop: Shop | null; opened: boolean }>({ shop: null, opened: false });

  return (
    <ListPage<Shop>
      title={t('title')}
      subtitle={t('subtitle')}
      queryKey={queryKeys.shops.list}
      fetcher={getShopsPage}
      rowKey={(shop) => shop.idBoutique}
      searchLabel={t('search')}
      testId="shops-table"
      columns={[
        { key: 'nom', header: t('nom'), render: (shop) => shop.nom },
        { key: 'telephone', header: t('telephone'), render: (shop) => shop.telephone },
        { key: 'adresse', header: t('adresse'), render: (shop) => shop.adresse },
      ]}
      create={{ label: t('new'), testId: 'new-shop' }}
      form={(dialog) => <ShopFormDialog opened={dialog.opened} shop={dialog.record} onClose={dialog.close} />}
      actions={[
        {
          key: 'legal',
          label: t('legal:identity.action'),
          icon: <IconCertificate size={18} />,
          onClick: (shop) => setLegal({ shop, opened: true }),
        },
      ]}
      remove={{
        itemName: (shop) => shop.nom,
        onConfirm: (shop, idempotencyKey) => remove.mutateAsync({ idBoutique: shop.idBoutique, idempotencyKey }),
        message: (shop) => t('deleteWarning', { name: shop.nom }),
        successMessage: t('deleted'),
        failureMessage: t('error'),
      }}
    >
      {legal.shop && (
        <LegalIdentityDialog
          shop={legal.shop}
          opened={legal.opened}
          onClose={() => setLegal((current) => ({ ...current, opened: false }))}
        />
      )}
    </ListPage>
  );
}
