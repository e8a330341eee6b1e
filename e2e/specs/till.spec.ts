// The till (app/vente, issue 19 item 4): a cashier sells 3 articles in cash with change in at
// most 6 taps on a phone (fr), sells with the keyboard alone and a keyboard-wedge scanner on a
// desktop (en), splits a payment between Orange Money and cash, and sells on credit to a client
// added on the spot. Each journey makes its own shop, articles and cashier through the API, and
// checks that the server recorded the sale once with the right totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, proofPng, screenOnly, shotAt, test, uniqueName, type Lang } from '../support/app.js';
import { auth, availableOf, createShopUser, newShop, openTill, type SalesShop, tillArticle } from '../support/sales.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

type TillInvoice = {
  idFacture: number;
  codeFac: string;
  file: string;
  montantFacture: number;
  montantPaye: number;
  reste: number;
  solde: boolean;
  typeFacture: { idTypeFacture: number };
  client: { nom: string } | null;
  articles: { idArticle: number; nombre: number; prix: number }[];
  refTicket: string | null;
};
type TillPayment = { methode: string; reference: string | null; montant: number; montantPaye: number; reliquat: number };

async function category(request: APIRequestContext, s: SalesShop, libelle: string): Promise<number> {
  const response = await request.post('/api/categories', { headers: auth(s.directorToken), data: { libelle, boutique: s.shop } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { idCategorie: number }).idCategorie;
}

/** A shop of its own with a cashier who sells at its till. */
async function tillShop(request: APIRequestContext, prefix: string) {
  const shop = await newShop(request, prefix);
  const cashier = await createShopUser(request, shop, 'till', [5]);
  return { shop, cashier, token: await apiToken(request, cashier) };
}

/** The cashier's own invoices, as the server holds them. */
async function ownInvoices(request: APIRequestContext, s: SalesShop, token: string): Promise<TillInvoice[]> {
  const response = await request.get(`/api/factures/boutique/user/page/${s.shop}/1`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: TillInvoice[] }).data;
}

