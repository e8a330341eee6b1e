// The till's small gaps around an outage (issues 19 and 20): the cart survives a reload, and a
// credit sale made offline names a client the cashier never looked up in this session (the till
// keeps the shop's clients on the device when it opens online). Each journey makes its own shop,
// client, articles and cashier through the API and checks what the server recorded.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, screenOnly, test, uniqueName } from '../support/app.js';
import { auth, createShopUser, newShop, openTill, type SalesShop, tillArticle } from '../support/sales.js';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

// These journeys need the service worker (the config blocks it for the others).
test.use({ ...PHONE, serviceWorkers: 'allow' });

async function client(request: APIRequestContext, s: SalesShop, nom: string) {
  const response = await request.post('/api/clients', {
    headers: auth(s.directorToken),
    data: { nom, prenom: 'Awa', telephone: '0701020304', adresse: 'Cocody', boutique: s.shop },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { idClient: number }).idClient;
}

type Invoice = { codeFac: string; montantFacture: number; reste: number; client: { nom: string } | null; typeFacture: { idTypeFacture: number } };

async function invoicesOf(request: APIRequestContext, s: SalesShop, token: string): Promise<Invoice[]> {
  const response = await request.get(`/api/factures/boutique/user/page/${s.shop}/1`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Invoice[] }).data;
}

for (const lang of ['fr', 'en'] as const) {
  test(`${lang}, 375 px: the cart survives a reload; offline, a credit sale names a client never looked up in this session`, async ({
    page,
    context,
    request,
  }) => {
    const shop = await newShop(request, `offcl${lang}`);
    const cashier = await createShopUser(request, shop, 'offc', [5]);
    const token = await apiToken(request, cashier);
    const tag = uniqueName('');
    const rice = await tillArticle(request, shop, `Riz 1 kg ${tag}`, 1_500, 10);
    const oil = await tillArticle(request, shop, `Huile 1 L ${tag}`, 2_250, 10);
    const nom = `Traore${tag}`.slice(0, 40);
    await client(request, shop, nom);

    await openTill(page, lang, cashier, { installed: true });
    await page.getByTestId(`till-article-${rice}`).tap();
    await page.getByTestId(`till-article-${rice}`).tap();
    await page.getByTestId(`till-article-${oil}`).tap();
    const charge = page.getByTestId('till-phone-bar').getByTestId('till-charge');
    await expect(charge).toContainText(/5\s250/);

    // A reload (online) keeps the cart of this user and shop.
    await page.reload();
    await expect(page.getByTestId('till-grid')).toBeVisible();
    await expect(charge).toContainText(/5\s250/);
    // On a laptop's width the restored cart shows in its column.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('cart-total')).toHaveText(/^5\s250\sFCFA$/);
    await screenOnly(page, `till-cart-restored-${lang}-1280`);
    await page.setViewportSize(PHONE.viewport);

    // The network goes; the cart is still there after a reload offline too.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('till-grid')).toBeVisible();
    await expect(charge).toContainText(/5\s250/);

    await charge.tap();
    const pay = page.getByTestId('till-pay');
    await pay.getByTestId('till-sale-type').getByText(lang === 'fr' ? 'Crédit' : 'Credit').tap();
    await pay.getByTestId('pay-amount-0').fill('1000');
    await pay.getByTestId('till-client').tap();
    await page.getByRole('option', { name: new RegExp(nom) }).tap();
    await expect(pay.getByTestId('till-client')).toHaveValue(new RegExp(nom));
    const autoTicket = pay.getByTestId('till-auto-ticket');
    if (await autoTicket.isChecked()) await autoTicket.setChecked(false);
    await screenOnly(page, `offline-credit-client-${lang}`);
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-pay-queued')).toBeVisible();
    // What the client still owes, as after an online credit sale.
    await expect(pay.getByTestId('till-done-remainder')).toContainText(new RegExp(`${nom}.*4\\s250\\sFCFA`));
    await screenOnly(page, `offline-credit-done-${lang}`);
    await pay.getByTestId('till-new-sale').tap();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('queue-count')).toHaveText('1');
    // The sale made, the cart is empty, and stays so after a reload.
    await expect(charge).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('till-grid')).toBeVisible();
    await expect(charge).toBeDisabled();
    await screenOnly(page, `offline-credit-waiting-${lang}`);

    await context.setOffline(false);
    await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
    const invoices = await invoicesOf(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ montantFacture: 5_250, reste: 4_250, typeFacture: { idTypeFacture: 2 } });
    expect(invoices[0]!.client?.nom).toBe(nom);
  });
}
