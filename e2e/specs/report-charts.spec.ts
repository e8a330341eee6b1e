// The report's charts (issue 22 item 16; seed 001 Dashboard, DECISIONS §7) at 1280 px and at
// 375 px on a phone: every day and every article has its label on its axis (none skipped, none
// overlapping its neighbour: a long period scrolls sideways), bars stay inside the plot area
// even with one very large value, and the payment-method donut has its colour key (each
// method's colour, name and amount).
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO, shotAt, signIn, test, type Lang } from '../support/app.js';

type Charts = {
  days: { date: string; montantVendue: number; benefice: number }[];
  topArticles: { designation: string; quantite: number }[];
  paymentsByMethod: { method: string; montant: number; count: number }[];
  salesBySeller: { username: string; nom: string; prenom: string; montant: number }[];
};

const METHOD_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    cash: 'Cash',
    orange_money: 'Orange Money',
    wave: 'Wave',
    mtn_momo: 'MTN MoMo',
    moov_money: 'Moov Money',
    card: 'Bank card',
    cheque: 'Cheque',
  },
  fr: {
    cash: 'Espèces',
    orange_money: 'Orange Money',
    wave: 'Wave',
    mtn_momo: 'MTN MoMo',
    moov_money: 'Moov Money',
    card: 'Carte bancaire',
    cheque: 'Chèque',
  },
};

/** A day's label on the chart: month/day in English, day/month in French. */
const dayLabel = (date: string, lang: Lang) =>
  lang === 'fr' ? `${date.slice(8, 10)}/${date.slice(5, 7)}` : `${date.slice(5, 7)}/${date.slice(8, 10)}`;

/** The plot area of a recharts chart (its clip rectangle), and the boxes of its bars, in the SVG's units. */
async function barsAndPlot(chart: Locator) {
  return chart
    .locator('svg.recharts-surface')
    .first()
    .evaluate((svg) => {
      const clip = svg.querySelector('defs clipPath rect');
      if (!clip) throw new Error('no plot area');
      const plot = {
        x: Number(clip.getAttribute('x')),
        y: Number(clip.getAttribute('y')),
        width: Number(clip.getAttribute('width')),
        height: Number(clip.getAttribute('height')),
      };
      const bars = Array.from(svg.querySelectorAll('.recharts-bar-rectangle path')).map((path) => {
        const box = (path as SVGGraphicsElement).getBBox();
        return { x: box.x, y: box.y, width: box.width, height: box.height };
      });
      return { plot, bars };
    });
}

