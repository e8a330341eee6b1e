import type { ConsolidatedReport, DashboardSummary, DepotEvaluation, ReportRow, VatSummary } from '@app/common/contracts/reports';
import { todayIn } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { ratePercent, showsVat } from '@app/common/vat';
import type { Shop } from '@app/common/contracts/shops';
import { ActionIcon, Alert, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DayInput } from '../../../components/day-input';
import { FcfaAmount } from '../../../components/fcfa-amount';
import { RequireShop } from '../../../components/require-shop';
import { apiFetchBlob } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-named';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { setCurrentShop } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { dayInWords, useFormatDay } from '../../../lib/dates';
import { useMyShops } from '../../../lib/my-shops';
import { getConsolidated, getDashboard, getReport, getStockEvaluation, getVat } from '../api/reports';
import { FigureTable, moneyColumn, type FigureColumn } from './figure-table';

type ConsolidatedShop = ConsolidatedReport['shops'][number];

// The chart library is only loaded with this screen, and only when the charts are drawn.
const ReportCharts = lazyNamed(() => import('./report-charts'), 'ReportCharts');

const CARDS: { key: keyof Omit<DashboardSummary, 'today'>; money?: boolean }[] = [
  { key: 'commandes' },
  { key: 'paiementsToday' },
  { key: 'montant', money: true },
  { key: 'corbeilleToday' },
  { key: 'montantToday', money: true },
  { key: 'commandesToday' },
  { key: 'facturesToday' },
];

/** The first day of the month of a calendar day. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** One figure of the dashboard: a count, or an amount whose « FCFA » may go under its digits (FcfaAmount). */
function Figure({ label, hint, value }: { label: string; hint: string; value: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="dashboard-card">
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Tooltip label={hint} multiline w={220} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={hint}>
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text
        fz={{ base: 18, xs: 22, sm: 26 }}
        fw={700}
        mt={4}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid="dashboard-card-value"
      >
        {value}
      </Text>
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {hint}
      </Text>
    </Card>
  );
}

function Section({ title, hint, children, testId }: { title: string; hint?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      <div style={{ marginTop: hint ? 0 : 12 }}>{children}</div>
    </Paper>
  );
}

/** Counts said in a row (« 2 factures · 7 articles »), each kept whole when the line wraps. */
function Counts({ parts }: { parts: string[] }) {
  return parts.map((part, index) => (
    <span key={index}>
      {index > 0 && ' · '}
      <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
    </span>
  ));
}

function LoadFailed() {
  const { t } = useTranslation('reports');
  return (
    <Alert color="red" icon={<IconAlertCircle />}>
      {t('error')}
    </Alert>
  );
}

function DashboardCards({ shop }: { shop: Shop }) {
  const { t } = useTranslation('reports');
  const decimal = new Intl.NumberFormat(useLang() === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 });
  const query = useQuery({
    queryKey: queryKeys.reports.dashboard(shop.idBoutique),
    queryFn: ({ signal }) => getDashboard(shop.idBoutique, signal),
    // The shop's day goes on while the screen stays open: the cards follow without a reload.
    refetchInterval: 60_000,
  });
  if (query.isError) return <LoadFailed />;
  const data = query.data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="dashboard-cards">
      {CARDS.map(({ key, money }) => {
        const value = data ? data[key] : null;
        const shown = value === null ? '…' : money ? <FcfaAmount value={value} /> : decimal.format(value);
        return <Figure key={key} label={t(`cards.${key}`)} hint={t(`cards.${key}Hint`)} value={shown} />;
      })}
    </SimpleGrid>
  );
}

