import { driverBody, type Driver, type DriverBody } from '@app/common/contracts/drivers';
import { TextInput } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createDriver, getShopDrivers } from '../../lib/shop-drivers';
import { EntityPicker, type EntityPickerConfig } from '../entity-picker';

type DriverQuickAddValues = { nom: string; telephone: string; boutique: number };

/**
 * The driver picker of the reception, payment and delivery dialogs (seed 001 §2): the shop's
 * drivers, each named with its contact number under it, and "+" to add one on the spot (name and
 * contact number) for the roles that may (DECISIONS §1: directors, sellers, cashiers, warehouse
 * keepers). Its texts are in the base catalogue: opening it never waits for another one.
 */
export function DriverPicker({
  shopId,
  value,
  onChange,
  error,
  enabled = true,
  initialItem = null,
}: {
  shopId: number;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: ReactNode;
  enabled?: boolean;
  /** The record's current driver (an edit), named even when deleted since. */
  initialItem?: Driver | null;
}) {
  const { t } = useTranslation('common');
  const config: EntityPickerConfig<Driver, DriverQuickAddValues, DriverBody> = {
    queryKey: queryKeys.drivers.options(shopId),
    source: { kind: 'list', load: (signal) => getShopDrivers(shopId, signal) },
    idOf: (driver) => driver.id,
    labelOf: (driver) => driver.nom,
    // Under the name: a long number no longer cuts the name on a phone (the delivery dialog at 375 px).
    detailOf: (driver) => driver.telephone,
    // The drivers screen lists it too.
    invalidates: queryKeys.drivers.all,
    testId: 'driver-picker',
    quickAdd: {
      label: t('driverPicker.add'),
      title: t('driverPicker.addTitle'),
      defaults: { nom: '', telephone: '', boutique: shopId },
      schema: driverBody,
      fields: (field) => (
        <>
          <TextInput label={t('driverPicker.nom')} maxLength={120} data-autofocus {...field('nom')} data-testid="driver-nom" />
          <TextInput
            label={t('driverPicker.telephone')}
            inputMode="tel"
            maxLength={30}
            {...field('telephone')}
            data-testid="driver-telephone"
          />
        </>
      ),
      create: createDriver,
      successMessage: t('driverPicker.created'),
      failureMessage: t('driverPicker.error'),
      permission: 'drivers:quickAdd',
    },
  };
  return (
    <EntityPicker<Driver, DriverQuickAddValues, DriverBody>
      config={config}
      value={value}
      onChange={(id) => onChange(id)}
      label={t('driverPicker.label')}
      placeholder={t('driverPicker.placeholder')}
      leftSection={<IconTruck size={18} />}
      error={error}
      enabled={enabled}
      initialItem={initialItem}
    />
  );
}
