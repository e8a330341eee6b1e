// Issue 22 item 12: the invoice dialog proposes the seller's own depot, the quantity is 1 unless
// changed, each cart line shows its unit price and line total, and Enter in the article field adds
// the article matching exactly by barcode (a scanner types the digits, then Enter) or by name.
import { expect } from '@playwright/test';
import { DEMO, shotAt, signIn, test, uniqueName, type Lang } from '../support/app.js';
import { auth, demoShop, MAIN_DEPOT, newShop } from '../support/sales.js';

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  test(`the invoice dialog: own depot, quantity 1, unit price and line total, Enter adds by barcode or name (${lang})`, async ({ page, request }) => {
    const s = await demoShop(request);
    const barcode = String(Date.now()).slice(-12);
    const byCode = uniqueName('Savon');
    const byName = uniqueName('Sucre');
    for (const [designation, codeBarre, prix] of [
      [byCode, barcode, 1_250],
      [byName, null, 800],
    ] as const) {
      const made = await request.post('/api/articles_all', {
        headers: auth(s.directorToken),
        data: { boutique: s.shop, depot: s.depot, categorie: null, designation, codeBarre, prix, prixAchat: 500, description: '', stockMin: 0, quantite: 20 },
      });
      expect(made.status(), await made.text()).toBe(201);
    }

    // The demo seller works from the main depot: it is chosen already.
    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/facture`);
    await page.getByTestId('new-invoice').click();
    await expect(page.getByTestId('depot-picker')).toHaveValue(MAIN_DEPOT);
    await expect(page.getByTestId('quantity-input')).toHaveValue('1');

    // A scanner: the digits, then Enter.
    const articleField = page.getByTestId('article-select');
    await articleField.click();
    await articleField.pressSequentially(barcode);
    await articleField.press('Enter');
    const cart = page.getByTestId('cart-table').locator('tbody tr');
    await expect(cart).toHaveCount(1);
    await expect(cart.first()).toContainText(byCode);
    await expect(cart.first()).toContainText(/1\s250\sFCFA/);
    await expect(page.getByTestId('quantity-input')).toHaveValue('1');

    // The exact name, a quantity of 3, then Enter: 3 x 800 = 2 400.
    await page.getByTestId('quantity-input').fill('3');
    await articleField.click();
    await articleField.pressSequentially(byName);
    await articleField.press('Enter');
    await expect(cart).toHaveCount(2);
    const line = cart.filter({ hasText: byName });
    await expect(line).toContainText(/800\sFCFA/);
    await expect(line).toContainText(/2\s400\sFCFA/);
    await expect(page.getByTestId('invoice-total')).toContainText(/3\s650\sFCFA/);
    await shotAt(page, `invoice-dialog-lines-${lang}`, 1280);
    // On account, the invoice waits for its client (the server refuses a Crédit sale for nobody).
    await expect(page.getByTestId('invoice-save')).toBeEnabled();
    await page.getByTestId('invoice-type-select').click();
    await page.getByRole('option', { name: lang === 'fr' ? 'Crédit' : 'Credit sale', exact: true }).click();
    await expect(page.getByText(lang === 'fr' ? 'Client du crédit (obligatoire)' : /credit.*required/i)).toBeVisible();
    await expect(page.getByTestId('invoice-save')).toBeDisabled();
    await page.getByTestId('invoice-type-select').click();
    await page.getByRole('option', { name: lang === 'fr' ? 'Comptant' : 'Cash sale', exact: true }).click();
    await expect(page.getByTestId('invoice-save')).toBeEnabled();
    await page.setViewportSize({ width: 375, height: 812 });
    // The article list closed (a click beside it), so that the picture shows the lines.
    await page.getByTestId('invoice-total').click();
    await expect(page.getByRole('listbox')).toBeHidden();
    // On a phone a line is read whole inside the dialog: its quantity and price under its name, its
    // amount and its remove button within the screen's width.
    await expect(line.getByText(/^3 × 800\sFCFA$/)).toBeVisible();
    for (const end of [line.locator('td').nth(3), line.getByRole('button')]) {
      await expect(end).toBeVisible();
      const box = (await end.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await shotAt(page, `invoice-dialog-lines-${lang}`, 375);
  });
}

test('en: in a shop whose shelf prices are without VAT, the dialog shows the total with VAT that the server records', async ({ page, request }) => {
  const s = await newShop(request, 'invht');
  const identity = await request.put(`/api/boutiques/${s.shop}/identite`, {
    headers: auth(s.directorToken),
    data: { pays: 'SN', assujettiTva: true, prixTtc: false, tauxTva: [18] },
  });
  expect(identity.status(), await identity.text()).toBe(200);
  const designation = uniqueName('Riz');
  const made = await request.post('/api/articles_all', {
    headers: auth(s.directorToken),
    data: { boutique: s.shop, depot: s.depot, categorie: null, designation, codeBarre: null, prix: 5_900, prixAchat: 4_000, description: '', stockMin: 0, quantite: 20 },
  });
  expect(made.status(), await made.text()).toBe(201);

  await signIn(page, 'en', s.directorUsername);
  await page.goto('/en/app/facture');
  await page.getByTestId('new-invoice').click();
  await page.getByTestId('depot-picker').click();
  await page.getByRole('option', { name: MAIN_DEPOT }).click();
  const articleField = page.getByTestId('article-select');
  await articleField.click();
  await articleField.pressSequentially(designation);
  await articleField.press('Enter');
  // 5 900 without VAT at the standard 18 %: 5 900 + 1 062 = 6 962.
  await expect(page.getByTestId('cart-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('invoice-total')).toContainText(/6\s962\sFCFA/);
  await page.getByTestId('print-switch').uncheck();
  await page.getByTestId('invoice-save').click();
  const recorded = async () => {
    const listed = await request.get(`/api/factures/boutique/user/page/${s.shop}/1`, { headers: auth(s.directorToken) });
    return ((await listed.json()) as { data: { montantFacture: number }[] }).data.map((invoice) => invoice.montantFacture);
  };
  await expect.poll(recorded).toEqual([6_962]);
});