function StockEvaluation({ shop }: { shop: Shop }) {
  const { t } = useTranslation('reports');
  const query = useQuery({
    queryKey: queryKeys.reports.evaluation(shop.idBoutique),
    queryFn: ({ signal }) => getStockEvaluation(shop.idBoutique, signal),
  });
  const rows = query.data ?? [];
  const total = rows.reduce((sum, row) => sum + row.montantStock, 0);
  const evaluationColumns: FigureColumn<DepotEvaluation>[] = [
    {
      key: 'depot',
      header: t('evaluation.depot'),
      render: (row) => row.depot.libelle,
      under: (row) => (
        <Counts parts={[t('phone.articles', { count: row.articles }), t('phone.units', { count: row.quantite })]} />
      ),
    },
    {
      key: 'articles',
      header: t('evaluation.articles'),
      render: (row) => row.articles,
      numeric: true,
      wideOnly: true,
      noTotal: true,
    },
    {
      key: 'quantite',
      header: t('evaluation.quantite'),
      render: (row) => row.quantite,
      numeric: true,
      wideOnly: true,
      noTotal: true,
    },
    moneyColumn('montantStock', t('evaluation.montantStock'), (row) => row.montantStock, {
      totalTestId: 'stock-evaluation-total',
    }),
  ];
  return (
    <Section title={t('evaluation.title')} hint={t('evaluation.hint')} testId="stock-evaluation">
      {query.isError ? (
        <LoadFailed />
      ) : query.isPending ? (
        <Loader size="sm" />
      ) : (
        <FigureTable
          columns={evaluationColumns}
          rows={rows}
          rowKey={(row) => row.depot.idDepot}
          total={{
            label: t('evaluation.total'),
            row: { depot: { idDepot: 0, libelle: '' }, articles: 0, quantite: 0, montantStock: total },
          }}
          minWidth={360}
        />
      )}
    </Section>
  );
}

function ReportTable({ rows }: { rows: ReportRow[] }) {
  const { t } = useTranslation('reports');
  const formatDay = useFormatDay();
  const [total, ...days] = rows;
  const active = days.filter((day) => day.factures > 0);
  if (!total) return null;
  const columns: FigureColumn<ReportRow>[] = [
    {
      key: 'date',
      header: t('period.date'),
      render: (day) => (day.date ? formatDay(day.date) : ''),
      under: (day) => (
        <Counts parts={[t('phone.invoices', { count: day.factures }), t('phone.articles', { count: day.totalArticle })]} />
      ),
    },
    { key: 'factures', header: t('period.factures'), render: (row) => row.factures, numeric: true, wideOnly: true },
    { key: 'totalArticle', header: t('period.totalArticle'), render: (row) => row.totalArticle, numeric: true, wideOnly: true },
    moneyColumn('montantVendue', t('period.montantVendue'), (row) => row.montantVendue, {
      under: (row) => t('phone.cost', { amount: formatFcfa(row.montantSortieStock) }),
    }),
    moneyColumn('montantSortieStock', t('period.montantSortieStock'), (row) => row.montantSortieStock, { wideOnly: true }),
    moneyColumn('benefice', t('period.benefice'), (row) => row.benefice, {
      color: (row) => (row.benefice < 0 ? 'red' : undefined),
    }),
  ];
  return (
    <Stack gap="xs">
      <FigureTable
        columns={columns}
        rows={active}
        rowKey={(day) => day.date ?? ''}
        total={{ label: t('period.total'), row: total, testId: 'report-total' }}
        minWidth={640}
        testId="report-table"
      />
      <Text size="sm" c="dimmed">
        {active.length === 0 ? t('period.empty') : t('period.onlyDaysWithSales')} {t('period.stockNow')}{' '}
        <strong data-testid="report-stock">{formatFcfa(total.montantStock ?? 0)}</strong>
      </Text>
    </Stack>
  );
}

type VatRateRow = VatSummary['rates'][number];

