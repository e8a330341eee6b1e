import type { CountResult, StockRow } from '@app/common/contracts/stock';
import type { Shop } from '@app/common/contracts/shops';
import { formatFcfa } from '@app/common/money';
import { Alert, Button, Card, Group, List, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/list-page';
import { PagedTable } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { newIdempotencyKey } from '../../../lib/retry-key';
import { getShopDepots } from '../../../lib/shop-depots';
import { getStockPage, useRecordCount } from '../api/stock-api';
import { countSummary, type CountedLine, type CountSummary } from '../count-summary';

/**
 * app/inventaire (issue 8 item 7): the director or manager counts the articles of a depot. The
 * counted quantities entered on any page are kept until saved (per depot: switching depots loses nothing); the server writes each difference
 * with the books as a count adjustment carrying the reason, all in one transaction. A count that
 * changes the stock first shows the sum of its differences (units up and down, and their value at
 * purchase price) and is recorded only once confirmed.
 */
const NOTHING_COUNTED: Map<number, CountedLine> = new Map();

function StockCount({ shop }: { shop: Shop }) {
  const { t } = useTranslation(['stock', 'common']);
  const depots = useQuery({
    queryKey: queryKeys.depots.options(shop.idBoutique),
    queryFn: ({ signal }) => getShopDepots(shop.idBoutique, signal),
  });
  const [chosenDepot, setChosenDepot] = useState<number | null>(null);
  const depot = chosenDepot ?? depots.data?.[0]?.idDepot ?? null;
  // The quantities typed, per depot: switching depots keeps what was typed in the other one.
  const [countedByDepot, setCountedByDepot] = useState<ReadonlyMap<number, Map<number, CountedLine>>>(new Map());
  const counted = (depot === null ? undefined : countedByDepot.get(depot)) ?? NOTHING_COUNTED;
  const setCounted = (update: (previous: Map<number, CountedLine>) => Map<number, CountedLine>) => {
    if (depot === null) return;
    setCountedByDepot((all) => new Map(all).set(depot, update(all.get(depot) ?? new Map())));
  };
  const [confirming, setConfirming] = useState<CountSummary | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [result, setResult] = useState<CountResult | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const record = useRecordCount();

  const setLine = (row: StockRow, value: number | string) => {
    const articleId = row.article.idArticle;
    setCounted((previous) => {
      const next = new Map(previous);
      if (value === '' || typeof value !== 'number' || !Number.isInteger(value) || value < 0) next.delete(articleId);
      else next.set(articleId, { counted: value, expected: row.quantiteDisponible, unitCost: row.article.prixAchat ?? 0 });
      return next;
    });
  };

  /** Asks for confirmation when the count changes the stock; records it at once when it does not. */
  const save = () => {
    if (depot === null || counted.size === 0) return;
    if (!reason.trim()) {
      setReasonError(t('common:validation.required'));
      return;
    }
    const summary = countSummary(counted.values());
    if (summary.changed > 0) setConfirming(summary);
    else void recordCount();
  };

  const recordCount = async () => {
    if (depot === null || counted.size === 0) return;
    try {
      const saved = await record.mutateAsync({
        body: {
          boutique: shop.idBoutique,
          depot,
          motif: reason.trim(),
          lignes: [...counted].map(([article, line]) => ({ article, quantiteComptee: line.counted })),
        },
        idempotencyKey: key,
      });
      setResult(saved);
      setConfirming(null);
      setCounted(() => new Map());
      setReason('');
      setKey(newIdempotencyKey());
      notifySuccess(t('count.saved'));
    } catch (error) {
      setConfirming(null);
      notifyError(error instanceof ApiError ? error.message : t('count.error'));
    }
  };

  const changed = result?.lignes.filter((line) => line.ecart !== 0) ?? [];
  return (
    <Stack gap="lg">
      <PageHeader title={t('count.title')} subtitle={t('count.subtitle', { shop: shop.nom })} />
      <Card withBorder radius="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('count.depot')}
            data={(depots.data ?? []).map((d) => ({ value: String(d.idDepot), label: d.libelle }))}
            value={depot === null ? null : String(depot)}
            onChange={(value) => {
              setChosenDepot(value ? Number(value) : null);
            }}
            allowDeselect={false}
            size="md"
            style={{ flex: '1 1 200px', maxWidth: 300 }}
            data-testid="count-depot"
          />
          <TextInput
            label={t('count.reason')}
            placeholder={t('count.reasonPlaceholder')}
            value={reason}
            maxLength={300}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            style={{ flex: '2 1 260px' }}
            data-testid="count-reason"
          />
          <Button
            leftSection={<IconClipboardCheck size={18} />}
            onClick={save}
            disabled={counted.size === 0 || depot === null}
            loading={record.isPending}
            size="md"
            data-testid="count-save"
          >
            {t('count.save', { count: counted.size })}
          </Button>
        </Group>
      </Card>
      {result && (
        <Alert color="brand" variant="light" title={t('count.resultTitle')} withCloseButton onClose={() => setResult(null)} data-testid="count-result">
          {changed.length === 0 ? (
            <Text size="sm">{t('count.noDifference')}</Text>
          ) : (
            <List size="sm">
              {changed.map((line) => (
                <List.Item key={line.article.idArticle}>
                  {t('count.difference', {
                    article: line.article.designation,
                    expected: line.quantiteAttendue,
                    counted: line.quantiteComptee,
                    difference: line.ecart > 0 ? `+${line.ecart}` : String(line.ecart),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => !record.isPending && setConfirming(null)}
        title={t('count.confirmTitle')}
        closeOnClickOutside={!record.isPending}
        data-testid="count-confirm"
      >
        {confirming && (
          <Stack gap="sm">
            <Text size="sm">{t('count.confirmChanged', { count: confirming.changed })}</Text>
            <List size="sm" spacing={4}>
              <List.Item data-testid="count-confirm-up">
                {t('count.confirmUp', { count: confirming.unitsUp, value: formatFcfa(confirming.valueUp) })}
              </List.Item>
              <List.Item data-testid="count-confirm-down">
                {t('count.confirmDown', { count: confirming.unitsDown, value: formatFcfa(confirming.valueDown) })}
              </List.Item>
            </List>
            <Text size="sm" fw={600} data-testid="count-confirm-net">
              {t('count.confirmNet', {
                value: `${confirming.valueUp >= confirming.valueDown ? '+' : '\u2212'}${formatFcfa(Math.abs(confirming.valueUp - confirming.valueDown))}`,
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('count.confirmNote')}
            </Text>
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={record.isPending} data-testid="count-confirm-cancel">
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void recordCount()} loading={record.isPending} data-testid="count-confirm-ok">
                {t('count.confirmOk')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {depot !== null && (
        <PagedTable<StockRow>
          key={depot}
          stateInUrl={false}
          queryKey={queryKeys.stock.list(shop.idBoutique, 'count', depot, 0)}
          fetcher={(page, term, signal) => getStockPage(shop.idBoutique, 'filter', { depot, categorie: 0 }, page, term, signal)}
          rowKey={(row) => row.idEntree}
          label={t('count.title')}
          searchLabel={t('list.search')}
          testId="count-table"
          columns={[
            { key: 'designation', header: t('columns.designation'), render: (row) => row.article.designation },
            { key: 'category', header: t('columns.category'), render: (row) => row.article.categorie?.libelle ?? '—' },
            { key: 'available', header: t('count.expected'), render: (row) => row.quantiteDisponible },
            {
              key: 'counted',
              header: t('count.counted'),
              render: (row) => (
                <NumberInput
                  aria-label={t('count.countedOf', { article: row.article.designation })}
                  value={counted.get(row.article.idArticle)?.counted ?? ''}
                  onChange={(value) => setLine(row, value)}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  w={110}
                  size="sm"
                  data-testid={`count-input-${row.article.idArticle}`}
                />
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

export function StockCountPage() {
  return <RequireShop>{(shop) => <StockCount shop={shop} />}</RequireShop>;
}