/** The tick labels of one axis: their texts, their boxes on the screen and the box of the chart (svg) that draws them. */
async function ticks(chart: Locator, axis: 'xAxis' | 'yAxis') {
  return chart.locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`).evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      const svg = node.closest('svg')!.getBoundingClientRect();
      return {
        text: (node.textContent ?? '').trim(),
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
        svg: { x: svg.x, width: svg.width },
      };
    }),
  );
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** No label overlaps the one before it. */
function noOverlap(labels: (Box & { text: string })[], name: string) {
  labels
    .slice(1)
    .forEach((label, i) => expect(overlaps(labels[i] as Box, label), `${name} "${label.text}" overlaps`).toBe(false));
}

/** Every tick label of both axes of a chart is inside the chart (none cut at an edge), none over its neighbour. */
async function axesReadable(chart: Locator, name: string) {
  for (const axis of ['xAxis', 'yAxis'] as const) {
    const labels = await ticks(chart, axis);
    expect(labels.length, `${name} ${axis} has labels`).toBeGreaterThan(0);
    for (const { svg: box, ...label } of labels) {
      expect(label.left, `${name} ${axis} label "${label.text}" cut on the left`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(label.right, `${name} ${axis} label "${label.text}" cut on the right`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    noOverlap(labels, `${name} ${axis}`);
  }
}

async function checkCharts(page: Page, charts: Charts, width: 1280 | 375, lang: Lang) {
  // The day chart: one label per day of the period, in order, no two overlapping.
  const dayChart = page.getByTestId('chart-days');
  await expect(dayChart.getByTestId('days-scroll').locator('svg.recharts-surface')).toBeVisible();
  await expect(dayChart.getByTestId('days-value-axis').locator('svg.recharts-surface')).toBeVisible();
  await expect(dayChart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')).toHaveCount(
    charts.days.length,
  );
  const dayTicks = await ticks(dayChart, 'xAxis');
  expect(dayTicks.map((t) => t.text)).toEqual(charts.days.map((d) => dayLabel(d.date, lang)));
  noOverlap(dayTicks, 'days');
  await axesReadable(dayChart, 'days');
  // Its value axis stays in view wherever the days are scrolled (a long period opens on today's month).
  const scroller = dayChart.getByTestId('days-scroll').locator('.mantine-ScrollArea-viewport');
  const blockBox = (await dayChart.boundingBox())!;
  const opened = await scroller.evaluate((el) => el.scrollLeft);
  for (const to of ['opened', 'start', 'end'] as const) {
    if (to !== 'opened') await scroller.evaluate((el, end) => el.scrollTo({ left: end ? el.scrollWidth : 0 }), to === 'end');
    const values = await ticks(dayChart, 'yAxis');
    expect(values.length, `value axis labels (${to})`).toBeGreaterThan(1);
    for (const value of values) {
      expect(value.left, `value "${value.text}" in view (${to})`).toBeGreaterThanOrEqual(blockBox.x - 0.5);
      expect(value.right, `value "${value.text}" in view (${to})`).toBeLessThanOrEqual(blockBox.x + blockBox.width + 0.5);
    }
  }
  await scroller.evaluate((el, left) => el.scrollTo({ left }), opened);
  // Its key (amount sold, profit) stays in view, outside the part that scrolls.
  const key = dayChart.getByTestId('days-key');
  await expect(key).toBeVisible();
  const keyBox = (await key.boundingBox())!;
  expect(keyBox.x).toBeGreaterThanOrEqual(blockBox.x);
  expect(keyBox.x + keyBox.width).toBeLessThanOrEqual(blockBox.x + blockBox.width + 0.5);

  // Bar charts: one label per article and per seller, and every bar inside its plot area.
  for (const [testId, labels] of [
    ['chart-top', charts.topArticles.map((a) => a.designation)],
    // Sellers by the name people know them by, not their username.
    ['chart-sellers', charts.salesBySeller.map((s) => `${s.prenom} ${s.nom}`)],
  ] as const) {
    const chart = page.getByTestId(testId);
    await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(labels.length);
    const names = await ticks(chart, 'yAxis');
    // A long name may wrap on two lines: the words are all there, none cut.
    const shown = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((nodes) =>
      nodes.map(
        (n) =>
          Array.from(n.querySelectorAll('tspan'))
            .map((t) => t.textContent?.trim())
            .join(' ') || (n.textContent ?? '').trim(),
      ),
    );
    // A number keeps its unit on its line (a no-break space between them: "250 g", not "250" / "g").
    // A long name keeps its first words and ends with « … » (two lines at most; the tooltip has it whole).
    const plain = shown.map((name) => name.replace(/\u00a0/g, ' '));
    expect(plain.length).toBe(labels.length);
    plain.forEach((name, i) => {
      const label = labels[i]!;
      if (label.length <= 28) expect(name).toBe(label);
      else {
        expect(name, `"${label}" shortened`).toMatch(/…$/);
        expect(label.startsWith(name.slice(0, -1).trimEnd()), `"${name}" starts "${label}"`).toBe(true);
      }
    });
    for (const name of shown) expect(name, `${testId} "${name}" splits a number from its unit`).not.toMatch(/\d \S{1,5}(\s|$)/u);
    noOverlap(names, testId);
    // The labels are inside the chart's box (not cut at its left edge).
    const box = (await chart.locator('svg.recharts-surface').first().boundingBox())!;
    for (const name of names) expect(name.left, `${testId} label cut`).toBeGreaterThanOrEqual(box.x - 0.5);
    await axesReadable(chart, testId);
    const { plot, bars } = await barsAndPlot(chart);
    for (const bar of bars) {
      expect(bar.x, `${testId} bar starts before the axis`).toBeGreaterThanOrEqual(plot.x - 0.5);
      expect(bar.x + bar.width, `${testId} bar beyond the plot area`).toBeLessThanOrEqual(plot.x + plot.width + 0.5);
      expect(bar.y).toBeGreaterThanOrEqual(plot.y - 0.5);
      expect(bar.y + bar.height).toBeLessThanOrEqual(plot.y + plot.height + 0.5);
    }
  }

  // The donut's colour key: each method's swatch has its segment's colour, with its name and amount.
  const methods = page.getByTestId('chart-methods');
  const sectors = methods.locator('.recharts-pie-sector path');
  await expect(sectors).toHaveCount(charts.paymentsByMethod.length);
  const keyItems = methods.getByTestId('method-key');
  await expect(keyItems).toHaveCount(charts.paymentsByMethod.length);
  for (const [i, m] of charts.paymentsByMethod.entries()) {
    const item = keyItems.nth(i);
    await expect(item).toContainText(METHOD_NAMES[lang][m.method] ?? m.method);
    await expect(item).toContainText(new RegExp(`${m.montant.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA`));
    const swatch = await item.getByTestId('method-swatch').evaluate((el) => getComputedStyle(el).backgroundColor);
    const fill = await sectors.nth(i).evaluate((el) => getComputedStyle(el).fill);
    expect(swatch).toBe(fill);
    await expect(item.getByTestId('method-swatch')).toBeVisible();
  }

  // Nothing makes the page itself wider than the screen (a long chart scrolls inside its box).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [width, lang] of [
  [1280, 'en'],
  [375, 'en'],
  [1280, 'fr'],
  [375, 'fr'],
] as const) {
  test.describe(`at ${width} px in ${lang}`, () => {
    if (width === 375) test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test(`the report's charts label every day and article, keep bars in their axis and key the donut (${width} px, ${lang})`, async ({
      page,
    }) => {
      await signIn(page, lang, DEMO.director, undefined, 'Boutique Plateau');
      const shopId = Number(JSON.parse((await page.evaluate(() => localStorage.getItem('boutiqueId'))) ?? 'null').idBoutique);
      const end = new Date().toISOString().slice(0, 10);
      const year = end.slice(0, 4);

      // A month first (the demo's sales are in it), then the year.
      for (const start of [`${end.slice(0, 8)}01`, `${year}-01-01`]) {
        // The figures the page itself received: other journeys sell in the demo shop meanwhile, so a
        // second read of the API could rank two articles of equal sales the other way.
        const [answer] = await Promise.all([
          page.waitForResponse(
            (r) =>
              new URL(r.url()).pathname === `/api/rapport/graphiques/${shopId}/${start}/${end}` && r.request().method() === 'GET',
          ),
          page.goto(`/${lang}/app/raport?du=${start}&au=${end}`),
        ]);
        expect(answer.status()).toBe(200);
        const charts = (await answer.json()) as Charts;
        expect(charts.topArticles.length).toBeGreaterThan(1);
        expect(charts.paymentsByMethod.length).toBeGreaterThan(0);
        expect(charts.salesBySeller.length).toBeGreaterThan(0);
        await page.getByTestId('charts').scrollIntoViewIfNeeded();
        await checkCharts(page, charts, width, lang);
        if (start.endsWith('01-01')) {
          // The year opens scrolled to the current month (issue 22), not to January: today's label is in view.
          const scroller = page.getByTestId('chart-days').locator('.mantine-ScrollArea-viewport');
          const view = (await scroller.boundingBox())!;
          const todayLabel = dayLabel(end, lang);
          const label = (await ticks(page.getByTestId('chart-days'), 'xAxis')).find((tick) => tick.text === todayLabel)!;
          expect(label, `no label ${todayLabel}`).toBeTruthy();
          expect(label.left, "today's label left of the visible part").toBeGreaterThanOrEqual(view.x - 0.5);
          expect(label.right, "today's label right of the visible part").toBeLessThanOrEqual(view.x + view.width + 0.5);
          if (charts.days.length * 20 > view.width) expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        }
        await shotAt(page, `${start.endsWith('01-01') ? 'report-charts-year' : 'report-charts-month'}-${lang}`, width);
      }

      // One very large value: the best article sold a million times more, a seller sold 9 000 billion.
      const start = `${year}-01-01`;
      let big: Charts | undefined;
      await page.route('**/api/rapport/graphiques/**', async (route) => {
        const response = await route.fetch();
        const charts = (await response.json()) as Charts;
        const [best] = charts.topArticles;
        const [seller] = charts.salesBySeller;
        if (best) best.quantite *= 1_000_000;
        if (seller) seller.montant = 9_000_000_000_000;
        // Two long designations (a television and a generator of a shop day's findings) one under the other.
        const [, second, third] = charts.topArticles;
        if (second) second.designation = 'Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural';
        if (third) third.designation = 'Groupe électrogène diesel insonorisé 20 kVA triphasé';
        big = charts;
        await route.fulfill({ response, json: charts });
      });
      await page.goto(`/${lang}/app/raport?du=${start}&au=${end}`);
      await expect(page.getByTestId('chart-top').locator('svg.recharts-surface')).toBeVisible();
      await page.getByTestId('charts').scrollIntoViewIfNeeded();
      await checkCharts(page, big!, width, lang);
      await shotAt(page, `report-charts-large-${lang}`, width);
    });
  });
}
