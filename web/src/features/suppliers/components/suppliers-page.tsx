import type { Shop } from '@app/common/contracts/shops';
import { supplierBody, type Supplier, type SupplierBody } from '@app/common/contracts/suppliers';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getSuppliersPage, useDeleteSupplier, useSaveSupplier } from '../api/suppliers';

type SupplierFormValues = { raisonSociale: string; telephone: string; adresse: string; boutique: number };

/** Seed 001 §5: company name, phone (numeric) and address required, on edit too. */
function SupplierFormDialog({
  opened,
  supplier,
  shop,
  onClose,
}: {
  opened: boolean;
  supplier: Supplier | null;
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['suppliers', 'common']);
  const save = useSaveSupplier();
  return (
    <CrudDialog<SupplierFormValues, SupplierBody>
      opened={opened}
      onClose={onClose}
      mode={supplier ? 'edit' : 'create'}
      titles={{ create: t('suppliers.createTitle'), edit: t('suppliers.editTitle') }}
      defaults={{ raisonSociale: '', telephone: '', adresse: '', boutique: shop.idBoutique }}
      values={
        supplier && {
          raisonSociale: supplier.raisonSociale,
          telephone: supplier.telephone,
          adresse: supplier.adresse,
          boutique: shop.idBoutique,
        }
      }
      recordKey={supplier?.idFournisseur ?? null}
      schema={supplierBody}
      onSave={(body, idempotencyKey) =>
        save.mutateAsync({ idFournisseur: supplier?.idFournisseur ?? null, body, idempotencyKey })
      }
      successMessage={{ create: t('suppliers.created'), edit: t('suppliers.updated') }}
      failureMessage={supplier ? t('suppliers.error') : t('suppliers.createError')}
      testId="supplier-dialog"
    >
      {(field) => (
        <>
          <TextInput label={t('suppliers.raisonSociale')} maxLength={150} data-autofocus {...field('raisonSociale')} />
          <TextInput label={t('suppliers.telephone')} inputMode="tel" maxLength={30} {...field('telephone')} />
          <TextInput label={t('suppliers.adresse')} maxLength={255} {...field('adresse')} />
        </>
      )}
    </CrudDialog>
  );
}

/** app/fournisseur (seed 001 §2): the suppliers of the current shop; add, edit, delete. */
export function SuppliersPage() {
  const { t } = useTranslation(['suppliers', 'common']);
  const remove = useDeleteSupplier();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Supplier>
          title={t('suppliers.title')}
          subtitle={t('suppliers.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.suppliers.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getSuppliersPage(shop.idBoutique, page, term, signal)}
          rowKey={(supplier) => supplier.idFournisseur}
          searchLabel={t('suppliers.search')}
          testId="suppliers-table"
          columns={[
            { key: 'raisonSociale', header: t('suppliers.raisonSociale'), render: (supplier) => supplier.raisonSociale },
            { key: 'telephone', header: t('suppliers.telephone'), render: (supplier) => supplier.telephone },
            { key: 'adresse', header: t('suppliers.adresse'), render: (supplier) => supplier.adresse },
          ]}
          create={{ label: t('suppliers.new'), testId: 'new-supplier' }}
          form={(dialog) => (
            <SupplierFormDialog opened={dialog.opened} supplier={dialog.record} shop={shop} onClose={dialog.close} />
          )}
          remove={{
            itemName: (supplier) => supplier.raisonSociale,
            // What it does (DECISIONS §11): the supplier leaves the lists, its history stays.
            message: (supplier) => t('suppliers.deleteConfirm', { name: supplier.raisonSociale }),
            onConfirm: (supplier, idempotencyKey) =>
              remove.mutateAsync({ idFournisseur: supplier.idFournisseur, idempotencyKey }),
            successMessage: t('suppliers.deleted'),
            failureMessage: t('suppliers.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
