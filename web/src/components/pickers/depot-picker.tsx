import { depotBody, type Depot, type DepotBody } from '@app/common/contracts/depots';
import type { Shop } from '@app/common/contracts/shops';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createDepot, getShopDepots } from '../../lib/shop-depots';
import type { EntityPickerConfig } from '../entity-picker';

type DepotQuickAddValues = { libelle: string; boutique: { idBoutique: number | null } };

/**
 * The depot picker of a shop's dialogs (assignments today; receptions, invoices and transfers
 * next): the shop's depots, and "+" to create one in that shop (directors, DECISIONS §1).
 */
export function useDepotPicker(shop: Pick<Shop, 'idBoutique'>): EntityPickerConfig<Depot, DepotQuickAddValues, DepotBody> {
  const { t } = useTranslation(['depots', 'common']);
  return {
    queryKey: queryKeys.depots.options(shop.idBoutique),
    source: { kind: 'list', load: (signal) => getShopDepots(shop.idBoutique, signal) },
    idOf: (depot) => depot.idDepot,
    labelOf: (depot) => depot.libelle,
    // The depots screen lists it too.
    invalidates: queryKeys.depots.all,
    testId: 'depot-picker',
    quickAdd: {
      label: t('depots.new'),
      title: t('depots.createTitle'),
      defaults: { libelle: '', boutique: { idBoutique: shop.idBoutique } },
      schema: depotBody,
      fields: (field) => <TextInput label={t('depots.libelle')} maxLength={120} data-autofocus {...field('libelle')} />,
      create: createDepot,
      successMessage: t('depots.created'),
      failureMessage: t('depots.error'),
      permission: 'depots:manage',
    },
  };
}
