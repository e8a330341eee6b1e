import { printedName } from '@app/common/contracts/person';
import type { OfflineSaleReview, RefusedSale, StockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
import { formatDate } from '@app/common/dates';
import { toLanguage } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { Anchor, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/list-page';
import { PagedTable } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { useLangPath } from '../../../lib/use-lang';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getDiscrepancies, getOfflineSalesToReview, getRefusedSales, markRefusedSaleHandled } from '../api/stock-discrepancies';

type Shop = { idBoutique: number; nom: string; timeZone: string };

/** The sale's number, and its provisional reference under it. */
function SaleRef({ codeFac, refTicket }: { codeFac: string; refTicket: string | null }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {codeFac}
      </Text>
      {refTicket && (
        <Text fz="xs" c="dimmed">
          {refTicket}
        </Text>
      )}
    </Stack>
  );
}

function Discrepancies({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('stock-discrepancies');
  const lang = toLanguage(i18n.language);
  const path = useLangPath();
  const [state, setState] = useState<'ouverts' | 'tous'>('ouverts');
  const when = (iso: string) => formatDate(iso, { lang, timeZone: shop.timeZone, format: 'dateTime' });
  const resolution = (d: StockDiscrepancy) => {
    if (d.resolution === null) {
      return (
        <Stack gap={2}>
          <Text fz="sm" fw={700} c="red.8" style={{ whiteSpace: 'nowrap' }}>
            {t('open')}
          </Text>
          {d.couvert > 0 && <Text fz="xs">{t('covered', { count: d.couvert })}</Text>}
        </Stack>
      );
    }
    const link =
      d.resolution === 'inventaire' ? (
        <Anchor component={Link} to={path('app/inventaire')} fz="sm">
          {t('byCount', { id: d.idComptage })}
        </Anchor>
      ) : (
        <Anchor component={Link} to={path('app/reception')} fz="sm">
          {t('byReception', { id: d.idReception })}
        </Anchor>
      );
    return (
      <Stack gap={2}>
        {link}
        <Text fz="xs" c="dimmed">
          {t('resolvedBy', { user: d.resoluPar ? printedName(d.resoluPar) : '—', date: d.resoluLe ? when(d.resoluLe) : '' })}
        </Text>
        {d.couvert > 0 && d.resolution === 'inventaire' && <Text fz="xs">{t('covered', { count: d.couvert })}</Text>}
      </Stack>
    );
  };
  return (
    <PagedTable<StockDiscrepancy>
      queryKey={[...queryKeys.stockDiscrepancies.list(shop.idBoutique), state]}
      fetcher={(page, term, signal) => getDiscrepancies(shop.idBoutique, page, term, state === 'ouverts', signal)}
      rowKey={(d) => d.idEcart}
      label={t('tabs.discrepancies')}
      searchLabel={t('search')}
      testId="discrepancies-table"
      toolbar={
        <SegmentedControl
          value={state}
          onChange={(value) => setState(value as 'ouverts' | 'tous')}
          data={[
            { value: 'ouverts', label: t('filter.open') },
            { value: 'tous', label: t('filter.all') },
          ]}
        />
      }
      columns={[
        { key: 'article', header: t('article'), render: (d) => d.article.designation },
        { key: 'depot', header: t('depot'), render: (d) => d.depot.libelle },
        {
          key: 'missing',
          header: t('missing'),
          render: (d) => (
            <Text fz="sm" fw={700} c="red.8">
              {d.quantite}
            </Text>
          ),
        },
        {
          key: 'sale',
          header: t('sale'),
          render: (d) => <SaleRef codeFac={d.facture.codeFac} refTicket={d.facture.refTicket} />,
        },
        { key: 'date', header: t('date'), render: (d) => when(d.createdAt) },
        { key: 'resolution', header: t('resolution'), render: resolution },
      ]}
    />
  );
}

function SalesToReview({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('stock-discrepancies');
  const lang = toLanguage(i18n.language);
  const when = (iso: string) => formatDate(iso, { lang, timeZone: shop.timeZone, format: 'dateTime' });
  return (
    <PagedTable<OfflineSaleReview>
      queryKey={queryKeys.stockDiscrepancies.sales(shop.idBoutique)}
      fetcher={(page, term, signal) => getOfflineSalesToReview(shop.idBoutique, page, term, signal)}
      rowKey={(s) => s.idFacture}
      label={t('tabs.sales')}
      searchLabel={t('searchSales')}
      testId="offline-sales-table"
      stateInUrl={false}
      columns={[
        { key: 'sale', header: t('sale'), render: (s) => <SaleRef codeFac={s.codeFac} refTicket={s.refTicket} /> },
        { key: 'amount', header: t('amount'), render: (s) => formatFcfa(s.montantFacture) },
        { key: 'seller', header: t('seller'), render: (s) => printedName(s.user) },
        {
          key: 'late',
          header: t('late'),
          render: (s) =>
            s.enRetard && s.vendueLe ? (
              <Stack gap={2}>
                <Text fz="sm" fw={700} c="orange.8" style={{ whiteSpace: 'nowrap' }}>
                  {t('lateBadge')}
                </Text>
                <Text fz="xs">{t('soldAt', { date: when(s.vendueLe) })}</Text>
                <Text fz="xs" c="dimmed">
                  {t('recordedAt', { date: when(s.createdAt) })}
                </Text>
              </Stack>
            ) : (
              <Text fz="xs" c="dimmed">
                {when(s.createdAt)}
              </Text>
            ),
        },
        {
          key: 'prices',
          header: t('prices'),
          render: (s) =>
            s.prixModifies.length === 0 ? (
              <Text c="dimmed">—</Text>
            ) : (
              <Stack gap={2}>
                {s.prixModifies.map((line) => (
                  <Text key={line.idArticle} fz="xs" style={{ overflowWrap: 'anywhere' }}>
                    {t('priceLine', {
                      article: line.designation,
                      count: line.nombre,
                      charged: formatFcfa(line.prix),
                      current: formatFcfa(line.prixActuel),
                    })}
                  </Text>
                ))}
              </Stack>
            ),
        },
      ]}
    />
  );
}

/** Sales refused for good, reported by the devices that keep them (issue 20 item 5); a manager marks them handled. */
function RefusedSales({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('stock-discrepancies');
  const lang = toLanguage(i18n.language);
  const queryClient = useQueryClient();
  const when = (iso: string) => formatDate(iso, { lang, timeZone: shop.timeZone, format: 'dateTime' });
  const mark = useMutation({
    mutationFn: (row: RefusedSale) => markRefusedSaleHandled(row.idRefus),
    onSuccess: () => {
      notifySuccess(t('refused.marked'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockDiscrepancies.refused(shop.idBoutique) });
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : String(error)),
  });
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('refused.help')}
      </Text>
      <PagedTable<RefusedSale>
        queryKey={queryKeys.stockDiscrepancies.refused(shop.idBoutique)}
        fetcher={(page, _term, signal) => getRefusedSales(shop.idBoutique, page, signal)}
        rowKey={(r) => r.idRefus}
        label={t('tabs.refused')}
        testId="refused-sales-table"
        stateInUrl={false}
        columns={[
          {
            key: 'ticket',
            header: t('refused.ticket'),
            render: (r) => (
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {r.refTicket}
              </Text>
            ),
          },
          { key: 'soldAt', header: t('refused.soldAt'), render: (r) => when(r.vendueLe) },
          { key: 'amount', header: t('refused.amount'), render: (r) => formatFcfa(r.montant) },
          {
            key: 'lines',
            header: t('refused.lines'),
            render: (r) => (
              <Stack gap={0}>
                {r.lignes.map((line, index) => (
                  <Text key={index} fz="xs" style={{ overflowWrap: 'anywhere' }}>
                    {t('refused.line', { article: line.designation, count: line.quantite })}
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            key: 'reason',
            header: t('refused.reason'),
            render: (r) => (
              <Text fz="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {r.message || r.code}
              </Text>
            ),
          },
          { key: 'seller', header: t('refused.seller'), render: (r) => printedName(r.user) },
          {
            key: 'state',
            header: t('refused.state'),
            render: (r) =>
              r.traiteLe ? (
                <Text fz="xs" c="dimmed">
                  {t('refused.handledBy', { user: r.traitePar ? printedName(r.traitePar) : '—', date: when(r.traiteLe) })}
                </Text>
              ) : (
                <Text fz="sm" fw={700} c="red.8" style={{ whiteSpace: 'nowrap' }}>
                  {t('refused.toHandle')}
                </Text>
              ),
          },
        ]}
        actions={[
          {
            key: 'handled',
            label: t('refused.markHandled'),
            icon: <IconCheck size={18} />,
            color: 'teal',
            onClick: (row) => mark.mutate(row),
            hidden: (row) => row.traiteLe !== null,
          },
        ]}
      />
    </Stack>
  );
}

/**
 * app/ecarts (issue 20): what the server did with sales made offline (DECISIONS §13). Stock
 * discrepancies (an offline sale found its depot short), open ones first, each resolved by a
 * count or a reception; late sales (recorded on the register's next open day) and prices charged
 * offline that differ from the current ones. Read only; directors and managers.
 */
export function StockDiscrepanciesPage() {
  const { t } = useTranslation('stock-discrepancies');
  const [tab, setTab] = useState<string | null>('discrepancies');
  return (
    <RequireShop>
      {(shop) => (
        <Stack gap="lg">
          <PageHeader title={t('title')} subtitle={t('subtitle', { shop: shop.nom })} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="discrepancies" data-testid="tab-discrepancies">
                {t('tabs.discrepancies')}
              </Tabs.Tab>
              <Tabs.Tab value="sales" data-testid="tab-sales">
                {t('tabs.sales')}
              </Tabs.Tab>
              <Tabs.Tab value="refused" data-testid="tab-refused">
                {t('tabs.refused')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="discrepancies" pt="md">
              <Discrepancies shop={shop} />
            </Tabs.Panel>
            <Tabs.Panel value="sales" pt="md">
              <SalesToReview shop={shop} />
            </Tabs.Panel>
            <Tabs.Panel value="refused" pt="md">
              <RefusedSales shop={shop} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </RequireShop>
  );
}
