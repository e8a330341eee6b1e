import '@mantine/charts/styles.css';
import type { Shop } from '@app/common/contracts/shops';
import { todayIn } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Alert, Box, Group, Loader, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../lib/query-keys';
import { useLang } from '../../../lib/use-lang';
import { getReportCharts } from '../api/reports';
import { initialDayScroll, keepUnitsTogether, shortAxisName } from '../chart-scroll';

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

/** Width given to each day on the day chart: its label, turned upright, fits in it. */
const DAY_WIDTH = 20;
/** Height of a row of the bar charts: a long name wraps on two lines inside it. */
const BAR_ROW = 40;
/** Width of the value axis of the day chart (compact amounts: "1,2 M"). */
const VALUE_AXIS = 56;
/** The axis chart's own plot: a few px, so that it draws its ticks (recharts draws nothing in a plot of no width). */
const AXIS_CHART_PLOT = 6;
/** Height of the day chart's upright day labels, the same under both of its charts. */
const DAY_LABELS = 52;
/** The scrolled chart's left margin: the first day's upright label, centred on its day, fits in it. */
const DAYS_LEFT = 14;
/** Width of the name axis of the bar charts; names longer than it wrap. */
const NAME_AXIS = 130;

/** Short amounts for an axis ("12 k", "1,2 M", "9 000 Md"): the tooltip shows the full figure. */
function compactFormatter(lang: string) {
  const format = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

/** Ticks of a name axis: every name, wrapped within the axis (two lines at most, shortAxisName), never cut at the chart's edge. */
const nameTick = { fontSize: 12, fill: 'currentColor', width: NAME_AXIS - 14 };

function ChartBlock({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap={6} data-testid={testId} miw={0}>
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
  // A long period (a year) opens scrolled to the current month, not to its first day (issue 22).
  const daysViewport = useRef<HTMLDivElement>(null);
  const chartDays = query.data?.days;
  useEffect(() => {
    const viewport = daysViewport.current;
    if (!viewport || !chartDays) return;
    viewport.scrollLeft = initialDayScroll(
      chartDays.map((day) => day.date),
      todayIn(shop.timeZone),
      { axis: DAYS_LEFT, dayWidth: DAY_WIDTH, viewport: viewport.clientWidth },
    );
  }, [chartDays, shop.timeZone]);
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
  const compact = compactFormatter(lang);
  const daySeries = [
    { name: sold, color: 'indigo.6' },
    { name: profit, color: 'orange.6' },
  ];
  // Bars start at zero and the value axis ends at or above the largest value, so no bar leaves the plot.
  const barAxes = {
    xAxisProps: { tickFormatter: compact, domain: [0, 'auto'] as [number, 'auto'], allowDataOverflow: false },
    yAxisProps: { width: NAME_AXIS, interval: 0 as const, tick: nameTick, tickFormatter: (name: string) => shortAxisName(name) },
    barChartProps: { margin: { right: 24 } },
  };
  const methodData = paymentsByMethod.map((m) => ({
    method: m.method,
    count: m.count,
    name: t(`methods.${m.method}`, { defaultValue: m.method }),
    value: m.montant,
    color: METHOD_COLORS[m.method] ?? 'gray.5',
  }));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="charts">
      <ChartBlock title={t('charts.days')} empty={!anySale} testId="chart-days">
        {/* Every day keeps its label, turned upright; a long period scrolls sideways instead of skipping days. */}
        <Group gap="md" data-testid="days-key">
          {daySeries.map((serie) => (
            <Group key={serie.name} gap={6} wrap="nowrap">
              <Box w={12} h={12} bg={serie.color} style={{ borderRadius: 12, flex: 'none' }} aria-hidden />
              <Text size="sm">{serie.name}</Text>
            </Group>
          ))}
        </Group>
        {/* The value axis stays in view, beside the days that scroll: a chart of its own with the same
            data and height, so that its ticks are the ones the scrolled chart's grid is drawn at. */}
        <Group gap={0} wrap="nowrap" align="flex-start">
          <Box w={VALUE_AXIS + AXIS_CHART_PLOT} style={{ flex: 'none' }} data-testid="days-value-axis" aria-hidden>
            <LineChart
              h={250}
              data={dayData}
              dataKey="day"
              series={daySeries}
              withTooltip={false}
              withDots={false}
              strokeWidth={0}
              gridAxis="none"
              xAxisProps={{ height: DAY_LABELS, tick: false }}
              yAxisProps={{ width: VALUE_AXIS, tickFormatter: compact }}
              lineChartProps={{ margin: { right: 0 } }}
            />
          </Box>
          <ScrollArea
            type="auto"
            scrollbars="x"
            offsetScrollbars="x"
            viewportRef={daysViewport}
            data-testid="days-scroll"
            style={{ flex: 1, minWidth: 0 }}
          >
            <Box miw={DAYS_LEFT + days.length * DAY_WIDTH}>
              <LineChart
                h={250}
                data={dayData}
                dataKey="day"
                valueFormatter={money}
                curveType="monotone"
                withDots={days.length <= 31}
                withYAxis={false}
                xAxisProps={{
                  interval: 0,
                  angle: -90,
                  textAnchor: 'end',
                  height: DAY_LABELS,
                  tick: { fontSize: 11, fill: 'currentColor', dy: -4 },
                }}
                yAxisProps={{ width: 0 }}
                // Room on each side for the first and last days' upright labels.
                lineChartProps={{ margin: { left: DAYS_LEFT, right: 20 } }}
                series={daySeries}
              />
            </Box>
          </ScrollArea>
        </Group>
      </ChartBlock>
      <ChartBlock title={t('charts.top')} empty={topArticles.length === 0} testId="chart-top">
        <BarChart
          h={Math.max(160, topArticles.length * BAR_ROW + 40)}
          data={topArticles.map((a) => ({ article: keepUnitsTogether(a.designation), [t('period.totalArticle')]: a.quantite }))}
          dataKey="article"
          orientation="vertical"
          {...barAxes}
          // Units sold are whole: no « 0,8 » or « 2,3 » on the axis.
          xAxisProps={{ ...barAxes.xAxisProps, allowDecimals: false }}
          series={[{ name: t('period.totalArticle'), color: 'brand.6' }]}
        />
      </ChartBlock>
      <ChartBlock title={t('charts.methods')} empty={paymentsByMethod.length === 0} testId="chart-methods">
        <Group gap="lg" align="center" wrap="wrap">
          <DonutChart
            size={180}
            thickness={28}
            withLabelsLine={false}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={money}
            data={methodData}
          />
          {/* The colour key: each method's colour, name, amount and number of payments. */}
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('charts.methods')}>
            {methodData.map((m) => (
              <Group key={m.method} gap={8} wrap="nowrap" component="li" data-testid="method-key">
                <Box
                  w={12}
                  h={12}
                  bg={m.color}
                  style={{ borderRadius: 3, flex: 'none' }}
                  data-testid="method-swatch"
                  aria-hidden
                />
                <Text size="sm">
                  {t('common:labelled', { label: m.name })} <strong>{formatFcfa(m.value)}</strong> ({m.count})
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      </ChartBlock>
      <ChartBlock title={t('charts.sellers')} empty={salesBySeller.length === 0} testId="chart-sellers">
        <BarChart
          h={Math.max(160, salesBySeller.length * BAR_ROW + 40)}
          data={salesBySeller.map((s) => ({ seller: `${s.prenom} ${s.nom}`.trim() || s.username, [sold]: s.montant }))}
          dataKey="seller"
          orientation="vertical"
          {...barAxes}
          valueFormatter={money}
          series={[{ name: sold, color: 'grape.6' }]}
        />
      </ChartBlock>
    </SimpleGrid>
  );
}