async function paymentsOf(request: APIRequestContext, invoice: number, token: string): Promise<TillPayment[]> {
  const response = await request.get(`/api/paiements_facture/${invoice}`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TillPayment[];
}

async function openTillTitled(page: Page, lang: Lang, username: string) {
  await openTill(page, lang, username);
  await expect(page).toHaveTitle(lang === 'fr' ? /^Vente · / : /^Till · /);
}

test.describe('till on a phone', () => {
  test.use(PHONE);

  test('fr, 375 px: 3 articles in cash with change in at most 6 taps, the ticket, a new sale', async ({
    page,
    request,
  }, testInfo) => {
    const { shop, cashier, token } = await tillShop(request, 'tillfr');
    const tag = uniqueName('');
    const grocery = await category(request, shop, 'Épicerie');
    const hygiene = await category(request, shop, 'Hygiène');
    const ids = [
      await tillArticle(request, shop, `Riz parfumé 1 kg ${tag}`, 1_500, 20, null, grocery),
      await tillArticle(request, shop, `Huile Dinor 1 L ${tag}`, 2_250, 20, null, grocery),
      await tillArticle(request, shop, `Savon Saba ${tag}`, 4_000, 20, null, hygiene),
    ];
    await tillArticle(request, shop, `Lait Bonnet Rouge ${tag}`, 650, 0, null, grocery);
    // An article with its picture: the grid shows it as the thumbnail.
    const image = await request.put(`/api/article/image/add/${ids[2]}`, {
      headers: auth(shop.directorToken),
      multipart: { file: { name: 'savon.png', mimeType: 'image/png', buffer: proofPng(160, 160) } },
    });
    expect(image.status(), await image.text()).toBe(200);
    await openTillTitled(page, 'fr', cashier);
    await expect(page.getByTestId(`till-article-${ids[2]}`).locator('img')).toBeVisible();
    // Category tabs narrow the grid.
    await page.getByTestId('till-categories').getByText('Hygiène').tap();
    await expect(page.getByTestId('till-grid').getByRole('button')).toHaveCount(1);
    await page.getByTestId('till-categories').getByText('Tout').tap();
    await expect(page.getByTestId('till-grid').getByRole('button')).toHaveCount(4);

    let taps = 0;
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.tap();
    };
    for (const id of ids) await tap(page.getByTestId(`till-article-${id}`));
    // A sold-out article is greyed and cannot be added.
    await expect(page.getByTestId('till-grid').getByRole('button', { name: /Lait Bonnet Rouge/ })).toBeDisabled();
    await expect(page.getByTestId('till-phone-bar').getByTestId('till-total')).toHaveText(/^7\s750\sFCFA$/);
    await shotAt(page, 'till-grid-fr', 375);
    // The menu drawer opens over the till's bar: its sign-out is reachable (the bar took the tap).
    await page.getByTestId('burger').tap();
    await page.getByTestId('logout').tap();
    await expect(page.getByTestId('logout-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('logout-dialog')).toBeHidden();
    // The drawer closed with it (off the screen, not hidden).
    await expect(page.getByTestId('logout')).not.toBeInViewport();

    await tap(page.getByTestId('till-phone-bar').getByTestId('till-charge'));
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('pay-method-cash')).toHaveAttribute('aria-checked', 'true');
    await expect(pay.getByTestId('pay-exact')).toContainText('Montant exact');
    await tap(pay.getByTestId('pay-quick-10000'));
    await expect(pay.getByTestId('till-change')).toHaveText(/^2\s250\sFCFA$/);
    await expect(pay.getByTestId('till-remaining')).toHaveText(/^0\sFCFA$/);
    await shotAt(page, 'till-pay-panel-fr', 375);

    // Valider: the sale is recorded and the 80 mm ticket opens in a tab for printing.
    const popup = page.waitForEvent('popup');
    await tap(pay.getByTestId('till-confirm'));
    const ticketTab = await popup;
    await expect(pay.getByTestId('till-pay-done')).toBeVisible();
    expect(taps).toBeLessThanOrEqual(6);
    testInfo.annotations.push({ type: 'taps', description: String(taps) });
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^2\s250\sFCFA$/);
    const code = (await pay.getByTestId('till-sale-code').textContent()) ?? '';
    expect(code).toMatch(/^FAC-\d{4}-\d{6}$/);
    await expect.poll(() => ticketTab.url()).toMatch(/^blob:/);
    await ticketTab.close();
    await shotAt(page, 'till-sale-done-fr', 375);

    // Recorded once, with the right totals, paid in cash with the change; the stock went down.
    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices as [TillInvoice];
    expect(invoice).toMatchObject({ codeFac: code, montantFacture: 7_750, montantPaye: 7_750, reste: 0, solde: true });
    expect(invoice.articles.map((a) => a.nombre)).toEqual([1, 1, 1]);
    expect(await paymentsOf(request, invoice.idFacture, token)).toMatchObject([
      { methode: 'cash', montant: 10_000, montantPaye: 7_750, reliquat: 2_250 },
    ]);
    for (const id of ids) expect(await availableOf(request, shop, id)).toBe(19);

    // The ticket as the server draws it: fetched, saved and turned into an image to look at.
    const ticket = await request.get(`/api/downloadFile/${invoice.file}?format=ticket&lang=fr`, { headers: auth(token) });
    expect(ticket.status()).toBe(200);
    expect(ticket.headers()['content-type']).toContain('application/pdf');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const pdf = path.join(SCREENSHOTS, 'till-ticket-fr.pdf');
    fs.writeFileSync(pdf, await ticket.body());
    const converted = spawnSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(SCREENSHOTS, 'till-ticket-fr')]);
    if (converted.error)
      testInfo.annotations.push({ type: 'pdftoppm', description: 'not installed: the ticket PDF is kept as is' });

    // « Nouvelle vente » empties the cart in one tap; the grid shows the new stock.
    await pay.getByTestId('till-new-sale').tap();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('till-phone-bar').getByTestId('till-total')).toHaveText(/^0\sFCFA$/);
    await expect(page.getByTestId(`till-article-${ids[0]}`)).toContainText('Stock : 19');

    // Today's sales, for a reprint.
    await page.getByTestId('till-last-sales-open').tap();
    await expect(page.getByTestId('till-last-sale')).toHaveCount(1);
    await expect(page.getByTestId('till-last-sale')).toContainText(code);
    await shotAt(page, 'till-last-sales-fr', 375);
  });

  test('en, 375 px: a payment split between Orange Money (with its reference) and cash', async ({ page, request }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillsp');
    const tag = uniqueName('');
    const id = await tillArticle(request, shop, `Bissap syrup ${tag}`, 6_250, 10);
    await openTillTitled(page, 'en', cashier);
    await page.getByTestId(`till-article-${id}`).tap();
    await page.getByTestId(`till-article-${id}`).tap();
    await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-pay-total')).toHaveText(/^12\s500\sFCFA$/);

    await pay.getByTestId('pay-method-orange_money').tap();
    await pay.getByTestId('pay-amount-0').fill('5000');
    await expect(pay.getByTestId('till-confirm')).toBeDisabled();
    await expect(pay.getByTestId('pay-refusal')).toContainText("operator's transaction reference");
    await pay.getByTestId('pay-reference-0').fill('OM-778899');
    await expect(pay.getByTestId('till-remaining')).toHaveText(/^7\s500\sFCFA$/);
    await pay.getByTestId('pay-add-line').tap();
    await expect(pay.getByTestId('pay-line-1').getByTestId('pay-method-cash')).toHaveAttribute('aria-checked', 'true');
    await expect(pay.getByTestId('pay-amount-1')).toHaveValue('7 500 FCFA');
    await pay.getByTestId('pay-quick-10000').tap();
    await expect(pay.getByTestId('till-change')).toHaveText(/^2\s500\sFCFA$/);
    await expect(pay.getByTestId('till-remaining')).toHaveText(/^0\sFCFA$/);
    await pay.getByTestId('till-auto-ticket').uncheck();
    await shotAt(page, 'till-pay-split-en', 375);
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^2\s500\sFCFA$/);

    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ montantFacture: 12_500, montantPaye: 12_500, reste: 0, solde: true });
    const payments = await paymentsOf(request, invoices[0]!.idFacture, token);
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          methode: 'orange_money',
          reference: 'OM-778899',
          montant: 5_000,
          montantPaye: 5_000,
          reliquat: 0,
        }),
        expect.objectContaining({ methode: 'cash', montant: 10_000, montantPaye: 7_500, reliquat: 2_500 }),
      ]),
    );
  });

  test('fr, 375 px: 8-digit amounts (a television, a generator) stay on the screen in the grid, the cart and the pay panel', async ({
    page,
    request,
  }) => {
    const { shop, cashier } = await tillShop(request, 'tillbig');
    const tag = uniqueName('');
    const tv = await tillArticle(
      request,
      shop,
      `Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural ${tag}`,
      9_999_999,
      50,
    );
    const generator = await tillArticle(request, shop, `Groupe électrogène ${tag}`, 4_850_000, 50);
    await openTillTitled(page, 'fr', cashier);
    for (let i = 0; i < 9; i++) await page.getByTestId(`till-article-${tv}`).tap();
    await page.getByTestId(`till-article-${generator}`).tap();
    /** Every element's box ends inside the 375 px screen, and the page does not scroll sideways. */
    const inScreen = async (locators: Locator[]) => {
      for (const locator of locators) {
        const box = (await locator.boundingBox())!;
        expect(box.x + box.width, await locator.innerText()).toBeLessThanOrEqual(375);
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    };
    // The tile's price leaves no room for its stock beside it: the stock goes under it, inside the tile.
    const tile = page.getByTestId(`till-article-${tv}`);
    await expect(tile).toContainText(/9\s999\s999\sFCFA/);
    await inScreen([tile, tile.getByText(/^Stock/)]);
    const tileBox = (await tile.boundingBox())!;
    const stockBox = (await tile.getByText(/^Stock/).boundingBox())!;
    expect(stockBox.x + stockBox.width).toBeLessThanOrEqual(tileBox.x + tileBox.width);
    await shotAt(page, 'till-big-amounts-grid-fr', 375);

    // The cart: each line's total under its stepper when they do not fit side by side.
    await page.getByTestId('till-cart-open').tap();
    const tvLine = page.getByTestId(`cart-line-${tv}`);
    await expect(tvLine).toContainText(/89\s999\s991\sFCFA/);
    await inScreen([
      tvLine.getByText(/^89\s999\s991\sFCFA$/),
      page
        .getByTestId(`cart-line-${generator}`)
        .getByText(/^4\s850\s000\sFCFA$/)
        .last(),
    ]);
    await shotAt(page, 'till-big-amounts-cart-fr', 375);
    await page.keyboard.press('Escape');

    // The pay panel: « À payer » on one line, the total under it; the change under the remainder.
    await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-pay-total')).toHaveText(/^94\s849\s991\sFCFA$/);
    const label = pay.getByText('À payer', { exact: true });
    await inScreen([pay.getByTestId('till-pay-total'), label]);
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.height, 'the label on one line').toBeLessThan(30);
    // Change of 7 digits (a note too many typed): under the remainder, not past the screen's edge.
    await pay.getByTestId('pay-amount-0').fill('99999999');
    await expect(pay.getByTestId('till-change')).toHaveText(/^5\s150\s008\sFCFA$/);
    await inScreen([pay.getByTestId('till-change'), pay.getByText('Monnaie à rendre', { exact: true })]);
    await shotAt(page, 'till-big-amounts-pay-fr', 375);
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^5\s150\s008\sFCFA$/);

    // The sales of the day: the number on one line, the 8-digit amount under it.
    await pay.getByTestId('till-new-sale').tap();
    await page.getByTestId('till-last-sales-open').tap();
    const sale = page.getByTestId('till-last-sale');
    await expect(sale).toHaveCount(1);
    await expect(sale.getByTestId('till-last-sale-amount')).toHaveText(/^94\s849\s991\sFCFA$/);
    await inScreen([
      sale.getByTestId('till-last-sale-code'),
      sale.getByTestId('till-last-sale-amount'),
      sale.getByRole('button').last(),
    ]);
    expect((await sale.getByTestId('till-last-sale-code').boundingBox())!.height, 'the number on one line').toBeLessThan(30);
    await shotAt(page, 'till-big-amounts-last-sales-fr', 375);
  });

  test('fr, 375 px: a 10-digit sale (eleven televisions at 99 999 999) keeps its quick amounts inside their buttons and is paid in one cash payment', async ({
    page,
    request,
  }) => {
    const { shop, cashier } = await tillShop(request, 'till10');
    const tv = await tillArticle(request, shop, `Téléviseur OLED 97 pouces ${uniqueName('')}`, 99_999_999, 50);
    await openTillTitled(page, 'fr', cashier);
    for (let i = 0; i < 11; i++) await page.getByTestId(`till-article-${tv}`).tap();
    const bar = page.getByTestId('till-phone-bar');
    await expect(bar).toContainText(/1\s099\s999\s989\sFCFA/);
    await bar.getByTestId('till-charge').tap();
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-pay-total')).toHaveText(/^1\s099\s999\s989\sFCFA$/);
    // Each quick amount's digits end inside its button's label (a third of the screen; the label cuts what passes it).
    const quick = pay.locator('[data-testid^="pay-exact"], [data-testid^="pay-quick-"]');
    expect(await quick.count()).toBeGreaterThan(1);
    for (const button of await quick.all()) {
      const box = (await button.locator('.mantine-Button-label').boundingBox())!;
      const digits = (await button.locator('span').filter({ hasText: /\d/ }).last().boundingBox())!;
      expect(digits.x + digits.width, await button.innerText()).toBeLessThanOrEqual(box.x + box.width);
      expect(digits.x).toBeGreaterThanOrEqual(box.x);
    }
    await pay.getByTestId('pay-amount-0').fill('1100000000');
    await expect(pay.getByTestId('till-change')).toHaveText(/^11\sFCFA$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shotAt(page, 'till-10-digits-pay-fr', 375);
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^11\sFCFA$/);
  });
});

