// Issue 22 item 6: a seller pays their own invoice from app/facture; every invoice list opens the
// payment history (GET /api/paiements_facture/{id}); a settled invoice shows its pay action greyed
// with the reason as tooltip (seed 001 §4), and as visible text on a phone, not hidden. In fr and en, at 1280 px and 375 px.
import { expect, type Page } from '@playwright/test';
import { DEMO, shotAt, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';
import { createArticle, demoShop, searchList, sell, signOut } from '../support/sales.js';

const TEXT = {
  fr: { pay: 'Payer', paid: 'Le paiement a été enregistré.', settledNoPay: 'Facture soldée : plus rien à payer', history: 'Paiements de la facture', cash: 'Espèces' },
  en: { pay: 'Pay', paid: 'The payment is successful.', settledNoPay: 'Invoice settled: nothing left to pay', history: 'Payments of invoice', cash: 'Cash' },
} as const;

async function payFromList(page: Page, invoiceId: number, amount: string, text: (typeof TEXT)[Lang]) {
  await page.getByTestId(`row-pay-${invoiceId}`).click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-amount')).toBeVisible();
  // The seller's variant: the shop's default register, no register field.
  await expect(dialog.getByTestId('pay-register')).toHaveCount(0);
  await dialog.getByTestId('pay-amount').fill(amount);
  await dialog.getByRole('button', { name: text.pay, exact: true }).click();
  await expect(snackbar(page, text.paid).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  test(`a seller pays from the invoices list, sees the payment history, and a settled invoice's pay action is greyed (${lang})`, async ({ page, request }) => {
    const shop = await demoShop(request);
    const article = await createArticle(request, shop, uniqueName('Pagne'), 5, 12_500);
    const invoice = await sell(request, shop, DEMO.seller, [{ articles: article, nombre: 1 }]);

    await signIn(page, lang, DEMO.seller);
    await page.goto(`/${lang}/app/facture`);
    await searchList(page, invoice.codeFac);
    // Nothing paid yet: the history says so.
    await page.getByTestId(`row-history-${invoice.idFacture}`).click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await page.keyboard.press('Escape');

    await payFromList(page, invoice.idFacture, '5000', text);
    await payFromList(page, invoice.idFacture, '7500', text);

    // Settled: the pay action stays, greyed, its tooltip saying why; a click opens nothing.
    const payAction = page.getByTestId(`row-pay-${invoice.idFacture}`);
    await expect(payAction).toHaveAttribute('aria-disabled', 'true');
    await payAction.hover();
    await expect(page.getByRole('tooltip')).toHaveText(text.settledNoPay);
    await payAction.click({ force: true });
    await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
    // With a mouse the tooltip says it; no extra line in the table.
    await expect(page.getByTestId(`row-pay-reason-${invoice.idFacture}`)).toHaveCount(0);
    await shotAt(page, `invoice-payments-settled-${lang}`, 1280);

    // The history lists both payments with what was paid and what was left after each.
    await page.getByTestId(`row-history-${invoice.idFacture}`).click();
    const table = page.getByTestId('history-table');
    // The title's number has non-breaking hyphens (web/src/lib/document-number.ts).
    await expect(page.getByRole('dialog').getByText(`${text.history} ${invoice.codeFac.replace(/-/g, '\u2011')}`)).toBeVisible();
    const rows = table.locator('[data-testid^="history-row-"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(/5\s000\sFCFA/);
    await expect(rows.first()).toContainText(/7\s500\sFCFA/);
    await expect(rows.last()).toContainText(/0\sFCFA/);
    await expect(table).toContainText(text.cash);
    await shotAt(page, `invoice-payments-history-${lang}`, 1280);
    await page.setViewportSize({ width: 375, height: 812 });
    // On a phone each payment is a card.
    await expect(page.getByTestId('history-table').locator('[data-testid^="history-row-"]')).toHaveCount(2);
    await expect(page.getByTestId('history-table').locator('table')).toHaveCount(0);
    await shotAt(page, `invoice-payments-history-${lang}`, 375);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`row-pay-${invoice.idFacture}`)).toBeDisabled();
    // A touch screen has no hover: the reason is written under the greyed button (issue 22).
    await expect(page.getByTestId(`row-pay-reason-${invoice.idFacture}`)).toBeVisible();
    await expect(page.getByTestId(`row-pay-reason-${invoice.idFacture}`)).toHaveText(text.settledNoPay);
    await shotAt(page, `invoice-payments-settled-${lang}`, 375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The cashier's settled list: the same greyed action and the same history.
    await signOut(page);
    await signIn(page, lang, DEMO.cashier);
    await page.goto(`/${lang}/app/facture-solde`);
    await searchList(page, invoice.codeFac);
    await expect(page.getByTestId(`row-pay-${invoice.idFacture}`)).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId(`row-history-${invoice.idFacture}`).click();
    await expect(page.getByTestId('history-table').locator('[data-testid^="history-row-"]')).toHaveCount(2);
  });
}
