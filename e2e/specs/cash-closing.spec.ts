// Cash closing journey (issue 10 items 5, 6, 10): the demo cashier takes a cash payment on a
// register of their own for this journey (so that closing its day leaves the demo's default
// register open for the other journeys), opens the closing from the cash desk, counts a different
// amount, sees the difference, closes the day, takes the PDF, and a further payment on that
// register is refused with the server's message; the director then sees that closed day, who
// closed it and the difference. In fr and en.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, shot, signIn, snackbar, test, unique, type Lang } from '../support/app.js';
import { signOut } from '../support/sales.js';

const SHOP = 'Boutique Plateau';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

const TEXT = {
  fr: {
    pay: 'Payer',
    paid: 'Le paiement a été enregistré.',
    short: /^Il manque 500\sFCFA$/,
    closed: 'La journée est clôturée.',
    countedOn: (day: string) => `En retard, comptée le ${day}`,
    closedBadge: 'Clôturée',
    openBadge: 'Ouverte',
    refused: 'La journée de cette caisse est clôturée : elle ne peut plus être modifiée.',
    tillClosed: (register: string) =>
      `La journée de la caisse « ${register} » est clôturée : elle n’encaisse plus rien aujourd’hui. Choisissez une autre caisse dans les réglages de la vente (en haut de l’écran).`,
    onePayment: '1 paiement encaissé',
  },
  en: {
    pay: 'Pay',
    paid: 'The payment is successful.',
    short: /^Short by 500\sFCFA$/,
    closed: 'The day is closed.',
    countedOn: (day: string) => `Late, counted on ${day}`,
    closedBadge: 'Closed',
    openBadge: 'Open',
    refused: "This register's day is closed: it can no longer be changed.",
    tillClosed: (register: string) =>
      `The day of the register “${register}” is closed: it takes no more sales today. Choose another register in the till's settings (at the top of the screen).`,
    onePayment: '1 payment taken',
  },
} as const;

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function session(request: APIRequestContext, username: string) {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { accessToken: string; user: { boutiques: { idBoutique: number; nom: string }[] } };
  const shop = body.user.boutiques.find((b) => b.nom === SHOP)!;
  return { headers: { authorization: `Bearer ${body.accessToken}` }, shopId: shop.idBoutique };
}

