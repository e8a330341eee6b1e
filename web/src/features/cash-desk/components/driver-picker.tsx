import { driverBody, type Driver, type DriverBody } from '@app/common/contracts/drivers';
import { TextInput } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EntityPicker, type EntityPickerConfig } from '../../../components/entity-picker';
import { queryKeys } from '../../../lib/query-keys';
import { createDriver, getDrivers } from '../api/cash-desk-api';

type QuickDriver = { nom: string; telephone: string; boutique: number };

/** The driver picker of the pay and delivery dialogs, with quick add (DECISIONS §1). */
export function DriverPicker({
  shopId,
  value,
  onChange,
  error,
  enabled,
}: {
  shopId: number;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
  enabled: boolean;
}) {
  const { t } = useTranslation('cash-desk');
  const config: EntityPickerConfig<Driver, QuickDriver, DriverBody> = {
    queryKey: queryKeys.cashDesk.drivers(shopId),
    invalidates: queryKeys.cashDesk.drivers(shopId),
    source: { kind: 'list', load: (signal) => getDrivers(shopId, signal) },
    idOf: (driver) => driver.id,
    labelOf: (driver) => `${driver.nom} (${driver.telephone})`,
    testId: 'driver-picker',
    quickAdd: {
      label: t('driver.add'),
      title: t('driver.addTitle'),
      defaults: { nom: '', telephone: '', boutique: shopId },
      schema: driverBody,
      fields: (field) => (
        <>
          <TextInput label={t('driver.nom')} data-autofocus {...field('nom')} data-testid="driver-nom" />
          <TextInput label={t('driver.telephone')} inputMode="tel" {...field('telephone')} data-testid="driver-telephone" />
        </>
      ),
      create: createDriver,
      successMessage: t('driver.created'),
      failureMessage: t('driver.error'),
      permission: 'drivers:quickAdd',
    },
  };
  return (
    <EntityPicker<Driver, QuickDriver, DriverBody>
      config={config}
      value={value}
      onChange={(id) => onChange(id)}
      label={t('driver.label')}
      placeholder={t('driver.placeholder')}
      leftSection={<IconTruck size={18} />}
      error={error}
      enabled={enabled}
    />
  );
}
