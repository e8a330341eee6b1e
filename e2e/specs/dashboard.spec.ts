// The director's dashboard (app/raport; seed 001 Dashboard, DECISIONS §7) on the demo data, in
// fr and en: the day's cards, the stock value per depot, a period's report, its pictures, its
// PDF and CSV, and both demo shops side by side.
import fs from 'node:fs';
import { expect, type Response } from '@playwright/test';
import { apiToken, DEMO, shot, shotAt, signIn, test, uniqueName } from '../support/app.js';
import { auth, newShop, sell, tillArticle } from '../support/sales.js';

const TEXT = {
  fr: {
    menu: 'Rapport',
    title: 'Tableau de bord',
    total: 'Total de la période',
    firstOfYear: (year: number) => `1 janvier ${year}`,
    all: 'Toutes mes boutiques',
    open: 'Ouvrir',
    csvHeader: 'Date;Factures;Articles vendus',
  },
  en: {
    menu: 'Report',
    title: 'Dashboard',
    total: 'Period total',
    firstOfYear: (year: number) => `1 January ${year}`,
    all: 'All my shops',
    open: 'Open',
    csvHeader: 'Date,Invoices,Articles sold',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`the director reads the dashboard, changes the period, sees the charts and takes the PDF and CSV (${lang})`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    // The report's answers the page receives: other journeys sell in the demo shop meanwhile, so the
    // page is compared with its own answer, not with a second read of the API.
    const reports: Response[] = [];
    page.on('response', (r) => {
      if (/^\/api\/rapport\/\d+\/[\d-]+\/[\d-]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET')
        reports.push(r);
    });
    await signIn(page, lang, DEMO.director, undefined, 'Boutique Plateau');
    await page.getByTestId('menu-raport').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/raport`));
    await expect(page.getByRole('heading', { name: text.title, level: 2 })).toBeVisible();

    // Seven cards, each with what it counts; the demo has sales, so the orders are not zero.
    const cards = page.getByTestId('dashboard-card');
    await expect(cards).toHaveCount(7);
    await expect(cards.nth(0)).not.toContainText('…');
    await expect(cards.nth(0).locator('p').nth(1)).not.toHaveText('0');

    // Stock value per depot, and its total equals the report's stock value.
    // The two are read by two requests: a sale of another journey between them is read again.
    const evaluationTotal = page.getByTestId('stock-evaluation-total');
    let reads = 0;
    await expect(async () => {
      if (reads++ > 0) await page.reload();
      await expect(evaluationTotal).toContainText('FCFA');
      await expect(page.getByTestId('report-stock')).toHaveText((await evaluationTotal.textContent()) ?? '', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });

    // A wider period: from the first of the year; the URL keeps it.
    const year = new Date().getFullYear();
    await page.getByTestId('report-start').fill(`${year}-01-01`);
    // The fields are drawn in the browser's language (English here): the period is said in the page's under them.
    await expect(page.getByTestId('report-period-words')).toContainText(text.firstOfYear(year));
    await page.getByTestId('report-apply').click();
    await expect(page).toHaveURL(new RegExp(`du=${year}-01-01`));
    const total = page.getByTestId('report-total');
    await expect(total).toContainText(text.total);
    await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible();

    // The report's figures are the API's, to the franc.
    const ofYear = () => reports.findLast((r) => new URL(r.url()).pathname.split('/')[4] === `${year}-01-01`);
    await expect.poll(() => ofYear() !== undefined).toBe(true);
    const answer = ofYear();
    expect(answer?.status()).toBe(200);
    const [first] = (await answer!.json()) as { factures: number }[];
    expect(first?.factures).toBeGreaterThan(0);
    await expect(total.locator('td').first()).toHaveText(String(first?.factures));

    // The pictures draw (an SVG chart at least).
    await expect(page.getByTestId('charts').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('consolidated-shop')).toHaveCount(2);
    await expect(page.getByTestId('consolidated')).toContainText('Boutique Cocody');
    await shot(page, `dashboard-${lang}`);

    // The PDF opens in a new tab; the CSV downloads with the language's separator.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('report-pdf').click()]);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.startsWith(text.csvHeader)).toBe(true);

    // From the consolidated view, the other shop's dashboard.
    await page
      .getByTestId('consolidated')
      .getByRole('button', { name: new RegExp('Boutique Cocody') })
      .click();
    await expect(page.getByTestId('current-shop')).toHaveText('Boutique Cocody');
    await expect(page.getByRole('heading', { name: text.title, level: 2 })).toBeVisible();
  });
}

test('the API refuses the dashboard to a seller (403)', async ({ request }) => {
  const token = await apiToken(request, DEMO.seller);
  const response = await request.get('/api/dashboard/1', { headers: { authorization: `Bearer ${token}` } });
  expect([403, 404]).toContain(response.status());
});

// On a phone the report's three tables fit the screen: what the wide columns say (invoices and
// articles of a day, its cost, a shop's takings and stock) is written under the figures instead
// of in columns that pushed the amounts past the screen's edge.
for (const lang of ['fr', 'en'] as const) {
  test.describe(`on a phone (${lang})`, () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test(`the dashboard's tables fit 375 px, every figure of a day in view (${lang})`, async ({ page }) => {
      const words =
        lang === 'fr'
          ? { invoices: /\d+ factures?/, cost: /Coût\u00a0: [\d\s\u202f]+FCFA/, units: /\d+ unités?/ }
          : { invoices: /\d+ invoices?/, cost: /Cost: [\d,\s]+FCFA/, units: /\d+ units?/ };
      await signIn(page, lang, DEMO.director, undefined, 'Boutique Plateau');
      const year = new Date().getFullYear();
      await page.goto(`/${lang}/app/raport?du=${year}-01-01&au=${new Date().toISOString().slice(0, 10)}`);
      const day = page.getByTestId('report-table').locator('tbody tr').first();
      await expect(day).toContainText(words.invoices);
      await expect(day).toContainText(words.cost);
      await expect(page.getByTestId('stock-evaluation').locator('tbody tr').first()).toContainText(words.units);
      await expect(page.getByTestId('consolidated-shop')).toHaveCount(2);
      // No table scrolls sideways, and the last column's amounts end inside the screen.
      const tables = page.locator('table');
      expect(await tables.count()).toBe(3);
      for (const table of await tables.all()) {
        await table.scrollIntoViewIfNeeded();
        const overflow = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const box = (await table.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByTestId('report-period').scrollIntoViewIfNeeded();
      await shotAt(page, `dashboard-tables-${lang}`, 375);
    });

    test(`10-digit amounts (televisions and generators) stay inside the cards, the tables and the chart's names (${lang})`, async ({
      page,
      request,
    }) => {
      const s = await newShop(request, 'dashbig');
      const tag = uniqueName('');
      const tv = await tillArticle(
        request,
        s,
        `Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural ${tag}`,
        9_999_999,
        500,
      );
      const generator = await tillArticle(
        request,
        s,
        `Groupe électrogène diesel insonorisé 20 kVA triphasé ${tag}`,
        8_850_000,
        500,
      );
      const sale = await sell(request, s, s.directorUsername, [
        { articles: tv, nombre: 99 },
        { articles: generator, nombre: 3 },
      ]);
      const paid = await request.post('/api/paiements/livre', {
        headers: auth(s.directorToken),
        data: {
          facture: sale.idFacture,
          montantPaye: 1_012_549_901,
          total: sale.montantFacture,
          reste: sale.montantFacture,
          methode: 'cheque',
        },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      await signIn(page, lang, s.directorUsername);
      await page.goto(`/${lang}/app/raport`);
      // 99 x 9 999 999 + 3 x 8 850 000 = 1 016 549 901 FCFA sold, 1 012 549 901 paid today.
      const cards = page.getByTestId('dashboard-card');
      await expect(cards.nth(2)).toContainText(/1\s012\s549\s901\sFCFA/);
      for (const card of await cards.all()) {
        const box = (await card.boundingBox())!;
        const value = (await card.getByTestId('dashboard-card-value').boundingBox())!;
        expect(value.x + value.width, await card.innerText()).toBeLessThanOrEqual(box.x + box.width - 8);
      }
      await expect(page.getByTestId('report-total')).toContainText(/1\s016\s549\s901\sFCFA/);
      for (const table of await page.locator('table').all()) {
        await table.scrollIntoViewIfNeeded();
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        const box = (await table.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      // The best articles' long names keep to their rows: shortened, none over its neighbour.
      const top = page.getByTestId('chart-top');
      await top.scrollIntoViewIfNeeded();
      const names = top.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(names).toHaveCount(2);
      const [first, second] = [(await names.nth(0).boundingBox())!, (await names.nth(1).boundingBox())!];
      expect(first.y + first.height, 'the names overlap').toBeLessThanOrEqual(second.y + 0.5);
      await expect(names.nth(0)).toContainText('…');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByTestId('dashboard-cards').scrollIntoViewIfNeeded();
      await shotAt(page, `dashboard-big-amounts-${lang}`, 375);
    });
  });
}
