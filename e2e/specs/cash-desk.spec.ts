// Cash desk journeys (issue 9 items 6, 7, 11): a cashier takes a partial payment by Orange Money
// with a reference, then the rest in cash with change; a warehouse keeper delivers the invoice
// with a driver; the director cancels that delivery. In fr and en, on an invoice of the demo
// shop that the journey makes itself through the API (12 500 FCFA, sold by the demo seller).
import { expect, type Page } from '@playwright/test';
import { DEMO, linesTaken, shot, signIn, snackbar, test, uniqueName, type Lang } from '../support/app.js';
import { createArticle, demoShop, searchList, sell } from '../support/sales.js';

const TEXT = {
  fr: {
    payTitle: 'Paiement de la facture',
    orangeMoney: 'Orange Money',
    cash: 'Espèces',
    deliverNow: 'Livrer maintenant',
    deliverNeedsPayment: 'Une vente au comptant est livrée une fois payée en entier.',
    pay: 'Payer',
    paid: 'Le paiement a été enregistré.',
    deliver: 'Livrer',
    delivered: 'Livraison effectuée avec succès.',
    cancel: 'Annuler la livraison',
    cancelled: 'Annulée',
    shop: 'Boutique Plateau',
  },
  en: {
    payTitle: 'Payment of invoice',
    orangeMoney: 'Orange Money',
    cash: 'Cash',
    deliverNow: 'Deliver now',
    deliverNeedsPayment: 'A cash sale is delivered once paid in full.',
    pay: 'Pay',
    paid: 'The payment is successful.',
    deliver: 'Deliver',
    delivered: 'Delivery made successfully.',
    cancel: 'Cancel the delivery',
    cancelled: 'Cancelled',
    shop: 'Boutique Plateau',
  },
} as const;

const digits = (text: string) => Number(text.replace(/\D/g, ''));

