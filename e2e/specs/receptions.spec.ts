// Receptions (issue 8): a warehouse keeper records a reception of 10 units with a driver added on
// the spot, and opens its receipt; the stock of the depot grows by 10. In fr and en.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, shot, shotAt, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';

const TEXT = {
  fr: {
    driverCreated: 'Chauffeur enregistré.',
    created: 'La réception est enregistrée et son bon de réception a été généré.',
    quantityRequired: 'Saisissez la quantité.',
    duplicate: 'Cet article est déjà dans la liste : modifiez plutôt sa quantité.',
    driverName: 'Nom',
    driverPhone: 'Numéro de contact',
    units: '10 unités',
    updated: 'La réception a bien été modifiée.',
    large: /Quantité ou montant inhabituel.*: 100\s000 unités à 16\s000\sFCFA l’unité, soit 1\s600\s000\s000\sFCFA/,
  },
  en: {
    driverCreated: 'Driver saved.',
    created: 'The reception has been recorded and its receipt generated.',
    quantityRequired: 'Enter the quantity.',
    duplicate: 'This article is already in the list: change its quantity instead.',
    driverName: 'Name',
    driverPhone: 'Contact number',
    units: '10 units',
    updated: 'The reception has been updated.',
    large: /Unusual quantity or amount.*: 100\s000 units at 16\s000\sFCFA each, 1\s600\s000\s000\sFCFA in all/,
  },
} as const;

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** The demo shop and its main depot, and a new article with no stock there (made by the director through the API). */
async function newArticle(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.director)}` };
  const shops = (await (await request.get('/api/boutique_current_user', { headers })).json()) as {
    idBoutique: number;
    nom: string;
  }[];
  const shop = shops.find((s) => s.nom === 'Boutique Plateau')!;
  const depots = (await (await request.get(`/api/ligne_depot_current_boutique/${shop.idBoutique}`, { headers })).json()) as {
    idDepot: number;
    libelle: string;
  }[];
  const depot = depots.find((d) => d.libelle === 'Magasin principal')!;
  const designation = uniqueName('Riz');
  const response = await request.post('/api/articles_all', {
    headers,
    data: {
      designation,
      prix: 17500,
      prixAchat: 15000,
      description: '',
      stockMin: 0,
      quantite: 0,
      depot: depot.idDepot,
      boutique: shop.idBoutique,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const article = (await response.json()) as { idArticle: number };
  return { shop, depot, designation, idArticle: article.idArticle, headers };
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const t = TEXT[lang];

  test(`a warehouse keeper records a reception of 10 units with a new driver and opens its receipt (${lang})`, async ({
    page,
    request,
  }) => {
    const { shop, depot, designation, idArticle, headers } = await newArticle(request);
    const driverName = uniqueName('Yao');
    await signIn(page, lang, DEMO.warehouse);
    await page.goto(`/${lang}/app/reception`);
    await expect(page.getByTestId('receptions-table')).toBeVisible();
    await page.getByTestId('new-reception').click();
    const dialog = page.getByTestId('reception-dialog');
    await expect(dialog).toBeVisible();
    // Save waits for a line.
    await expect(dialog.getByTestId('dialog-submit')).toBeDisabled();

    // A driver added on the spot is chosen at once.
    await dialog.getByTestId('driver-picker-add').click();
    const quickAdd = page.getByTestId('driver-picker-quick-add');
    await quickAdd.getByLabel(t.driverName, { exact: true }).fill(driverName);
    await quickAdd.getByLabel(t.driverPhone, { exact: true }).fill('07 08 09 10 11');
    await quickAdd.getByTestId('dialog-submit').click();
    await expect(snackbar(page, t.driverCreated)).toBeVisible();
    await expect(quickAdd).toBeHidden();
    // Its name in the select, its number under it: a long number never cuts the name on a phone.
    await expect(dialog.getByTestId('driver-picker')).toHaveValue(driverName);
    await expect(dialog.getByText('0708091011', { exact: true })).toBeVisible();
    // Found again by its number, shown under its name in the list.
    await dialog.getByTestId('driver-picker').fill('070809');
    const found = page.getByRole('option', { name: new RegExp(driverName) });
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('0708091011');
    await page.keyboard.press('Escape');
    await dialog.getByTestId('driver-picker').blur();
    await expect(dialog.getByTestId('driver-picker')).toHaveValue(driverName);

    await dialog.getByTestId('supplier-picker').click();
    await page.getByRole('option', { name: 'Sotra Import SARL' }).click();
    await dialog.getByTestId('depot-picker').click();
    await page.getByRole('option', { name: depot.libelle }).click();
    await dialog.getByTestId('reception-article-picker').fill(designation);
    await page.getByRole('option', { name: designation }).click();

    // The purchase price is the article's, editable (DECISIONS §5): this delivery costs 16 000 a unit.
    await expect(dialog.getByTestId('reception-price')).toHaveValue('15000');
    await dialog.getByTestId('reception-price').fill('16000');
    // No quantity: refused; 10: added; the same article again: refused.
    await dialog.getByTestId('reception-add-line').click();
    await expect(dialog.getByText(t.quantityRequired)).toBeVisible();
    // 100 000 typed for 10: asked once before it is added (a slip would move the purchase price).
    await dialog.getByTestId('reception-quantity').fill('100000');
    await dialog.getByTestId('reception-add-line').click();
    await expect(dialog.getByTestId('reception-large-line')).toHaveText(t.large);
    await expect(dialog.getByTestId(`reception-line-${idArticle}`)).toHaveCount(0);
    await shot(page, `${lang}-reception-large-line`);
    // Pressed again: added as typed, in grouped digits; taken out again.
    await dialog.getByTestId('reception-add-line').click();
    await expect(dialog.getByTestId('reception-large-line')).toHaveCount(0);
    await expect(dialog.getByTestId(`reception-line-${idArticle}`)).toContainText(/100\s000/);
    await dialog.getByTestId(`reception-remove-${idArticle}`).click();
    await dialog.getByTestId('reception-article-picker').fill(designation);
    await page.getByRole('option', { name: designation }).click();
    await dialog.getByTestId('reception-price').fill('16000');
    await dialog.getByTestId('reception-quantity').fill('10');
    await dialog.getByTestId('reception-add-line').click();
    await expect(dialog.getByTestId(`reception-line-${idArticle}`)).toContainText(designation);
    await expect(dialog.getByTestId(`reception-line-${idArticle}`)).toContainText(/16\s000\sFCFA/);
    await expect(dialog.getByTestId('reception-total-units')).toHaveText(t.units);
    await dialog.getByTestId('reception-article-picker').fill(designation);
    await page.getByRole('option', { name: designation }).click();
    await dialog.getByTestId('reception-quantity').fill('3');
    await dialog.getByTestId('reception-add-line').click();
    await expect(dialog.getByText(t.duplicate)).toBeVisible();
    await expect(dialog.getByTestId('reception-total-units')).toHaveText(t.units);
    await shot(page, `${lang}-reception-dialog`);
    // On a phone the quantity field shows 4 digits whole.
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByTestId('reception-quantity').fill('1000');
    const quantityFits = await dialog
      .getByTestId('reception-quantity')
      .evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth && input.clientWidth >= 40);
    expect(quantityFits).toBe(true);
    await shotAt(page, `${lang}-reception-dialog-phone`, 375);
    await dialog.getByTestId('reception-quantity').fill('');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saved: the receipt opens in a new tab.
    const popup = page.waitForEvent('popup');
    await dialog.getByTestId('dialog-submit').click();
    await expect(snackbar(page, t.created)).toBeVisible();
    const receiptTab = await popup;
    await expect.poll(() => receiptTab.url()).toMatch(/^blob:/);
    await receiptTab.close();

    const row = page.getByTestId('receptions-table').getByTestId('table-row').filter({ hasText: driverName });
    await expect(row).toContainText(depot.libelle);
    await expect(row).toContainText('0708091011');
    await expect(row).toContainText(/REC-\d{4}-\d{6}/);
    await shot(page, `${lang}-receptions`);

    // The receipt again, from the row.
    const mine = (await (
      await request.get(`/api/reception_boutique_user/${shop.idBoutique}`, {
        headers: { Authorization: `Bearer ${await apiToken(request, DEMO.warehouse)}` },
      })
    ).json()) as {
      idReception: number;
      file: string;
      code: string;
      article: { nombre: number; articles: { idArticle: number } }[];
    }[];
    const reception = mine.find((r) => r.article.some((line) => line.articles.idArticle === idArticle))!;
    expect(reception.article).toEqual([expect.objectContaining({ nombre: 10 })]);
    const again = page.waitForEvent('popup');
    await page.getByTestId(`row-receipt-${reception.idReception}`).click();
    const tab = await again;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // The depot holds the 10 units; the receipt is a PDF, kept to be looked at.
    const stock = (await (
      await request.get(`/api/entrees_article/${shop.idBoutique}/${idArticle}/${depot.idDepot}`, { headers })
    ).json()) as {
      quantiteDisponible: number;
      article: { prixAchat: number };
    };
    expect(stock.quantiteDisponible).toBe(10);
    // Nothing was on hand: the article's purchase price is now the one received.
    expect(stock.article.prixAchat).toBe(16_000);
    const pdf = await request.get(`/api/downloadFile/${reception.file}?lang=${lang}`, { headers });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The receipt shows the price entered and the line's amount.
    const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body(), encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('16 000');
    expect(text).toContain('160 000');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, `${lang}-reception-receipt.pdf`), await pdf.body());

    // The driver deleted since (by the director): the keeper's edit still names him, and saves.
    const driverId = (reception as unknown as { chauffeure: { id: number } }).chauffeure.id;
    expect((await request.delete(`/api/chauffeur/${driverId}`, { headers })).status()).toBe(200);
    await page.reload();
    await page.getByTestId(`row-edit-${reception.idReception}`).click();
    const edit = page.getByTestId('reception-dialog');
    await expect(edit.getByTestId('driver-picker')).toHaveValue(driverName);
    await expect(edit.getByTestId('supplier-picker')).toHaveValue('Sotra Import SARL');
    await edit.getByTestId('dialog-submit').click();
    await expect(snackbar(page, t.updated)).toBeVisible();
  });
}