/** The VAT the period's documents charged, per rate, credit notes deducted (DECISIONS §14); nothing for a shop that charges none. */
function PeriodVat({ shop, start, end }: { shop: Shop; start: string; end: string }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const query = useQuery({
    queryKey: queryKeys.reports.vat(shop.idBoutique, start, end),
    queryFn: ({ signal }) => getVat(shop.idBoutique, start, end, signal),
  });
  if (query.isError) return <LoadFailed />;
  const vat = query.data;
  if (!vat || !showsVat(vat)) return null;
  const columns: FigureColumn<VatRateRow>[] = [
    {
      key: 'rate',
      header: t('vat.rate'),
      render: (row) =>
        row.rateBp !== null ? ratePercent(row.rateBp, lang) : row.subject ? t('vat.exempt') : t('vat.notSubjectRate'),
      under: (row) => t('vat.ttcUnder', { amount: formatFcfa(row.ttcFcfa) }),
    },
    moneyColumn('base', t('vat.base'), (row) => row.baseFcfa),
    moneyColumn('vat', t('vat.vat'), (row) => row.vatFcfa, { totalTestId: 'vat-total' }),
    moneyColumn('ttc', t('vat.ttc'), (row) => row.ttcFcfa, { wideOnly: true }),
  ];
  return (
    <Section title={t('vat.title')} hint={t('vat.hint')} testId="report-vat">
      {vat.invoices.count === 0 && vat.creditNotes.count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vat.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          <FigureTable
            columns={columns}
            rows={vat.rates}
            rowKey={(row) => `${row.rateBp}/${row.subject}`}
            total={{
              label: t('vat.total'),
              row: {
                rateBp: null,
                subject: true,
                baseFcfa: vat.total.htFcfa,
                vatFcfa: vat.total.vatFcfa,
                ttcFcfa: vat.total.ttcFcfa,
              },
            }}
            minWidth={480}
            rowTestId="vat-rate"
          />
          <Text size="sm" c="dimmed" data-testid="vat-documents">
            <Counts
              parts={[t('vat.invoices', { count: vat.invoices.count }), t('vat.creditNotes', { count: vat.creditNotes.count })]}
            />
          </Text>
        </Stack>
      )}
    </Section>
  );
}

function Consolidated({ start, end, current }: { start: string; end: string; current: number }) {
  const { t } = useTranslation('reports');
  const query = useQuery({
    queryKey: queryKeys.reports.consolidated(start, end),
    queryFn: ({ signal }) => getConsolidated(start, end, signal),
  });
  if (query.isError) return <LoadFailed />;
  if (!query.data) return <Loader size="sm" />;
  const { shops, total } = query.data;
  const open = (shop: ConsolidatedShop) =>
    shop.idBoutique !== current && (
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setCurrentShop(shop.idBoutique)}
        aria-label={t('consolidated.openHint', { shop: shop.nom })}
      >
        {t('consolidated.open')}
      </Button>
    );
  const columns: FigureColumn<ConsolidatedShop>[] = [
    {
      key: 'shop',
      header: t('consolidated.shop'),
      render: (shop) => (
        <Text inherit fw={shop.idBoutique === current ? 700 : undefined}>
          {shop.nom}
        </Text>
      ),
      under: (shop) => shop.idBoutique !== current && <div style={{ marginTop: 4 }}>{open(shop)}</div>,
    },
    moneyColumn('montantVendue', t('period.montantVendue'), (shop) => shop.montantVendue, {
      totalTestId: 'consolidated-total',
      under: (shop) => t('phone.paid', { amount: formatFcfa(shop.montantPaye) }),
    }),
    moneyColumn('montantPaye', t('consolidated.montantPaye'), (shop) => shop.montantPaye, { wideOnly: true }),
    moneyColumn('benefice', t('period.benefice'), (shop) => shop.benefice, {
      under: (shop) => t('phone.stock', { amount: formatFcfa(shop.montantStock ?? 0) }),
    }),
    moneyColumn('montantStock', t('period.montantStock'), (shop) => shop.montantStock ?? 0, { wideOnly: true }),
    { key: 'open', header: '', render: open, wideOnly: true, noTotal: true },
  ];
  return (
    <Section title={t('consolidated.title')} testId="consolidated">
      <FigureTable
        columns={columns}
        rows={shops}
        rowKey={(shop) => shop.idBoutique}
        total={{ label: t('evaluation.total'), row: { ...total, idBoutique: 0, nom: '' } }}
        minWidth={560}
        rowTestId="consolidated-shop"
      />
    </Section>
  );
}

