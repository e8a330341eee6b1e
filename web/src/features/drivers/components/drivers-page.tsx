import { driverBody, type Driver, type DriverBody } from '@app/common/contracts/drivers';
import type { Shop } from '@app/common/contracts/shops';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getDriversPage, useDeleteDriver, useSaveDriver } from '../api/drivers';

type DriverFormValues = { nom: string; telephone: string; boutique: number };

/** Seed 001 §5: name and phone (numeric) required, on edit too. */
function DriverFormDialog({
  opened,
  driver,
  shop,
  onClose,
}: {
  opened: boolean;
  driver: Driver | null;
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['drivers', 'common']);
  const save = useSaveDriver();
  return (
    <CrudDialog<DriverFormValues, DriverBody>
      opened={opened}
      onClose={onClose}
      mode={driver ? 'edit' : 'create'}
      titles={{ create: t('drivers.createTitle'), edit: t('drivers.editTitle') }}
      defaults={{ nom: '', telephone: '', boutique: shop.idBoutique }}
      values={driver && { nom: driver.nom, telephone: driver.telephone, boutique: shop.idBoutique }}
      recordKey={driver?.id ?? null}
      schema={driverBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ id: driver?.id ?? null, body, idempotencyKey })}
      successMessage={{ create: t('drivers.created'), edit: t('drivers.updated') }}
      failureMessage={t('drivers.error')}
      size={440}
      testId="driver-dialog"
    >
      {(field) => (
        <>
          <TextInput label={t('drivers.nom')} maxLength={120} data-autofocus {...field('nom')} />
          <TextInput label={t('drivers.telephone')} inputMode="tel" maxLength={30} {...field('telephone')} />
        </>
      )}
    </CrudDialog>
  );
}

/** app/chauffeur (seed 001 §2): the drivers of the current shop, kept by directors. */
export function DriversPage() {
  const { t } = useTranslation(['drivers', 'common']);
  const remove = useDeleteDriver();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Driver>
          title={t('drivers.title')}
          subtitle={t('drivers.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.drivers.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getDriversPage(shop.idBoutique, page, term, signal)}
          rowKey={(driver) => driver.id}
          searchLabel={t('drivers.search')}
          testId="drivers-table"
          columns={[
            { key: 'nom', header: t('drivers.nom'), render: (driver) => driver.nom },
            { key: 'telephone', header: t('drivers.telephone'), render: (driver) => driver.telephone },
          ]}
          create={{ label: t('drivers.new'), testId: 'new-driver' }}
          form={(dialog) => <DriverFormDialog opened={dialog.opened} driver={dialog.record} shop={shop} onClose={dialog.close} />}
          remove={{
            itemName: (driver) => driver.nom,
            onConfirm: (driver, idempotencyKey) => remove.mutateAsync({ id: driver.id, idempotencyKey }),
            successMessage: t('drivers.deleted'),
            failureMessage: t('drivers.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
