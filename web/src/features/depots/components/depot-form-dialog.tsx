import { depotBody, type Depot, type DepotBody } from '@app/common/contracts/depots';
import type { Shop } from '@app/common/contracts/shops';
import { Select, TextInput } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useMyShops } from '../../../lib/my-shops';
import { useSaveDepot } from '../api/depot-mutations';

type DepotFormValues = { libelle: string; boutique: { idBoutique: number | null } };

/** Seed 000 §5: label and shop required; the current shop is proposed for a new depot. */
export function DepotFormDialog({
  opened,
  depot,
  shop,
  onClose,
}: {
  opened: boolean;
  depot: Depot | null;
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['depots', 'common']);
  const save = useSaveDepot();
  const shops = useMyShops(opened);
  const defaults: DepotFormValues = { libelle: '', boutique: { idBoutique: shop.idBoutique } };
  const options = (shops.data ?? [depot?.boutique ?? shop]).map((item) => ({ value: String(item.idBoutique), label: item.nom }));

  return (
    <CrudDialog<DepotFormValues, DepotBody>
      opened={opened}
      onClose={onClose}
      mode={depot ? 'edit' : 'create'}
      titles={{ create: t('depots.createTitle'), edit: t('depots.editTitle') }}
      defaults={defaults}
      values={depot ? { libelle: depot.libelle, boutique: { idBoutique: depot.boutique.idBoutique } } : null}
      recordKey={depot?.idDepot ?? null}
      schema={depotBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idDepot: depot?.idDepot ?? null, body, idempotencyKey })}
      successMessage={{ create: t('depots.created'), edit: t('depots.updated') }}
      failureMessage={t('depots.error')}
      testId="depot-dialog"
    >
      {(field, form) => {
        const shopId = form.values.boutique.idBoutique;
        return (
          <>
            <TextInput label={t('depots.libelle')} maxLength={120} data-autofocus {...field('libelle')} />
            <Select
              label={t('depots.shop')}
              placeholder={t('depots.shopPlaceholder')}
              data={options}
              allowDeselect={false}
              leftSection={<IconBuildingStore size={18} />}
              comboboxProps={{ withinPortal: true }}
              size="md"
              value={shopId === null ? null : String(shopId)}
              onChange={(value) => form.setFieldValue('boutique', { idBoutique: value ? Number(value) : null })}
              // A missing shop is reported on `boutique.idBoutique` (or on `boutique` by the server).
              error={field('boutique.idBoutique').error ?? field('boutique').error}
              data-testid="depot-shop-select"
            />
          </>
        );
      }}
    </CrudDialog>
  );
}