async function chooseOption(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

async function logout(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

for (const lang of ['fr', 'en'] as Lang[]) {
  test(`cash desk: partial Orange Money payment, rest in cash with change, delivery and its cancellation (${lang})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[lang];
    const shop = await demoShop(request);
    const article = await createArticle(request, shop, `Cash ${uniqueName('')}`, 5, 12_500);
    const invoice = await sell(request, shop, DEMO.seller, [{ articles: article, nombre: 1 }]);
    const invoiceId = invoice.idFacture;

    await signIn(page, lang, DEMO.cashier);
    await page.goto(`/${lang}/app/facture-non-solde`);
    await searchList(page, invoice.codeFac);
    await expect(page.getByTestId(`row-pay-${invoiceId}`)).toBeVisible();
    // The 80 mm ticket beside the A4 PDF.
    await expect(page.getByTestId(`row-ticket-${invoiceId}`)).toBeVisible();
    await shot(page, `cash-desk-unsettled-${lang}`);

    // 1. A part by Orange Money, with the operator's reference; no delivery now.
    await page.getByTestId(`row-pay-${invoiceId}`).click();
    const dialog = page.getByTestId('pay-dialog');
    await expect(page.getByRole('dialog').getByText(text.payTitle)).toBeVisible();
    const total = digits((await dialog.getByTestId('pay-remaining').textContent()) ?? '');
    expect(total).toBe(12_500);
    // At the counter: the remainder is proposed, no delivery is ticked, the default register shows as the value.
    await expect(dialog.getByTestId('pay-amount')).toHaveValue(/^12\s?500/);
    await expect(dialog.getByTestId('pay-deliver')).not.toBeChecked();
    await expect(dialog.getByTestId('pay-register')).toHaveValue(/.+/);
    await chooseOption(page, 'pay-method', text.orangeMoney);
    await dialog.getByTestId('pay-reference').fill(`OM-${lang}-778899`);
    await dialog.getByTestId('pay-amount').fill('1000');
    // A cash sale half paid cannot leave (DECISIONS §6): the switch is greyed, with the reason.
    await expect(dialog.getByTestId('pay-deliver')).toBeDisabled();
    await expect(dialog.getByText(text.deliverNeedsPayment)).toBeVisible();
    await expect(dialog.getByTestId('pay-after')).toHaveText(/FCFA/);
    await shot(page, `cash-desk-pay-orange-money-${lang}`);
    // On a phone the title keeps the invoice's number whole: it was broken after « FAC- ».
    await page.setViewportSize({ width: 375, height: 812 });
    const title = page.getByRole('dialog').locator('.mantine-Modal-title');
    await expect(title).toContainText(text.payTitle);
    await expect.poll(() => linesTaken(title, invoice.codeFac)).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: text.pay, exact: true }).click();
    await expect(snackbar(page, text.paid)).toBeVisible();
    await expect(dialog).toBeHidden();

    // 2. The rest in cash: 5 000 FCFA more handed over gives 5 000 FCFA of change.
    await page.getByTestId(`row-pay-${invoiceId}`).click();
    await expect(dialog.getByTestId('pay-remaining')).toBeVisible();
    const rest = digits((await dialog.getByTestId('pay-remaining').textContent()) ?? '');
    expect(rest).toBe(total - 1_000);
    await dialog.getByTestId('pay-amount').fill(String(rest));
    await dialog.getByTestId('pay-handed').fill(String(rest + 5_000));
    await expect(dialog.getByTestId('pay-change')).toHaveText(/^5\s000\sFCFA$/);
    // French puts a (non-breaking) space before the colon; English does not.
    await expect(dialog.getByTestId('pay-change').locator('..')).toHaveText(
      lang === 'fr' ? /^Monnaie à rendre\u00a0: 5\s000\sFCFA$/ : /^Change to give back: 5\s000\sFCFA$/,
    );
    await expect(dialog.getByTestId('pay-after')).toHaveText(/^0\sFCFA$/);
    // Settled by this payment, it may leave now.
    await expect(dialog.getByTestId('pay-deliver')).toBeEnabled();
    await expect(dialog.getByText(text.deliverNeedsPayment)).toHaveCount(0);
    await dialog.getByTestId('pay-deliver').setChecked(false);
    await shot(page, `cash-desk-pay-cash-change-${lang}`);
    await dialog.getByRole('button', { name: text.pay, exact: true }).click();
    // The first payment's message may still show: the newest is this one.
    await expect(snackbar(page, text.paid).last()).toBeVisible();
    await expect(page.getByTestId(`row-pay-${invoiceId}`)).toHaveCount(0);

    await page.goto(`/${lang}/app/factures-payees`);
    await expect(page.getByTestId('payments-table').getByText(`Orange Money`).first()).toBeVisible();
    await shot(page, `cash-desk-payments-${lang}`);

    // 3. The warehouse keeper delivers it with a driver.
    await logout(page);
    await signIn(page, lang, DEMO.warehouse);
    await page.goto(`/${lang}/app/facture-livraison`);
    await searchList(page, invoice.codeFac);
    await page.getByTestId(`row-deliver-${invoiceId}`).click();
    const deliver = page.getByTestId('deliver-dialog');
    await expect(deliver).toBeVisible();
    // Seed 001 §5: save disabled until a driver is chosen.
    await expect(deliver.getByRole('button', { name: text.deliver, exact: true })).toBeDisabled();
    await page.getByTestId('driver-picker').click();
    await page.getByRole('option').first().click();
    await shot(page, `cash-desk-deliver-${lang}`);
    await deliver.getByRole('button', { name: text.deliver, exact: true }).click();
    await expect(snackbar(page, text.delivered)).toBeVisible();
    await expect(page.getByTestId(`row-deliver-${invoiceId}`)).toHaveCount(0);

    // 4. The director cancels that delivery: the invoice is to deliver again.
    await logout(page);
    await signIn(page, lang, DEMO.director, undefined, text.shop);
    await page.goto(`/${lang}/app/livraison`);
    await searchList(page, invoice.codeFac);
    const cancel = page.getByTestId(/^row-cancel-\d+$/).first();
    await expect(cancel).toBeVisible();
    const deliveryId = (await cancel.getAttribute('data-testid'))!.replace('row-cancel-', '');
    await shot(page, `cash-desk-deliveries-${lang}`);
    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: text.cancel }).click();
    await expect(page.getByTestId(`delivery-status-${deliveryId}`)).toHaveText(text.cancelled);
    await page.goto(`/${lang}/app/facture-livraison`);
    await searchList(page, invoice.codeFac);
    await expect(page.getByTestId(`row-deliver-${invoiceId}`)).toBeVisible();
  });
}