test.describe('till on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('en, 1280 px, keyboard alone: type to search, Enter adds, a scanned barcode adds, F9 charges, Enter confirms', async ({
    page,
    request,
  }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillkb');
    const tag = uniqueName('');
    const mango = await tillArticle(request, shop, `Mango juice ${tag}`, 1_200, 8);
    const coffee = await tillArticle(request, shop, `Touba coffee ${tag}`, 3_300, 8, '6001234567890');
    await openTillTitled(page, 'en', cashier);
    await expect(page.getByTestId('till-charge')).toContainText('F9');

    // Typing with nothing focused goes to the search box; Enter adds the first match.
    await page.keyboard.type('mango', { delay: 90 });
    await expect(page.getByTestId('till-search')).toHaveValue('mango');
    await expect(page.getByTestId('till-grid').getByRole('button')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`cart-line-${mango}`)).toContainText('1');
    await expect(page.getByTestId('till-search')).toHaveValue('');

    // A keyboard-wedge scanner: fast digits then Enter, caught wherever the focus is.
    await page.keyboard.type('6001234567890\n', { delay: 5 });
    await expect(page.getByTestId(`cart-line-${coffee}`)).toBeVisible();
    await expect(page.getByTestId('till-search')).toHaveValue('');
    // Again with the focus out of the search box.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type('6001234567890\n', { delay: 5 });
    await expect(page.getByTestId(`cart-line-${coffee}`).getByTestId('cart-quantity')).toHaveValue('2');
    // A quantity typed past the stock takes what the depot holds, and the notice says so; typed
    // again at the limit, the box goes back to the cart's quantity on leaving it (it kept the 9).
    const coffeeQuantity = page.getByTestId(`cart-line-${coffee}`).getByTestId('cart-quantity');
    await coffeeQuantity.fill('9');
    await expect(page.getByTestId('till-notice')).toContainText('the depot holds only 8');
    await expect(coffeeQuantity).toHaveValue('8');
    await coffeeQuantity.fill('9');
    await page.keyboard.press('Tab');
    await expect(coffeeQuantity).toHaveValue('8');
    await coffeeQuantity.fill('2');
    await page.keyboard.press('Tab');
    await expect(coffeeQuantity).toHaveValue('2');
    // An unknown code says so in place.
    await page.keyboard.type('4006381333931\n', { delay: 5 });
    await expect(page.getByTestId('till-notice')).toContainText('Unknown barcode: 4006381333931');
    await expect(page.getByTestId('cart-total')).toHaveText(/^7\s800\sFCFA$/);
    await shotAt(page, 'till-cart-en', 1280);

    // F9 charges: cash, the exact amount; the key hints show on the buttons.
    await page.keyboard.press('F9');
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-pay-total')).toHaveText(/^7\s800\sFCFA$/);
    // The focus is in the panel, not on its close button: Enter confirms instead of closing it.
    await expect(pay.getByTestId('till-pay-total')).toBeFocused();
    await expect(pay.getByTestId('till-confirm')).toContainText('Enter');
    await expect(pay.getByTestId('pay-method-wave')).toContainText('3');
    await page.keyboard.press('3');
    await expect(pay.getByTestId('pay-method-wave')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('1');
    await expect(pay.getByTestId('pay-method-cash')).toHaveAttribute('aria-checked', 'true');
    await shotAt(page, 'till-pay-panel-en', 1280);
    // Enter alone: the sale, and its ticket in a new tab.
    const ticket = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    await (await ticket).close();
    await expect(pay.getByTestId('till-pay-done')).toBeVisible();
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^0\sFCFA$/);
    // Enter again: the next sale, an empty cart.
    await page.keyboard.press('Enter');
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('cart-empty')).toBeVisible();

    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ montantFacture: 7_800, reste: 0, solde: true });
    expect(Object.fromEntries(invoices[0]!.articles.map((a) => [a.idArticle, a.nombre]))).toEqual({ [mango]: 1, [coffee]: 2 });
    expect(await availableOf(request, shop, coffee)).toBe(6);
  });

  test('fr, 1280 px: a credit sale to a client added on the spot, with a down payment', async ({ page, request }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillcr');
    const tag = uniqueName('');
    const id = await tillArticle(request, shop, `Sac de ciment ${tag}`, 5_500, 30);
    await openTillTitled(page, 'fr', cashier);
    for (let i = 0; i < 4; i += 1) await page.getByTestId(`till-article-${id}`).click();
    await expect(page.getByTestId('cart-total')).toHaveText(/^22\s000\sFCFA$/);
    await page.getByTestId('till-charge').click();
    const pay = page.getByTestId('till-pay');
    await pay.getByTestId('till-sale-type').getByText('Crédit').click();
    await expect(pay.getByTestId('till-confirm')).toBeDisabled();

    // Escape closes the quick-add only, not the pay panel under it.
    await pay.getByTestId('till-client-add').click();
    const quick = page.getByTestId('till-client-quick-add');
    await expect(quick.locator('input').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(quick.locator('input').first()).toBeHidden();
    await expect(pay.getByTestId('till-pay-total')).toBeVisible();
    await pay.getByTestId('till-client-add').click();
    const nom = `Kouassi${tag}`.slice(0, 40);
    const inputs = quick.locator('input');
    await inputs.nth(0).fill(nom);
    await inputs.nth(1).fill('Ama');
    await inputs.nth(2).fill('0707654321');
    await inputs.nth(3).fill('Yopougon');
    // A business client's tax id, typed here, is printed on the invoice issued to them.
    const taxId = 'CI-7654321-K';
    await quick.getByLabel('Identifiant fiscal (NINEA, NCC, NIU, IFU, NIF)').fill(taxId);
    await shotAt(page, 'till-client-quick-add-fr', 1280);
    await quick.locator('button[type="submit"]').click();
    await expect(quick).toHaveCount(0);
    await expect(pay.getByTestId('till-client')).toHaveValue(new RegExp(nom));

    await pay.getByTestId('pay-amount-0').fill('5000');
    await expect(pay.getByTestId('till-remaining')).toHaveText(/^17\s000\sFCFA$/);
    await pay.getByTestId('till-auto-ticket').uncheck();
    await shotAt(page, 'till-pay-credit-fr', 1280);
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-done-remainder')).toContainText('17 000');

    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      montantFacture: 22_000,
      montantPaye: 5_000,
      reste: 17_000,
      solde: false,
      typeFacture: { idTypeFacture: 2 },
    });
    expect(invoices[0]!.client?.nom).toBe(nom);
    const a4 = await request.get(`/api/downloadFile/${invoices[0]!.file}?format=a4&lang=fr`, { headers: auth(token) });
    expect(a4.status()).toBe(200);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const a4Path = path.join(SCREENSHOTS, 'till-credit-a4-fr.pdf');
    fs.writeFileSync(a4Path, await a4.body());
    const text = spawnSync('pdftotext', [a4Path, '-'], { encoding: 'utf8' });
    expect(text.error).toBeUndefined();
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(taxId);
  });
});

