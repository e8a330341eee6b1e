// A seller sells 3 articles with a discount to a new client, opens the PDF and the ticket (issue 9 item 11), fr and en.
import { expect } from '@playwright/test';
import { DEMO, shotAt, signIn, test, unique, type Lang } from '../support/app.js';

const TEXT = {
  fr: { add: 'Nouveau client', created: /La facture (FAC-\d{4}-\d{6}) a été créée/, exceeds: 'Stock insuffisant' },
  en: { add: 'New customer', created: /Invoice (FAC-\d{4}-\d{6}) has been created/, exceeds: 'Not enough stock' },
} as const;

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  test(`a seller sells 3 articles with a discount to a new client and opens the PDF and the ticket (${lang})`, async ({ page }) => {
    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/facture`);
    await page.getByTestId('new-invoice').click();
    await expect(page.getByTestId('invoice-save')).toBeDisabled();

    // Quick add of a new client.
    await page.getByTestId('client-picker-add').click();
    const quick = page.getByTestId('client-picker-quick-add');
    const nom = `Client${unique()}`;
    const inputs = quick.locator('input');
    await inputs.nth(0).fill(nom);
    await inputs.nth(1).fill('Awa');
    await inputs.nth(2).fill('0707123456');
    await inputs.nth(3).fill('Cocody');
    // On a phone the quick-add, with its optional tax id, stays on the screen with its button in reach.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(inputs.nth(4)).toBeVisible();
    const box = (await quick.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await quick.locator('button[type="submit"]').scrollIntoViewIfNeeded();
    await expect(quick.locator('button[type="submit"]')).toBeInViewport();
    await shotAt(page, `${lang}-client-quick-add`, 375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await quick.locator('button[type="submit"]').click();
    await expect(quick).toHaveCount(0);

    await page.getByTestId('depot-picker').click();
    await page.getByRole('option').first().click();
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('article-select').click();
      await page.getByRole('option').nth(i).click();
      await page.getByTestId('quantity-input').fill(i === 0 ? '100000' : '1');
      await page.getByTestId('add-line').click();
      if (i === 0) {
        await expect(page.getByTestId('line-error')).toContainText(TEXT[lang].exceeds);
        await page.getByTestId('quantity-input').fill('2');
        await page.getByTestId('add-line').click();
      }
    }
    await expect(page.getByTestId('cart-table').locator('tbody tr')).toHaveCount(3);
    await page.getByTestId('discount-input').fill('100');
    await page.getByTestId('print-switch').uncheck();
    await shotAt(page, `${lang}-invoice-dialog`, 1280);
    await page.getByTestId('invoice-save').click();
    await expect(page.getByTestId('invoices-table').locator('tbody tr').first()).toContainText(nom);
    const row = page.getByTestId('invoices-table').getByText(nom).first();
    await expect(row).toBeVisible();
    await shotAt(page, `${lang}-invoices`, 1280);

    const [pdf] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid^="row-pdf-"]').first().click()]);
    await expect.poll(() => pdf.url()).toMatch(/^blob:/);
    const [ticket] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid^="row-ticket-"]').first().click()]);
    await expect.poll(() => ticket.url()).toMatch(/^blob:/);
    await page.setViewportSize({ width: 375, height: 812 });
    await shotAt(page, `${lang}-invoices-phone`, 375);
  });
}