/** The seller's two invoices of one unit of an article in stock in their depot, made through the API. */
async function sellerInvoices(request: APIRequestContext) {
  const seller = await session(request, DEMO.seller);
  const depots = (await (await request.get(`/api/ligne_depot_current_user/${seller.shopId}`, { headers: seller.headers })).json()) as {
    idDepot: number;
  }[];
  const depot = depots[0]!.idDepot;
  const stock = (await (
    await request.get(`/api/entrees/boutique/${seller.shopId}/${depot}/0`, { headers: seller.headers })
  ).json()) as { article: { idArticle: number; prix: number }; quantiteDisponible: number }[];
  const row = stock.find((r) => r.quantiteDisponible >= 2 && r.article.prix >= 1_000 && r.article.prix <= 50_000)!;
  expect(row, 'an article in stock').toBeTruthy();
  const invoices = [];
  for (let i = 0; i < 2; i++) {
    const created = await request.post('/api/factures_generate', {
      headers: seller.headers,
      data: {
        client: 0,
        boutiques: seller.shopId,
        articles: [{ articles: row.article.idArticle, nombre: 1 }],
        depot,
        remise: 0,
        typeFactures: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    invoices.push({ ...((await created.json()) as { idFacture: number; codeFac: string; montantFacture: number }), idArticle: row.article.idArticle, depot });
  }
  return invoices;
}

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Finds the invoice at the cash desk by its number and opens its pay dialog. */
async function openPay(page: Page, lang: Lang, code: string, id: number) {
  await page.goto(`/${lang}/app/facture-non-solde?q=${encodeURIComponent(code)}`);
  await page.getByTestId(`row-pay-${id}`).click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-remaining')).toBeVisible();
  return dialog;
}

for (const lang of ['fr', 'en'] as Lang[]) {
  test(`cash closing: the cashier counts a different amount, sees the difference, closes, and the register refuses more payments (${lang})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[lang];
    const director = await session(request, DEMO.director);
    const registerName = `Caisse E2E ${lang} ${unique()}`;
    const created = await request.post('/api/caisses', {
      headers: director.headers,
      data: { libelle: registerName, boutique: director.shopId },
    });
    expect(created.status()).toBe(201);
    const registerId = ((await created.json()) as { idCaisse: number }).idCaisse;
    const [first, second] = await sellerInvoices(request);
    const price = first!.montantFacture;

    // 1. The cashier takes the first invoice in cash on that register, 1 000 FCFA of change.
    await signIn(page, lang, DEMO.cashier);
    let dialog = await openPay(page, lang, first!.codeFac, first!.idFacture);
    await chooseOption(page, 'pay-register', registerName);
    await dialog.getByTestId('pay-amount').fill(String(price));
    await dialog.getByTestId('pay-handed').fill(String(price + 1_000));
    await expect(dialog.getByTestId('pay-change')).toHaveText(/^1\s000\sFCFA$/);
    await dialog.getByTestId('pay-deliver').setChecked(false);
    await dialog.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(snackbar(page, text.paid)).toBeVisible();

    // 2. The closing, from the cash desk: that register's day, its figures.
    await page.getByTestId('cash-desk-closing').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/cloture-caisse`));
    await chooseOption(page, 'closing-register', registerName);
    await expect(page.getByTestId('closing-status')).toHaveText(text.openBadge);
    await expect(page.getByTestId('closing-method-cash')).toHaveText(new RegExp(`^${price.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA$`));
    expect(digits(await page.getByTestId('closing-change').textContent())).toBe(1_000);
    expect(digits(await page.getByTestId('closing-cash-received').textContent())).toBe(price + 1_000);
    expect(digits(await page.getByTestId('closing-expected').textContent())).toBe(price);

    // 3. A float of 5 000 FCFA, and 500 FCFA less counted than expected.
    await page.getByTestId('closing-float').fill('5000');
    await expect.poll(async () => digits(await page.getByTestId('closing-expected').textContent())).toBe(price + 5_000);
    await page.getByTestId('closing-counted-input').fill(String(price + 4_500));
    await expect(page.getByTestId('closing-difference')).toHaveText(/^-500\sFCFA$/);
    await expect(page.getByTestId('closing-difference-words')).toHaveText(text.short);
    await shot(page, `cash-closing-open-${lang}`);

    // 4. Closed: the stored figures, and the PDF.
    await page.getByTestId('closing-submit').click();
    await expect(page.getByTestId('closing-confirm-difference')).toHaveText(/^-500\sFCFA$/);
    await page.getByTestId('closing-confirm-ok').click();
    await expect(snackbar(page, text.closed)).toBeVisible();
    await expect(page.getByTestId('closing-status')).toHaveText(text.closedBadge);
    await expect(page.getByTestId('closing-closed').getByTestId('closing-difference')).toHaveText(/^-500\sFCFA$/);
    await expect(page.getByTestId('closing-history')).toContainText(registerName);
    await shot(page, `cash-closing-closed-${lang}`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('closing-pdf').click()]);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The same documents from the API, kept beside the screenshots to look at.
    const cashier = await session(request, DEMO.cashier);
    const list = (await (await request.get(`/api/clotures/page/${cashier.shopId}/1`, { headers: cashier.headers })).json()) as {
      data: { idCloture: number; caisse: { idCaisse: number } }[];
    };
    const closing = list.data.find((c) => c.caisse.idCaisse === registerId)!;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    for (const format of ['a4', 'ticket']) {
      const pdf = await request.get(`/api/clotures/imprimer/${closing.idCloture}?format=${format}&lang=${lang}`, { headers: cashier.headers });
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      fs.writeFileSync(path.join(SCREENSHOTS, `cash-closing-${format}-${lang}.pdf`), bytes);
    }

    // 5. A further payment on that register, that day: refused with the message.
    dialog = await openPay(page, lang, second!.codeFac, second!.idFacture);
    await chooseOption(page, 'pay-register', registerName);
    await dialog.getByTestId('pay-amount').fill(String(price));
    await dialog.getByTestId('pay-deliver').setChecked(false);
    await dialog.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(page.getByText(text.refused).first()).toBeVisible();
    await shot(page, `cash-closing-refused-${lang}`);

    // The till on that register: its sale is refused with the register's name and what to do.
    await page.goto(`/${lang}/app/vente`);
    await expect(page.getByTestId('till-grid')).toBeVisible();
    await page.getByTestId('till-settings').click();
    await chooseOption(page, 'till-register', registerName);
    await page.keyboard.press('Escape');
    // Said as soon as the register is chosen, not once the money is in hand: no sale is charged on it.
    await expect(page.getByTestId('till-register-closed')).toHaveText(text.tillClosed(registerName));
    await page.getByTestId('till-grid').locator('[data-testid^="till-article-"]:enabled').first().click();
    await expect(page.getByTestId('till-charge').first()).toBeDisabled();
    await shot(page, `cash-closing-till-refused-${lang}`);
    // Nothing was recorded on the closed day: the closing still counts one payment (checked by the director below).

    // The same sale made offline (sent later by the till's queue) is a fact: it counts on the
    // register's next open day, and the cashier's sales list shows when it was sold, marked late
    // with the day it counts on (not a midnight still to come).
    const cashierApi = await session(request, DEMO.cashier);
    const soldAt = new Date();
    const late = await request.post('/api/ventes', {
      headers: cashierApi.headers,
      data: {
        id: randomUUID(),
        vendueLe: soldAt.toISOString(),
        boutique: cashierApi.shopId,
        depot: first!.depot,
        caisse: registerId,
        lignes: [{ article: first!.idArticle, quantite: 1, prix: price }],
        paiements: [{ methode: 'cash', montant: price }],
        horsLigne: true,
        refTicket: `E2E${lang.toUpperCase()}-1`,
      },
    });
    expect(late.status(), await late.text()).toBe(201);
    const lateSale = (await late.json()) as { codeFac: string };
    await page.goto(`/${lang}/app/facture-caissier?q=${encodeURIComponent(lateSale.codeFac)}`);
    const lateRow = page.getByTestId('table-row').filter({ hasText: lateSale.codeFac });
    // Days in the shop's zone (Abidjan), as the seeds write them: 30/11/2026, 2026/11/30.
    const isoDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Africa/Abidjan' });
    const [y, m, d] = isoDay(new Date(soldAt.getTime() + 24 * 3_600_000)).split('-');
    await expect(lateRow.getByTestId('invoice-late')).toHaveText(text.countedOn(lang === 'fr' ? `${d}/${m}/${y}` : `${y}/${m}/${d}`));
    await expect(lateRow).toContainText(isoDay(soldAt));
    await shot(page, `cash-closing-late-sale-${lang}`);

    // 6. The director sees that register's closed day, who closed it and the difference.
    await signOut(page);
    await signIn(page, lang, DEMO.director, DEMO_PASSWORD, SHOP);
    await page.goto(`/${lang}/app/cloture-caisse`);
    await chooseOption(page, 'closing-register', registerName);
    await expect(page.getByTestId('closing-status')).toHaveText(text.closedBadge);
    await expect(page.getByTestId('closing-count')).toHaveText(text.onePayment);
    await expect(page.getByTestId('closing-closed').getByTestId('closing-difference')).toHaveText(/^-500\sFCFA$/);
    const row = page.getByTestId(`closing-row-${closing.idCloture}`);
    await expect(row).toContainText(registerName);
    // Who closed it, by name (seed-demo.ts: caissier is Ibrahim Koné), not by username.
    await expect(row).toContainText('Ibrahim Koné');
    await expect(row).not.toContainText(DEMO.cashier);
    await expect(row).toContainText(/-500\sFCFA/);
    await shot(page, `cash-closing-director-${lang}`);
  });
}
