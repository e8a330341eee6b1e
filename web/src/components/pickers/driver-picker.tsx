import { driverBody, type Driver, type DriverBody } from '@app/common/contracts/drivers';
import type { Shop } from '@app/common/contracts/shops';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createDriver, getShopDrivers } from '../../lib/shop-drivers';
import type { EntityPickerConfig } from '../entity-picker';

type DriverQuickAddValues = { nom: string; telephone: string; boutique: number };

/**
 * The driver picker of the reception, payment and delivery dialogs (seed 001 §2): the shop's
 * drivers, and "+" to add one on the spot (name and contact number) for the roles that may
 * (DECISIONS §1: directors, sellers, cashiers, warehouse keepers).
 */
export function useDriverPicker(shop: Pick<Shop, 'idBoutique'>): EntityPickerConfig<Driver, DriverQuickAddValues, DriverBody> {
  const { t } = useTranslation(['drivers', 'common']);
  return {
    queryKey: queryKeys.drivers.options(shop.idBoutique),
    source: { kind: 'list', load: (signal) => getShopDrivers(shop.idBoutique, signal) },
    idOf: (driver) => driver.id,
    labelOf: (driver) => `${driver.nom} · ${driver.telephone}`,
    // The drivers screen lists it too.
    invalidates: queryKeys.drivers.all,
    testId: 'driver-picker',
    quickAdd: {
      label: t('drivers:drivers.new'),
      title: t('drivers:drivers.createTitle'),
      defaults: { nom: '', telephone: '', boutique: shop.idBoutique },
      schema: driverBody,
      fields: (field) => (
        <>
          <TextInput label={t('drivers:drivers.nom')} maxLength={120} data-autofocus {...field('nom')} />
          <TextInput label={t('drivers:drivers.telephone')} inputMode="tel" maxLength={30} {...field('telephone')} />
        </>
      ),
      create: createDriver,
      successMessage: t('drivers:drivers.created'),
      failureMessage: t('drivers:drivers.error'),
      permission: 'drivers:quickAdd',
    },
  };
}
