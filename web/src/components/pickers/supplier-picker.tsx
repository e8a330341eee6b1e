import type { Shop } from '@app/common/contracts/shops';
import { supplierBody, type Supplier, type SupplierBody } from '@app/common/contracts/suppliers';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createSupplier, getShopSuppliers } from '../../lib/shop-suppliers';
import type { EntityPickerConfig } from '../entity-picker';

type SupplierQuickAddValues = { raisonSociale: string; telephone: string; adresse: string; boutique: number };

/**
 * The supplier picker of the reception and article dialogs: the shop's suppliers, and "+" to
 * add one for directors and managers, who keep them (DECISIONS §1).
 */
export function useSupplierPicker(
  shop: Pick<Shop, 'idBoutique'>,
): EntityPickerConfig<Supplier, SupplierQuickAddValues, SupplierBody> {
  const { t } = useTranslation(['suppliers', 'common']);
  return {
    queryKey: queryKeys.suppliers.options(shop.idBoutique),
    source: { kind: 'list', load: (signal) => getShopSuppliers(shop.idBoutique, signal) },
    idOf: (supplier) => supplier.idFournisseur,
    labelOf: (supplier) => supplier.raisonSociale,
    invalidates: queryKeys.suppliers.all,
    testId: 'supplier-picker',
    quickAdd: {
      label: t('suppliers:suppliers.new'),
      title: t('suppliers:suppliers.createTitle'),
      defaults: { raisonSociale: '', telephone: '', adresse: '', boutique: shop.idBoutique },
      schema: supplierBody,
      fields: (field) => (
        <>
          <TextInput label={t('suppliers:suppliers.raisonSociale')} maxLength={150} data-autofocus {...field('raisonSociale')} />
          <TextInput label={t('suppliers:suppliers.telephone')} inputMode="tel" maxLength={30} {...field('telephone')} />
          <TextInput label={t('suppliers:suppliers.adresse')} maxLength={255} {...field('adresse')} />
        </>
      ),
      create: createSupplier,
      successMessage: t('suppliers:suppliers.created'),
      failureMessage: t('suppliers:suppliers.createError'),
      permission: 'catalogue:manage',
    },
  };
}
