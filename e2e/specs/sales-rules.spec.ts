// Sales rules (issue 9 items 3, 6, 10, 11), in fr and en, each journey on its own data made
// through the API: a seller sees only their own invoices; a proforma is never paid and becomes an
// invoice in one action; the director deletes an invoice and its stock comes back; the edit dialog
// changes a quantity and the stock follows; the cashier sells and takes the payment at once.
import { expect, type Page } from '@playwright/test';
import { apiToken, DEMO, shot, shotAt, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';
import { auth, availableOf, createArticle, createShopUser, demoShop, DEMO_SHOP, MAIN_DEPOT, newShop, searchList, sell, signOut } from '../support/sales.js';

const TEXT = {
  fr: {
    seller: 'Vendeur',
    converted: /La proforma est devenue la facture (FAC-\d{4}-\d{6})\./,
    quoted: /La facture (PRO-\d{4}-\d{6}) a été créée\./,
    short: 'Stock insuffisant pour transformer cette proforma en facture',
    cashSale: 'Comptant',
    creditSale: 'Crédit',
    creditType: 'Crédit',
    became: (code: string) => `Devenue ${code}`,
    deleted: 'La facture a été supprimée ; son stock est revenu au dépôt.',
    deleteConfirm: 'La facture sera annulée et retirée de cette liste : un avoir la reprend (écran Avoirs) et son document reste consultable, marqué annulé. Son stock revient au dépôt.',
    updated: (code: string) => `La facture ${code} a été modifiée.`,
    created: /La facture (FAC-\d{4}-\d{6}) a été créée\./,
    exceeds: 'Stock insuffisant : seulement 10 disponibles dans ce dépôt.',
    removeLine: 'Retirer la ligne',
    paid: 'Le paiement a été enregistré.',
    settled: 'Soldée',
    pay: 'Payer',
    cash: 'Espèces',
    wave: 'Wave',
    toCash: 'À encaisser',
    mobileMoney: 'Orange Money',
    invoiceDeleted: 'Facture supprimée',
  },
  en: {
    seller: 'Seller',
    converted: /The proforma became invoice (FAC-\d{4}-\d{6})\./,
    quoted: /Invoice (PRO-\d{4}-\d{6}) has been created\./,
    short: 'Not enough stock to turn this proforma into an invoice',
    cashSale: 'Cash sale',
    creditSale: 'Credit sale',
    creditType: 'Credit sale',
    became: (code: string) => `Became ${code}`,
    deleted: 'The invoice has been deleted; its stock is back in the depot.',
    deleteConfirm: 'The invoice will be cancelled and leave this list: a credit note takes it back (Credit notes screen) and its document stays available, marked cancelled. Its stock returns to the depot.',
    updated: (code: string) => `Invoice ${code} has been updated.`,
    created: /Invoice (FAC-\d{4}-\d{6}) has been created\./,
    exceeds: 'Not enough stock: only 10 available in this depot.',
    removeLine: 'Remove the line',
    paid: 'The payment is successful.',
    settled: 'Settled',
    pay: 'Pay',
    cash: 'Cash',
    wave: 'Wave',
    toCash: 'To be paid',
    mobileMoney: 'Orange Money',
    invoiceDeleted: 'Invoice deleted',
  },
} as const;

async function chooseOption(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

/** The available quantity of the main depot's row on the stock list (app/articlesPaginate), searched by name. */
async function stockOnScreen(page: Page, lang: Lang, name: string) {
  await page.goto(`/${lang}/app/articlesPaginate`);
  await searchList(page, name);
  return page.getByTestId('table-row').filter({ hasText: MAIN_DEPOT }).getByTestId('available');
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];

  test(`a seller sees only their own invoices; the director sees both with the seller (${lang})`, async ({ page, request }) => {
    const s = await newShop(request, 'salr');
    const article = await createArticle(request, s, `Pagne ${uniqueName('')}`, 20);
    const [first, second] = [await createShopUser(request, s, 'vda', [4]), await createShopUser(request, s, 'vdb', [4])];
    const mine = await sell(request, s, first, [{ articles: article, nombre: 1 }]);
    const theirs = await sell(request, s, second, [{ articles: article, nombre: 2 }]);

    // The server itself keeps the other seller's invoice from them.
    const token = await apiToken(request, first);
    expect((await request.get(`/api/factures/commande/detail/${theirs.idFacture}`, { headers: auth(token) })).status()).toBe(404);

    await signIn(page, lang, first);
    await page.goto(`/${lang}/app/facture`);
    const table = page.getByTestId('invoices-table');
    await expect(table.getByTestId('table-row')).toHaveCount(1);
    await expect(table.getByTestId('table-row')).toContainText(mine.codeFac);
    await expect(table.getByText(theirs.codeFac)).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: text.seller })).toHaveCount(0);
    await shot(page, `sales-rules-own-invoices-${lang}`);

    await signOut(page);
    await signIn(page, lang, s.directorUsername);
    await page.goto(`/${lang}/app/facture`);
    await expect(table.getByTestId('table-row')).toHaveCount(2);
    await expect(table.getByRole('columnheader', { name: text.seller })).toBeVisible();
    await expect(table.getByTestId('table-row').filter({ hasText: mine.codeFac })).toContainText(first);
    await expect(table.getByTestId('table-row').filter({ hasText: theirs.codeFac })).toContainText(second);
    await shot(page, `sales-rules-director-invoices-${lang}`);
  });

  test(`a proforma quotes beyond the stock, is never paid, and becomes a Comptant or Crédit invoice once the stock is there (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const name = `Proforma ${uniqueName('')}`;
    const article = await createArticle(request, s, name, 1);

    // The seller quotes 3 of an article the depot holds 1 of: a quote takes no stock and is not limited by it.
    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/facture`);
    await page.getByTestId('new-invoice').click();
    await page.getByTestId('invoice-type-select').click();
    await page.getByRole('option', { name: 'Proforma', exact: true }).click();
    await page.getByTestId('depot-picker').click();
    await page.getByRole('option', { name: MAIN_DEPOT }).click();
    await page.getByTestId('article-select').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByTestId('quantity-input').fill('3');
    await page.getByTestId('add-line').click();
    await expect(page.getByTestId('line-error')).toHaveCount(0);
    await expect(page.getByTestId('cart-table').locator('tbody tr')).toHaveCount(1);
    await page.getByTestId('print-switch').uncheck();
    await page.getByTestId('invoice-save').click();
    const created = snackbar(page, text.quoted);
    await expect(created).toBeVisible();
    const proformaCode = text.quoted.exec((await created.textContent()) ?? '')![1]!;
    expect(await availableOf(request, s, article)).toBe(1);
    await searchList(page, proformaCode);
    const convertButton = page.locator('[data-testid^="row-convert-"]');
    const proformaId = Number((await convertButton.getAttribute('data-testid'))!.replace('row-convert-', ''));

    // The API refuses to pay it, whoever asks.
    const cashierToken = await apiToken(request, DEMO.cashier);
    const refused = await request.post('/api/paiements/livre', {
      headers: { ...auth(cashierToken), 'Accept-Language': lang },
      data: { facture: proformaId, montantPaye: 1000 },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('INVOICE_PROFORMA');

    // Its conversion asks first, with the choice of type; the stock is checked then, the short article named.
    await convertButton.click();
    const dialog = page.getByTestId('convert-dialog');
    // The modal's root has no box of its own: its button shows it is open.
    await expect(dialog.getByTestId('convert-confirm')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: text.cashSale })).toBeChecked();
    await dialog.getByTestId('convert-confirm').click();
    await expect(dialog.getByTestId('convert-error')).toContainText(`${name} (1 / 3)`);
    await expect(dialog.getByTestId('convert-error')).toContainText(text.short);
    await shot(page, `sales-rules-convert-short-${lang}`);
    expect(await availableOf(request, s, article)).toBe(1);

    // Stock arrives; a Crédit sale needs a client, chosen here since the quote names none.
    const added = await request.put('/api/ajouter', { headers: auth(s.directorToken), data: { boutique: s.shop, article, depot: s.depot, quantite: 2 } });
    expect(added.status(), await added.text()).toBe(200);
    await dialog.getByRole('radio', { name: text.creditSale }).check();
    await expect(dialog.getByTestId('convert-confirm')).toBeDisabled();
    await dialog.getByTestId('client-picker').click();
    await page.getByRole('option').first().click();
    await expect(dialog.getByTestId('convert-confirm')).toBeEnabled();
    await shot(page, `sales-rules-convert-credit-${lang}`);
    await dialog.getByTestId('convert-confirm').click();
    const message = snackbar(page, text.converted);
    await expect(message).toBeVisible();
    const code = text.converted.exec((await message.textContent()) ?? '')![1]!;
    expect(code).not.toBe(proformaCode);
    expect(await availableOf(request, s, article)).toBe(0);

    // The proforma says what it became, links to it, and shows no remainder.
    await expect(page.getByTestId(`row-convert-${proformaId}`)).toHaveCount(0);
    const link = page.getByTestId(`converted-to-${proformaId}`);
    await expect(link).toHaveText(text.became(code));
    const row = page.getByTestId('table-row').filter({ hasText: proformaCode });
    await expect(row).toContainText('—');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shotAt(page, `sales-rules-proforma-converted-${lang}`, 1280);
    await page.setViewportSize({ width: 375, height: 812 });
    await shotAt(page, `sales-rules-proforma-converted-${lang}`, 375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${code}`));
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await expect(page.getByTestId('table-row').first()).toContainText(code);
    await expect(page.getByTestId('table-row').first()).toContainText(text.creditType);
  });

  test(`the director deletes an invoice and sees its stock come back (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const name = `Suppr ${uniqueName('')}`;
    const article = await createArticle(request, s, name, 10);
    const invoice = await sell(request, s, DEMO.seller, [{ articles: article, nombre: 3 }]);

    await signIn(page, lang, DEMO.director, undefined, DEMO_SHOP);
    await expect(await stockOnScreen(page, lang, name)).toHaveText('7');
    await shot(page, `sales-rules-stock-before-delete-${lang}`);

    await page.goto(`/${lang}/app/facture`);
    await searchList(page, invoice.codeFac);
    await page.getByTestId(`row-delete-${invoice.idFacture}`).click();
    // The confirmation says what the deletion does (unpaid: no payment to refund).
    await expect(page.getByTestId('confirm-delete-dialog')).toContainText(text.deleteConfirm);
    await shot(page, `sales-rules-delete-confirm-${lang}`);
    await page.getByTestId('confirm-delete').click();
    await expect(snackbar(page, text.deleted)).toBeVisible();
    await expect(page.getByTestId(`row-delete-${invoice.idFacture}`)).toHaveCount(0);

    await expect(await stockOnScreen(page, lang, name)).toHaveText('10');
    await shot(page, `sales-rules-stock-after-delete-${lang}`);

    // The audit trail, from the home shortcuts, keeps who deleted it and its amounts before.
    await page.goto(`/${lang}/app/accueil`);
    await page.getByTestId('shortcut-journal-audit').click();
    await page.getByTestId('table-search').fill('invoice.delete');
    const line = page.getByTestId('table-row').filter({ hasText: invoice.codeFac });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(text.invoiceDeleted);
    await expect(line).toContainText(DEMO.director);
    await shot(page, `sales-rules-audit-${lang}`);
  });

  test(`the edit dialog changes a quantity and the stock follows (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const name = `Modif ${uniqueName('')}`;
    const article = await createArticle(request, s, name, 10, 2_000);
    const invoice = await sell(request, s, DEMO.seller, [{ articles: article, nombre: 4 }]);
    expect(await availableOf(request, s, article)).toBe(6);

    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/facture`);
    await searchList(page, invoice.codeFac);
    await page.getByTestId(`row-edit-${invoice.idFacture}`).click();
    const dialog = page.getByTestId('invoice-dialog');
    const cart = dialog.getByTestId('cart-table').locator('tbody tr');
    await expect(cart).toHaveCount(1);
    await expect(cart).toContainText(name);
    await expect(cart).toContainText('4');

    // The line goes and comes back with another quantity: what the invoice holds counts as available.
    await cart.getByRole('button', { name: text.removeLine }).click();
    await page.getByTestId('article-select').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByTestId('quantity-input').fill('11');
    await page.getByTestId('add-line').click();
    await expect(page.getByTestId('line-error')).toHaveText(text.exceeds);
    await page.getByTestId('quantity-input').fill('7');
    await page.getByTestId('add-line').click();
    await expect(cart).toContainText('7');
    await page.getByTestId('print-switch').uncheck();
    await shot(page, `sales-rules-edit-dialog-${lang}`);
    await page.getByTestId('invoice-save').click();
    await expect(snackbar(page, text.updated(invoice.codeFac))).toBeVisible();
    await expect(page.getByTestId('table-row').filter({ hasText: invoice.codeFac })).toContainText(/14\s000\sFCFA/);
    expect(await availableOf(request, s, article)).toBe(3);
  });

  test(`the cashier sells and takes the payment at once on a register, then cashes another invoice (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const name = `Caisse ${uniqueName('')}`;
    const article = await createArticle(request, s, name, 10, 3_000);
    const registerName = `Caisse ${uniqueName('')}`;
    const register = await request.post('/api/caisses', { headers: auth(s.directorToken), data: { libelle: registerName, boutique: s.shop } });
    expect(register.status(), await register.text()).toBe(201);
    const idCaisse = ((await register.json()) as { idCaisse: number }).idCaisse;

    await signIn(page, lang, DEMO.cashier);
    await page.getByTestId('menu-facture-caissier').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/facture-caissier`));
    await expect(page.getByTestId('cashier-sales-table').getByTestId(/^table-(row|no-data)$/).first()).toBeVisible();
    await shot(page, `sales-rules-cashier-sales-${lang}`);

    // A sale of 2 units, then its payment in cash with change, on the chosen register.
    await page.getByTestId('new-sale').click();
    await chooseOption(page, 'depot-picker', MAIN_DEPOT);
    await page.getByTestId('article-select').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByTestId('quantity-input').fill('2');
    await page.getByTestId('add-line').click();
    await page.getByTestId('print-switch').uncheck();
    await page.getByTestId('invoice-save').click();
    const created = snackbar(page, text.created);
    await expect(created).toBeVisible();
    const code = text.created.exec((await created.textContent()) ?? '')![1]!;
    expect(await availableOf(request, s, article)).toBe(8);

    const pay = page.getByTestId('pay-dialog');
    await expect(pay).toBeVisible();
    await expect(pay.getByTestId('pay-remaining')).toContainText(/6\s000\sFCFA/);
    await chooseOption(page, 'pay-register', registerName);
    await pay.getByTestId('pay-amount').fill('6000');
    await pay.getByTestId('pay-handed').fill('10000');
    await expect(pay.getByTestId('pay-change')).toHaveText(/^4\s000\sFCFA$/);
    await shot(page, `sales-rules-cashier-pay-${lang}`);
    await pay.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(snackbar(page, text.paid)).toBeVisible();
    await expect(pay).toBeHidden();
    await searchList(page, code);
    const row = page.getByTestId('table-row').filter({ hasText: code });
    await expect(row.locator('[data-testid^="sale-status-"]')).toHaveText(text.settled);
    await expect(row.locator('[data-testid^="row-pay-"]')).toHaveCount(0);

    const cashierToken = await apiToken(request, DEMO.cashier);
    const idFacture = Number((await row.locator('[data-testid^="sale-status-"]').getAttribute('data-testid'))!.replace('sale-status-', ''));
    const history = (await (await request.get(`/api/paiements_facture/${idFacture}`, { headers: auth(cashierToken) })).json()) as {
      caisse: { idCaisse: number };
      montantPaye: number;
      reliquat: number;
    }[];
    expect(history).toEqual([expect.objectContaining({ caisse: expect.objectContaining({ idCaisse }), montantPaye: 6000, reliquat: 4000 })]);

    // An invoice of the seller, cashed from the "to be paid" view by Wave.
    const other = await sell(request, s, DEMO.seller, [{ articles: article, nombre: 1 }]);
    await page.getByTestId('cashier-sales-view').getByText(text.toCash).click();
    await searchList(page, other.codeFac);
    await page.getByTestId(`row-pay-${other.idFacture}`).click();
    await expect(pay).toBeVisible();
    await chooseOption(page, 'pay-method', text.wave);
    await pay.getByTestId('pay-reference').fill(`WV-${lang}-4455`);
    await pay.getByTestId('pay-amount').fill('3000');
    await pay.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(snackbar(page, text.paid).last()).toBeVisible();
    await expect(page.getByTestId(`row-pay-${other.idFacture}`)).toHaveCount(0);
    await shot(page, `sales-rules-cashier-to-cash-${lang}`);
  });

  test(`a client's statement shows their invoices, payments and balance (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const article = await createArticle(request, s, `Releve ${uniqueName('')}`, 10, 5_000);
    const sellerToken = await apiToken(request, DEMO.seller);
    const nom = `Releve${uniqueName('')}`;
    const created = await request.post('/api/clients', {
      headers: auth(sellerToken),
      data: { nom, prenom: 'Mariam', telephone: '0102030405', adresse: 'Marcory', boutique: s.shop },
    });
    expect(created.status(), await created.text()).toBe(201);
    const idClient = ((await created.json()) as { idClient: number }).idClient;
    const first = await sell(request, s, DEMO.seller, [{ articles: article, nombre: 2 }], 1, idClient);
    await sell(request, s, DEMO.seller, [{ articles: article, nombre: 1 }], 2, idClient);
    const paid = await request.post('/api/paiements/livre', {
      headers: auth(sellerToken),
      data: { facture: first.idFacture, montantPaye: 4000, total: 10_000, reste: 10_000, methode: 'orange_money', reference: 'OM-778899' },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/client`);
    await searchList(page, nom);
    await page.getByTestId(`row-statement-${idClient}`).click();
    const statement = page.getByTestId('client-statement');
    await expect(statement.getByTestId('statement-invoices').locator('tbody tr')).toHaveCount(2);
    await expect(statement.getByTestId('statement-payments').locator('tbody tr')).toHaveCount(1);
    await expect(statement.getByTestId('statement-payments')).toContainText(text.mobileMoney);
    await expect(statement.getByTestId('statement-total')).toHaveText(/^15\s000\sFCFA$/);
    await expect(statement.getByTestId('statement-paid')).toHaveText(/^4\s000\sFCFA$/);
    await expect(statement.getByTestId('statement-balance')).toHaveText(/^11\s000\sFCFA$/);
    await shot(page, `sales-rules-client-statement-${lang}`);
  });
}