test.describe('till in a shop whose shelf prices are without VAT (issue 21)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('en, 1280 px: the till adds the VAT as the server will, and charges that total', async ({ page, request }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillht');
    const identity = await request.put(`/api/boutiques/${shop.shop}/identite`, {
      headers: auth(shop.directorToken),
      data: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18] },
    });
    expect(identity.status(), await identity.text()).toBe(200);
    const tag = uniqueName('');
    // 5 900 without VAT at the standard 18 %: 5 900 + 1 062 = 6 962.
    const id = await tillArticle(request, shop, `Riz parfumé ${tag}`, 5_900, 10);
    await openTillTitled(page, 'en', cashier);
    await page.getByTestId(`till-article-${id}`).click();
    await expect(page.getByTestId('cart-total')).toHaveText(/^6\s962\sFCFA$/);
    await page.getByTestId('till-charge').click();
    const pay = page.getByTestId('till-pay');
    await pay.getByTestId('pay-quick-10000').click();
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-done-change')).toHaveText(/^3\s038\sFCFA$/);
    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ montantFacture: 6_962, reste: 0 });
  });
});

test.describe('till when things go wrong', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('fr, 1280 px: another till sold the last unit: the refusal names the article and what is left, the grid reads the stock again', async ({
    page,
    request,
  }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillst');
    const tag = uniqueName('');
    const last = await tillArticle(request, shop, `Pagne wax ${tag}`, 9_000, 1);
    await openTillTitled(page, 'fr', cashier);
    await page.getByTestId(`till-article-${last}`).click();
    await expect(page.getByTestId(`till-article-${last}`)).toContainText('Stock : 0');

    // Meanwhile another till of the shop sells that last unit.
    const other = await request.post('/api/ventes', {
      headers: auth(shop.directorToken),
      data: {
        id: crypto.randomUUID(),
        vendueLe: new Date().toISOString(),
        boutique: shop.shop,
        depot: shop.depot,
        lignes: [{ article: last, quantite: 1 }],
        paiements: [{ methode: 'cash', montant: 9_000 }],
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    await page.getByTestId('till-charge').click();
    const pay = page.getByTestId('till-pay');
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-pay-error')).toContainText(
      `Stock insuffisant pour « Pagne wax ${tag} » : 0 disponible pour une demande de 1.`,
    );
    await shotAt(page, 'till-stock-short-fr', 1280);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`till-article-${last}`)).toBeDisabled();
    await expect(page.getByTestId(`till-article-${last}`)).toContainText('Épuisé');
    expect(await ownInvoices(request, shop, token)).toHaveLength(0);
  });

  test('en, 1280 px: the answer of a sale is lost on the way; the device keeps it and sends it again, recorded once', async ({
    page,
    request,
  }) => {
    const { shop, cashier, token } = await tillShop(request, 'tilllo');
    const id = await tillArticle(request, shop, `Shea butter ${uniqueName('')}`, 2_500, 5);
    await openTillTitled(page, 'en', cashier);
    let attempts = 0;
    const bodies: string[] = [];
    await page.route('**/api/ventes', async (route) => {
      attempts += 1;
      bodies.push(route.request().postData() ?? '');
      if (attempts === 1) {
        // The server records the sale, the phone never hears back.
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        await route.abort('failed');
      } else await route.continue();
    });
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId('till-charge').click();
    const pay = page.getByTestId('till-pay');
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    // No answer: the sale is kept in the device's queue (issue 20), which sends it again under the
    // same id; the server, which had recorded it, answers the stored sale.
    await expect(pay.getByTestId('till-pay-queued')).toBeVisible();
    await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
    expect(attempts).toBe(2);
    const [first, second] = bodies.map((b) => JSON.parse(b) as { id: string; vendueLe: string; horsLigne?: boolean; refTicket?: string });
    expect(second).toMatchObject({ id: first!.id, vendueLe: first!.vendueLe, horsLigne: true });

    const invoices = await ownInvoices(request, shop, token);
    expect(invoices).toHaveLength(1);
    // The invoice keeps the provisional reference the device gave it, as the customer's ticket says.
    expect(invoices[0]).toMatchObject({ montantFacture: 5_000, solde: true, refTicket: second!.refTicket });
    expect(await availableOf(request, shop, id)).toBe(3);

    // A proxy's 502 (the server never reached): the cashier is told to confirm again, not to refresh the page.
    await page.getByTestId('till-new-sale').click();
    await page.unroute('**/api/ventes');
    let failed = false;
    await page.route('**/api/ventes', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
    });
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId('till-charge').click();
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-pay-error')).toContainText('No answer from the server. Tap “Confirm” again');
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-pay-error')).toHaveCount(0);
    await expect.poll(async () => (await ownInvoices(request, shop, token)).length).toBe(2);
    expect(await availableOf(request, shop, id)).toBe(2);
  });
});

