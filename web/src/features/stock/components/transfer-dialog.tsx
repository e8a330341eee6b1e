import { transferBody, type StockRow, type TransferBody } from '@app/common/contracts/stock';
import type { Shop } from '@app/common/contracts/shops';
import { Alert, NumberInput, Select, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { queryKeys } from '../../../lib/query-keys';
import { getShopDepots } from '../../../lib/shop-depots';
import { useTransfer } from '../api/stock-api';

type TransferValues = { boutique: number; article: number; depotSource: number; depotDestination: number | null; quantite: number | '' };

/**
 * The stock transfer of DECISIONS §5 (the seeds' unreachable dialog, reached from a stock row):
 * move a quantity of the row's article from its depot to another depot of the shop. The server
 * refuses more than is available and says how much is.
 */
export function TransferDialog({ shop, row, onClose }: { shop: Shop; row: StockRow | null; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const transfer = useTransfer();
  const opened = row !== null;
  const depots = useQuery({
    queryKey: queryKeys.depots.options(shop.idBoutique),
    queryFn: ({ signal }) => getShopDepots(shop.idBoutique, signal),
    enabled: opened,
  });
  const defaults: TransferValues = { boutique: shop.idBoutique, article: 0, depotSource: 0, depotDestination: null, quantite: '' };
  const values: TransferValues | null = row && {
    boutique: shop.idBoutique,
    article: row.article.idArticle,
    depotSource: row.depot.idDepot,
    depotDestination: null,
    quantite: '',
  };
  const options = (depots.data ?? [])
    .filter((depot) => depot.idDepot !== row?.depot.idDepot)
    .map((depot) => ({ value: String(depot.idDepot), label: depot.libelle }));

  return (
    <CrudDialog<TransferValues, TransferBody>
      opened={opened}
      onClose={onClose}
      mode="create"
      titles={{ create: t('transfer.title'), edit: t('transfer.title') }}
      defaults={defaults}
      values={values}
      recordKey={row?.idEntree ?? null}
      schema={transferBody}
      onSave={(body, idempotencyKey) => transfer.mutateAsync({ body, idempotencyKey })}
      successMessage={{ create: t('transfer.done'), edit: t('transfer.done') }}
      failureMessage={t('transfer.error')}
      submitLabel={t('transfer.submit')}
      testId="transfer-dialog"
    >
      {(field) =>
        row && (
          <>
            <Alert variant="light" color="ochre" icon={<IconArrowsExchange />}>
              <Text fw={600}>{row.article.designation}</Text>
              <Text size="sm" data-testid="transfer-available">
                {t('transfer.available', { depot: row.depot.libelle, count: row.quantiteDisponible })}
              </Text>
            </Alert>
            {options.length === 0 && !depots.isPending ? (
              <Text c="dimmed" size="sm">
                {t('transfer.noOtherDepot')}
              </Text>
            ) : null}
            <Select
              label={t('transfer.destination')}
              placeholder={t('transfer.destinationPlaceholder')}
              data={options}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              size="md"
              {...field('depotDestination')}
              value={field('depotDestination').value === null ? null : String(field('depotDestination').value)}
              onChange={(value) => field('depotDestination').onChange(value ? Number(value) : null)}
              data-testid="transfer-destination"
            />
            <NumberInput
              label={t('transfer.quantity')}
              // No clamping: a typed 0 stays 0 and is refused with the rule, where clamping to a
              // minimum of 1 on blur moved 1 unit nobody asked for.
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              size="md"
              {...field('quantite')}
              data-testid="transfer-quantity"
            />
          </>
        )
      }
    </CrudDialog>
  );
}
