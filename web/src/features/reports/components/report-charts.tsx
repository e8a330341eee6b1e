import '@mantine/charts/styles.css';
import type { Shop } from '@app/common/contracts/shops';
import { formatFcfa } from '@app/common/money';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../lib/query-keys';
import { useLang } from '../../../lib/use-lang';
import { getReportCharts } from '../api/reports';

const METHOD_COLORS: Record<string, string> = {
  cash: 'teal.6',
  orange_money: 'orange.6',
  wave: 'cyan.5',
  mtn_momo: 'yellow.5',
  moov_money: 'blue.6',
  card: 'grape.6',
  cheque: 'gray.6',
};

const money = (value: number) => formatFcfa(Math.round(value));

function ChartBlock({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {t('charts.none')}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** The report's pictures: sales and profit per day, top articles, payments by method, sales per seller. */
export function ReportCharts({ shop, start, end }: { shop: Shop; start: string; end: string }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const query = useQuery({
    queryKey: queryKeys.reports.charts(shop.idBoutique, start, end),
    queryFn: ({ signal }) => getReportCharts(shop.idBoutique, start, end, signal),
  });
  if (query.isError) return <Alert color="red">{t('error')}</Alert>;
  if (!query.data) return <Loader size="sm" />;
  const { days, topArticles, paymentsByMethod, salesBySeller } = query.data;
  const sold = t('period.montantVendue');
  const profit = t('period.benefice');
  const dayData = days.map((day) => ({
    // Day and month only, in the language's order (the year is the period's).
    day: lang === 'fr' ? `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}` : `${day.date.slice(5, 7)}/${day.date.slice(8, 10)}`,
    [sold]: day.montantVendue,
    [profit]: day.benefice,
  }));
  const anySale = days.some((day) => day.montantVendue !== 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="charts">
      <ChartBlock title={t('charts.days')} empty={!anySale}>
        <LineChart
          h={240}
          data={dayData}
          dataKey="day"
          valueFormatter={money}
          withLegend
          curveType="monotone"
          withDots={days.length <= 31}
          series={[
            { name: sold, color: 'indigo.6' },
            { name: profit, color: 'orange.6' },
          ]}
        />
      </ChartBlock>
      <ChartBlock title={t('charts.top')} empty={topArticles.length === 0}>
        <BarChart
          h={Math.max(160, topArticles.length * 30)}
          data={topArticles.map((a) => ({ article: a.designation, [t('period.totalArticle')]: a.quantite }))}
          dataKey="article"
          orientation="vertical"
          yAxisProps={{ width: 150 }}
          series={[{ name: t('period.totalArticle'), color: 'brand.6' }]}
        />
      </ChartBlock>
      <ChartBlock title={t('charts.methods')} empty={paymentsByMethod.length === 0}>
        <DonutChart
          size={180}
          thickness={28}
          withLabelsLine={false}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={money}
          data={paymentsByMethod.map((m) => ({
            name: t(`methods.${m.method}`, { defaultValue: m.method }),
            value: m.montant,
            color: METHOD_COLORS[m.method] ?? 'gray.5',
          }))}
        />
        <Stack gap={2}>
          {paymentsByMethod.map((m) => (
            <Text key={m.method} size="sm">
              {t(`methods.${m.method}`, { defaultValue: m.method })}: <strong>{formatFcfa(m.montant)}</strong> ({m.count})
            </Text>
          ))}
        </Stack>
      </ChartBlock>
      <ChartBlock title={t('charts.sellers')} empty={salesBySeller.length === 0}>
        <BarChart
          h={Math.max(160, salesBySeller.length * 36)}
          data={salesBySeller.map((s) => ({ seller: s.username, [sold]: s.montant }))}
          dataKey="seller"
          orientation="vertical"
          yAxisProps={{ width: 100 }}
          valueFormatter={money}
          series={[{ name: sold, color: 'grape.6' }]}
        />
      </ChartBlock>
    </SimpleGrid>
  );
}