test.describe('till across a reload', () => {
  test('fr, 1280 px: a recorded sale is not restored by a reload; a sale whose answer never came is sent again under its id after the reload, recorded once', async ({
    page,
    request,
  }) => {
    const { shop, cashier, token } = await tillShop(request, 'tillrl');
    const id = await tillArticle(request, shop, `Cahier ${uniqueName('')}`, 400, 9);
    await openTillTitled(page, 'fr', cashier);
    const pay = page.getByTestId('till-pay');
    // Recorded and answered, then the page reloads (the phone dropped the tab): the next sale starts empty.
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId('till-charge').click();
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    await expect(pay.getByTestId('till-new-sale')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`till-article-${id}`)).toBeVisible();
    await expect(page.getByTestId('till-charge')).toBeDisabled();
    expect(await ownInvoices(request, shop, token)).toHaveLength(1);

    // Sent and recorded by the server, but the tab dies before the answer (the phone dropped it
    // while the cashier read a reference in another app): the cart comes back in a new tab, and
    // charging it again sends the same id, so the server answers the sale it recorded.
    const bodies: string[] = [];
    await page.route('**/api/ventes', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await route.fetch();
      // No answer ever reaches this tab.
      await new Promise(() => undefined);
    });
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId(`till-article-${id}`).click();
    await page.getByTestId('till-charge').click();
    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').click();
    await expect.poll(async () => (await ownInvoices(request, shop, token)).length).toBe(2);
    const tab = await page.context().newPage();
    await page.close({ runBeforeUnload: false });
    await tab.route('**/api/ventes', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await route.continue();
    });
    await tab.goto('/fr/app/vente');
    await expect(tab.getByTestId('till-charge')).toBeEnabled();
    await tab.getByTestId('till-charge').click();
    const again = tab.getByTestId('till-pay');
    await again.getByTestId('till-confirm').click();
    await expect(again.getByTestId('till-new-sale')).toBeVisible();
    expect(await ownInvoices(request, shop, token)).toHaveLength(2);
    expect(await availableOf(request, shop, id)).toBe(6);
    const [first, second] = bodies.map((b) => JSON.parse(b) as { id: string; vendueLe: string });
    expect(second).toMatchObject({ id: first!.id, vendueLe: first!.vendueLe });
  });
});

test("the demo shop's till, full of articles, at 1280 px and 375 px with the pay panel open (views only, sells nothing)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTillTitled(page, 'fr', DEMO.cashier);
  const cards = page.getByTestId('till-grid').getByRole('button');
  expect(await cards.count()).toBeGreaterThan(10);
  await cards.and(page.locator(':enabled')).nth(0).click();
  await cards.and(page.locator(':enabled')).nth(1).click();
  await cards.and(page.locator(':enabled')).nth(1).click();
  await shotAt(page, 'till-demo-fr', 1280);
  await page.keyboard.press('F9');
  await expect(page.getByTestId('till-pay-total')).toBeVisible();
  await shotAt(page, 'till-demo-pay-fr', 1280);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenOnly(page, 'till-demo-fr-375');
  // Nothing leaves a phone's screen sideways.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByTestId('till-cart-open').click();
  await expect(page.getByTestId('cart-lines')).toBeVisible();
  await screenOnly(page, 'till-demo-cart-fr-375');
  await page.keyboard.press('Escape');
  await page.getByTestId('till-phone-bar').getByTestId('till-charge').click();
  await expect(page.getByTestId('till-pay-total')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenOnly(page, 'till-demo-pay-fr-375');
});