/** The period's report as a PDF (opened in a new tab) and as CSV (downloaded). */
function ReportFiles({ idBoutique, start, end }: { idBoutique: number; start: string; end: string }) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const open = async (kind: 'pdf' | 'csv') => {
    // The tab opens on the click (browsers block a window opened after an await), then receives the PDF.
    const tab = kind === 'pdf' ? window.open('', '_blank') : null;
    setBusy(kind);
    try {
      const blob = await apiFetchBlob(`/api/rapport/${kind === 'pdf' ? 'imprimer' : 'csv'}/${idBoutique}/${start}/${end}`);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else {
        const link = document.createElement('a');
        link.href = url;
        link.download = `${t('pdf.fileName')}-${start}-${end}.csv`;
        link.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      notifyError(error instanceof Error ? error.message : t('error'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" mt="md">
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        onClick={() => void open('pdf')}
        data-testid="report-pdf"
      >
        {t('period.pdf')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        onClick={() => void open('csv')}
        data-testid="report-csv"
      >
        {t('period.csv')}
      </Button>
    </Group>
  );
}

/** The period chosen; applied on submit, kept in the URL (`?du=&au=`) so that reload and back keep it. */
function PeriodForm({ start, end, onApply }: { start: string; end: string; onApply: (start: string, end: string) => void }) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState({ start, end });
  const lang = useLang();
  const invalid = !draft.start || !draft.end || draft.end < draft.start;
  // The fields are drawn in the browser's language: the period is said in the page's under them.
  const [startWords, endWords] = [dayInWords(draft.start, lang), dayInWords(draft.end, lang)];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onApply(draft.start, draft.end);
      }}
    >
      <Group align="flex-end" gap="sm">
        <DayInput
          w={{ base: '100%', xs: 220 }}
          inWords={false}
          label={t('period.start')}
          value={draft.start}
          max={draft.end || undefined}
          onChange={(event) => setDraft({ ...draft, start: event.currentTarget.value })}
          data-testid="report-start"
        />
        <DayInput
          w={{ base: '100%', xs: 220 }}
          inWords={false}
          label={t('period.end')}
          value={draft.end}
          min={draft.start || undefined}
          onChange={(event) => setDraft({ ...draft, end: event.currentTarget.value })}
          data-testid="report-end"
        />
        <Button type="submit" disabled={invalid} leftSection={<IconRefresh size={16} />} data-testid="report-apply">
          {t('period.apply')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt={4} mb="md" data-testid="report-period-words">
        {startWords && endWords ? t('period.inWords', { start: startWords, end: endWords }) : '\u00a0'}
      </Text>
    </form>
  );
}

function ShopReport({ shop }: { shop: Shop }) {
  const { t } = useTranslation('reports');
  const formatDay = useFormatDay();
  const today = todayIn(shop.timeZone);
  const [params, setParams] = useSearchParams();
  const start = params.get('du') ?? monthStart(today);
  const end = params.get('au') ?? today;
  const myShops = useMyShops();
  const report = useQuery({
    queryKey: queryKeys.reports.period(shop.idBoutique, start, end),
    queryFn: ({ signal }) => getReport(shop.idBoutique, start, end, signal),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('subtitle', { shop: shop.nom, today: formatDay(today) })}
          </Text>
        </div>
      </Group>
      <DashboardCards shop={shop} />
      <StockEvaluation shop={shop} />
      <Section title={t('period.title')} testId="report-period">
        <PeriodForm key={`${start}/${end}`} start={start} end={end} onApply={(du, au) => setParams({ du, au })} />
        {report.isError ? <LoadFailed /> : report.data ? <ReportTable rows={report.data} /> : <Loader size="sm" />}
        <ReportFiles idBoutique={shop.idBoutique} start={start} end={end} />
      </Section>
      <PeriodVat shop={shop} start={start} end={end} />
      <Section title={t('charts.title')} testId="report-charts">
        <Suspense fallback={<Loader size="sm" />}>
          <ReportCharts shop={shop} start={start} end={end} />
        </Suspense>
      </Section>
      {(myShops.data?.length ?? 0) > 1 && <Consolidated start={start} end={end} current={shop.idBoutique} />}
    </Stack>
  );
}

/** app/raport (seed 001 Dashboard; DECISIONS §7): the day's cards, stock value, a period's report and pictures. */
export function ReportPage() {
  return <RequireShop>{(shop) => <ShopReport key={shop.idBoutique} shop={shop} />}</RequireShop>;
}
