// Selling through an outage (issue 20): the till, loaded once, keeps selling with the network
// cut (`context.setOffline`), prints tickets « à confirmer » with provisional references, opens
// again from the service worker after a reload while offline, and sends every waiting sale once,
// in order, when the network returns: in one tab, with two tabs open, and after the session
// expired while offline (the queue waits for the next sign-in). Each journey makes its own shop,
// articles and cashier through the API and checks what the server recorded.
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, test } from '../support/app.js';
import { auth, availableOf, invoicePayments, openTill, ownInvoices, screenAsSeen, threeArticleShop } from '../support/sales.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

// These journeys need the service worker (the config blocks it for the others).
test.use({ ...PHONE, serviceWorkers: 'allow' });

type Invoice = {
  idFacture: number;
  codeFac: string;
  montantFacture: number;
  montantPaye: number;
  reste: number;
  articles: { nombre: number; prix: number }[];
};
type Payment = { methode: string; reference: string | null; montant: number };



/** One offline sale from the grid: `taps` articles, then the pay panel's method; answers its provisional reference. */
async function sellOffline(
  page: Page,
  articles: readonly number[],
  payment: { method: 'cash' | 'orange_money'; reference?: string; handed?: number },
  options: { ticket?: boolean } = {},
): Promise<{ ref: string; ticket: Page | null }> {
  for (const id of articles) await page.getByTestId(`till-article-${id}`).tap();
  await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
  const pay = page.getByTestId('till-pay');
  if (payment.method !== 'cash') {
    await pay.getByTestId(`pay-method-${payment.method}`).tap();
    await pay.getByTestId('pay-reference-0').fill(payment.reference ?? '');
  } else if (payment.handed) {
    await pay.getByTestId(`pay-quick-${payment.handed}`).tap();
  }
  const autoTicket = pay.getByTestId('till-auto-ticket');
  if ((await autoTicket.isChecked()) !== (options.ticket ?? false)) await autoTicket.setChecked(options.ticket ?? false);
  const popup = options.ticket ? page.waitForEvent('popup') : null;
  await pay.getByTestId('till-confirm').tap();
  await expect(pay.getByTestId('till-pay-queued')).toBeVisible();
  const ref = (await pay.getByTestId('till-sale-ref').textContent()) ?? '';
  expect(ref).toMatch(/^[A-Z0-9]{2,12}-[0-9]{1,9}$/);
  const ticket = popup ? await popup : null;
  return { ref, ticket };
}

async function newSale(page: Page) {
  await page.getByTestId('till-pay').getByTestId('till-new-sale').tap();
  await expect(page.getByTestId('till-pay')).toBeHidden();
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

for (const lang of ['fr', 'en'] as const) {
  test(`${lang}, 375 px: three sales through an outage (one by mobile money), a ticket, a reload offline, then the queue drains`, async ({
    page,
    context,
    request,
  }) => {
    const { shop, cashier, ids } = await threeArticleShop(request, `off${lang}`, 'off');
    const token = await apiToken(request, cashier);
    await openTill(page, lang, cashier, { installed: true });

    await goOffline(context);
    // 1: cash with change, its ticket printed in the browser.
    const first = await sellOffline(page, [ids[0], ids[1]], { method: 'cash', handed: 5000 }, { ticket: true });
    const ticket = first.ticket!;
    await expect(ticket.getByTestId('offline-ticket')).toBeVisible();
    await expect(ticket.getByTestId('ticket-to-confirm')).toHaveText(lang === 'fr' ? 'À CONFIRMER' : 'TO BE CONFIRMED');
    await expect(ticket.getByTestId('offline-ticket')).toContainText(first.ref);
    await ticket.setViewportSize({ width: 360, height: 640 });
    await ticket.screenshot({ path: path.join(SCREENSHOTS, `offline-ticket-${lang}.png`), fullPage: true });
    await ticket.close();
    await expect(page.getByTestId('till-pay').getByTestId('till-done-change')).toHaveText(/^1\s250\sFCFA$/);
    await screenAsSeen(page, `offline-sale-done-${lang}`);
    await newSale(page);
    // 2: Orange Money with its reference.
    const second = await sellOffline(page, [ids[2], ids[2]], { method: 'orange_money', reference: 'OM-445566' });
    await newSale(page);
    // 3: cash, exact amount.
    const third = await sellOffline(page, [ids[0]], { method: 'cash' });
    await newSale(page);
    expect(new Set([first.ref, second.ref, third.ref]).size).toBe(3);

    await expect(page.getByTestId('queue-count')).toHaveText('3');
    // The grid counts what was sold offline: 10 − 2 of the rice.
    await expect(page.getByTestId(`till-article-${ids[0]}`)).toContainText(lang === 'fr' ? 'Stock : 8' : /8/);
    await screenAsSeen(page, `offline-till-waiting-${lang}`);

    // A reload without network: the app opens from the device, with its last stock and the 3 sales waiting.
    await page.reload();
    await expect(page.getByTestId('till-grid')).toBeVisible();
    await expect(page.getByTestId('queue-count')).toHaveText('3');
    await expect(page.getByTestId('till-stock-age')).toBeVisible();
    await expect(page.getByTestId(`till-article-${ids[0]}`)).toContainText(/8/);
    await screenAsSeen(page, `offline-reloaded-${lang}`);
    // Nothing reached the server yet.
    expect(await ownInvoices<Invoice>(request, shop, token)).toHaveLength(0);

    // The network returns: the queue drains by itself.
    await context.setOffline(false);
    await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
    const invoices = await ownInvoices<Invoice>(request, shop, token);
    expect(invoices).toHaveLength(3);
    for (const invoice of invoices) expect(invoice.codeFac).toMatch(/^FAC-\d{4}-\d{6}$/);
    // In the order they were made: numbers follow the device's order.
    const byNumber = [...invoices].sort((a, b) => a.codeFac.localeCompare(b.codeFac));
    expect(byNumber.map((i) => i.montantFacture)).toEqual([3_750, 800, 1_500]);
    const mobile = byNumber[1]!;
    expect(await invoicePayments<Payment>(request, mobile.idFacture, token)).toMatchObject([
      { methode: 'orange_money', reference: 'OM-445566', montant: 800 },
    ]);
    expect(await availableOf(request, shop, ids[0])).toBe(8);
    expect(await availableOf(request, shop, ids[2])).toBe(8);
    await screenAsSeen(page, `offline-drained-${lang}`);

    // The till's list of the day's sales (reprints): the real numbers, each with its provisional reference beside it.
    await page.getByTestId('till-last-sales-open').tap();
    const list = page.getByTestId('till-last-sales');
    await expect(list.getByTestId('till-last-sale')).toHaveCount(3);
    const made = [first, second, third];
    for (const [i, invoice] of byNumber.entries()) {
      const row = list.getByTestId('till-last-sale').filter({ has: page.getByText(invoice.codeFac, { exact: true }) });
      await expect(row.getByTestId('till-last-sale-code')).toHaveText(invoice.codeFac);
      await expect(row.getByTestId('till-last-sale-ref')).toHaveText(
        lang === 'fr' ? `Réf. provisoire ${made[i]!.ref}` : `Provisional ref. ${made[i]!.ref}`,
      );
    }
    await screenAsSeen(page, `offline-drained-sales-${lang}`);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    // A fourth sale made offline, its panel left open: when the network returns and the queue sends
    // it, the panel shows the real number, the provisional reference beside it.
    await goOffline(context);
    const fourth = await sellOffline(page, [ids[1]], { method: 'cash' });
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-queued-pending')).toBeVisible();
    await context.setOffline(false);
    await expect(pay.getByTestId('till-queued-sent')).toBeVisible({ timeout: 30_000 });
    const fourthInvoice = (await ownInvoices<Invoice>(request, shop, token)).find((i) => !byNumber.some((b) => b.idFacture === i.idFacture))!;
    await expect(pay.getByTestId('till-sent-code')).toHaveText(fourthInvoice.codeFac);
    await expect(pay.getByTestId('till-sale-ref')).toHaveText(fourth.ref);
    await expect(pay.getByTestId('till-queued-sent')).toHaveText(
      lang === 'fr' ? 'Confirmée par le serveur : le ticket porte désormais ce numéro.' : 'Confirmed by the server: the ticket now carries this number.',
    );
    await expect(page.getByRole('dialog')).toContainText(lang === 'fr' ? 'Vente enregistrée' : 'Sale recorded');
    await screenAsSeen(page, `offline-sent-panel-${lang}`);
  });
}

test('en, 375 px: two tabs sell offline; when the network returns, one sender sends each sale once', async ({
  page,
  context,
  request,
}) => {
  const { shop, cashier, ids } = await threeArticleShop(request, 'offtabs', 'off');
  const token = await apiToken(request, cashier);
  await openTill(page, 'en', cashier, { installed: true });
  const second = await context.newPage();
  await second.goto('/en/app/vente');
  await expect(second.getByTestId('till-grid')).toBeVisible();

  await goOffline(context);
  await sellOffline(page, [ids[0]], { method: 'cash' });
  await newSale(page);
  await sellOffline(second, [ids[1]], { method: 'orange_money', reference: 'OM-1001' });
  await newSale(second);
  await sellOffline(page, [ids[2]], { method: 'cash' });
  await newSale(page);
  // Both tabs see the one queue of the device.
  await expect(page.getByTestId('queue-count')).toHaveText('3');
  await expect(second.getByTestId('queue-count')).toHaveText('3');
  // The list behind the badge, on a laptop's width: each sale with its reference, time and amount.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('queue-badge').click();
  const drawer = page.getByRole('dialog', { name: 'Waiting sales' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId(/^queue-entry-/)).toHaveCount(3);
  await expect(drawer.getByTestId('queue-send-now')).toHaveText('Send now');
  await screenAsSeen(page, 'offline-queue-list-en-1280');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.setViewportSize(PHONE.viewport);

  await context.setOffline(false);
  await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
  await expect(second.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
  const invoices = await ownInvoices<Invoice>(request, shop, token);
  expect(invoices).toHaveLength(3);
  expect(invoices.map((i) => i.montantFacture).sort((a, b) => a - b)).toEqual([400, 1_500, 2_250]);
});

test('fr, 375 px: the session expires while offline; the sales wait for the next sign-in, then go', async ({
  page,
  context,
  request,
}) => {
  const { shop, cashier, ids } = await threeArticleShop(request, 'offexp', 'off');
  const token = await apiToken(request, cashier);
  await openTill(page, 'fr', cashier, { installed: true });
  await goOffline(context);
  await sellOffline(page, [ids[0]], { method: 'cash' });
  await newSale(page);
  await sellOffline(page, [ids[1]], { method: 'orange_money', reference: 'OM-2002' });
  await newSale(page);
  await expect(page.getByTestId('queue-count')).toHaveText('2');

  // Meanwhile the session ends on the server (as when it expires): the page's token is refused.
  const pageToken = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('conUser') ?? '{}') as { accessToken: string }).accessToken,
  );
  const revoked = await request.post('/api/auth/logout', { headers: auth(pageToken) });
  expect(revoked.status()).toBeLessThan(300);

  await context.setOffline(false);
  // The first send is refused (401): the app goes back to sign-in, the sales stay on the device.
  await expect(page).toHaveURL(/\/fr\/login/, { timeout: 30_000 });
  expect(await ownInvoices<Invoice>(request, shop, token)).toHaveLength(0);
  await screenAsSeen(page, 'offline-session-expired-fr');

  await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(cashier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr\/app\//);
  await expect.poll(async () => (await ownInvoices<Invoice>(request, shop, token)).length, { timeout: 30_000 }).toBe(2);
  await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 15_000 });
});
