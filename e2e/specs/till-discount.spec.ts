// A discount at the till (issue 19's till, app/vente): the cashier agrees a lower price with the
// customer and gives it in the pay panel; the screen shows subtotal, discount and total by the shared
// rule, a discount above the lines' sum cannot be confirmed and says why, the quick cash amounts and
// the change use the discounted total, and the server records the sale with its `remise`. On a phone
// (fr), with the keyboard alone on a desktop (en: F8, the discount kept with the cart over a reload),
// and offline on both widths (the ticket shows the discount; the queue sends it when back online).
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { apiToken, shotAt, test, type Lang } from '../support/app.js';
import { invoicePayments, openTill, ownInvoices, screenAsSeen, threeArticleShop } from '../support/sales.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

type Invoice = { idFacture: number; codeFac: string; remise: number; montantFacture: number; montantPaye: number; reste: number };
type Payment = { methode: string; montant: number; montantPaye: number; reliquat: number };

const money = (text: string) => new RegExp(`^${text.replace(' ', '\\s')}\\sFCFA$`);

/** The pay panel keeps on the screen: its confirm button is within the viewport's width and height. */
async function expectWithinScreen(page: Page) {
  const box = await page.getByTestId('till-pay').getByTestId('till-confirm').boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(viewport.width);
}

const tooHigh = {
  fr: /La remise ne peut pas dépasser la somme des lignes \(4\s150\sFCFA\)\./,
  en: /The discount cannot exceed the sum of the lines \(4\s150\sFCFA\)\./,
} as const;

test.describe('a discount on a phone', () => {
  test.use(PHONE);

  test('fr, 375 px: a discount too high is refused and says why; 650 off, paid 5 000 in cash, 1 500 given back', async ({
    page,
    request,
  }) => {
    const { shop, cashier, ids } = await threeArticleShop(request, 'discfr', 'disc');
    const token = await apiToken(request, cashier);
    await openTill(page, 'fr', cashier);
    for (const id of ids) await page.getByTestId(`till-article-${id}`).tap();
    await expect(page.getByTestId('till-phone-bar').getByTestId('till-total')).toHaveText(money('4 150'));
    await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
    const pay = page.getByTestId('till-pay');
    await expect(pay.getByTestId('till-discount')).toBeHidden();
    await expect(pay.getByTestId('till-discount-open')).toHaveText('Remise');
    await screenAsSeen(page, 'till-discount-closed-fr-375');
    await pay.getByTestId('till-discount-open').tap();
    const entry = pay.getByTestId('till-discount-amount');
    await expect(entry).toBeFocused();

    // Above the lines' sum: said in French, and the sale cannot be confirmed.
    await entry.fill('5000');
    await expect(pay.getByTestId('till-discount')).toContainText(tooHigh.fr);
    await expect(pay.getByTestId('till-confirm')).toBeDisabled();
    await screenAsSeen(page, 'till-discount-too-high-fr-375');

    // Removed in one tap: the whole amount again.
    await pay.getByTestId('till-discount-remove').tap();
    await expect(pay.getByTestId('till-discount')).toBeHidden();
    await expect(pay.getByTestId('till-pay-total')).toHaveText(money('4 150'));
    await expect(pay.getByTestId('till-confirm')).toBeEnabled();
    await pay.getByTestId('till-discount-open').tap();
    await entry.fill('650');
    await expect(pay.getByTestId('till-subtotal')).toHaveText(money('4 150'));
    // The subtotal is whole beside the discount's input, not under it (« 110 200 FCF » was cut at 375 px).
    const subtotalBox = (await pay.getByTestId('till-subtotal').boundingBox())!;
    const inputBox = (await pay.getByTestId('till-discount-amount').boundingBox())!;
    expect(subtotalBox.x + subtotalBox.width).toBeLessThanOrEqual(inputBox.x);
    await expect(pay.getByTestId('till-pay-total')).toHaveText(money('3 500'));
    // Closed, the cart keeps its discount: the bar charges 3 500, the cart shows subtotal and discount.
    await pay.getByRole('button', { name: 'Fermer', exact: true }).tap();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('till-phone-bar').getByTestId('till-total')).toHaveText(money('3 500'));
    await page.getByTestId('till-cart-open').tap();
    const cart = page.getByTestId('till-cart');
    await expect(cart.getByTestId('cart-subtotal')).toHaveText(money('4 150'));
    await expect(cart.getByTestId('cart-discount')).toHaveText(/^−\s650\sFCFA$/);
    await expect(cart.getByTestId('till-total')).toHaveText(money('3 500'));
    await screenAsSeen(page, 'till-discount-cart-fr-375');
    await cart.getByTestId('till-charge').tap();
    await expect(pay.getByTestId('till-discount-amount')).toHaveValue('650 FCFA');
    // The exact amount and the quick amounts are the discounted total's.
    await expect(pay.getByTestId('pay-exact')).toContainText(/3\s500/);
    await expect(pay.getByTestId('pay-amount-0')).toHaveValue('3 500 FCFA');
    await pay.getByTestId('pay-quick-5000').tap();
    await expect(pay.getByTestId('till-change')).toHaveText(money('1 500'));
    await expect(pay.getByTestId('till-confirm')).toBeEnabled();
    await expectWithinScreen(page);
    await screenAsSeen(page, 'till-discount-pay-fr-375');

    await pay.getByTestId('till-auto-ticket').uncheck();
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-pay-done')).toBeVisible();
    await expect(pay.getByTestId('till-done-change')).toHaveText(money('1 500'));
    await screenAsSeen(page, 'till-discount-done-fr-375');

    const invoices = await ownInvoices<Invoice>(request, shop, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ remise: 650, montantFacture: 3_500, montantPaye: 3_500, reste: 0 });
    expect(await invoicePayments<Payment>(request, invoices[0]!.idFacture, token)).toMatchObject([
      { methode: 'cash', montant: 5_000, montantPaye: 3_500, reliquat: 1_500 },
    ]);

    // « Nouvelle vente »: the next cart starts without a discount.
    await pay.getByTestId('till-new-sale').tap();
    await page.getByTestId(`till-article-${ids[2]}`).tap();
    await expect(page.getByTestId('till-phone-bar').getByTestId('till-total')).toHaveText(money('400'));
    await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
    await expect(pay.getByTestId('till-discount')).toBeHidden();
    await expect(pay.getByTestId('till-pay-total')).toHaveText(money('400'));
  });
});

test('en, 1280 px, keyboard alone: F8 gives the discount, kept with the cart over a reload; F9, cash with change, Enter', async ({
  page,
  request,
}) => {
  const { shop, cashier, ids } = await threeArticleShop(request, 'discen', 'disc');
  const token = await apiToken(request, cashier);
  await openTill(page, 'en', cashier);
  for (const id of ids) await page.getByTestId(`till-article-${id}`).click();
  await expect(page.getByTestId('cart-discount-open')).toContainText('F8');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // F8: the pay panel on its discount entry, focused; typed, then Enter goes on to the amount handed.
  await page.keyboard.press('F8');
  const pay = page.getByTestId('till-pay');
  const entry = pay.getByTestId('till-discount-amount');
  await expect(entry).toBeFocused();
  await page.keyboard.type('9000');
  await expect(pay.getByTestId('till-discount')).toContainText(tooHigh.en);
  await expect(pay.getByTestId('till-confirm')).toBeDisabled();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('650');
  await expect(pay.getByTestId('till-pay-total')).toHaveText(money('3 500'));
  // Enter in the discount goes on to the amount handed (it does not confirm).
  await page.keyboard.press('Enter');
  await expect(pay.getByTestId('pay-amount-0')).toBeFocused();
  await expect(pay.getByTestId('till-pay-done')).toBeHidden();
  // Escape: the panel closes, the cart keeps its discount (subtotal, discount, total in the column).
  await page.keyboard.press('Escape');
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money('4 150'));
  await expect(page.getByTestId('cart-discount')).toHaveText(/^−\s650\sFCFA$/);
  await expect(page.getByTestId('cart-total')).toHaveText(money('3 500'));
  await shotAt(page, 'till-discount-cart-en', 1280);

  // Kept on the device with the cart: a reload finds it.
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText(money('3 500'));
  await expect(page.getByTestId('cart-discount')).toHaveText(/^−\s650\sFCFA$/);

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('F9');
  await expect(pay.getByTestId('till-pay-total')).toHaveText(money('3 500'));
  await expect(pay.getByTestId('till-subtotal')).toHaveText(money('4 150'));
  await expect(entry).toHaveValue('650 FCFA');
  await pay.getByTestId('till-auto-ticket').uncheck();
  // Unchecking the switch scrolled the panel to its foot: back to its top, where the discount is.
  await page.evaluate(() => document.querySelector('[data-testid="till-pay"] .mantine-Modal-content')?.scrollTo(0, 0));
  await expect(pay.getByTestId('till-discount')).toBeInViewport();
  await shotAt(page, 'till-discount-pay-open-en', 1280);
  await pay.getByTestId('pay-amount-0').fill('10000');
  await expect(pay.getByTestId('till-change')).toHaveText(money('6 500'));
  await shotAt(page, 'till-discount-pay-en', 1280);
  await page.keyboard.press('Enter');
  await expect(pay.getByTestId('till-pay-done')).toBeVisible();
  await expect(pay.getByTestId('till-done-change')).toHaveText(money('6 500'));
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-discount-summary')).toBeHidden();

  const invoices = await ownInvoices<Invoice>(request, shop, token);
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ remise: 650, montantFacture: 3_500, montantPaye: 3_500, reste: 0 });
  expect(await invoicePayments<Payment>(request, invoices[0]!.idFacture, token)).toMatchObject([
    { methode: 'cash', montant: 10_000, montantPaye: 3_500, reliquat: 6_500 },
  ]);
});

test.describe('a discount offline', () => {
  // The offline journeys need the service worker (the config blocks it for the others).
  test.use({ serviceWorkers: 'allow' });

  for (const [lang, width] of [
    ['en', 375],
    ['fr', 1280],
  ] as const satisfies readonly (readonly [Lang, 375 | 1280])[]) {
    test(`${lang}, ${width} px: a sale with a discount made offline, its ticket shows it, sent with it when back online`, async ({
      page,
      context,
      request,
    }) => {
      if (width === 375) await page.setViewportSize(PHONE.viewport);
      const { shop, cashier, ids } = await threeArticleShop(request, `discoff${lang}`, 'disc');
      const token = await apiToken(request, cashier);
      await openTill(page, lang, cashier, { installed: true });
      await context.setOffline(true);

      for (const id of ids) await page.getByTestId(`till-article-${id}`).click();
      const charge = width === 375 ? page.getByTestId('till-phone-bar').getByTestId('till-charge') : page.getByTestId('till-charge');
      await charge.click();
      const pay = page.getByTestId('till-pay');
      await pay.getByTestId('till-discount-open').click();
      await pay.getByTestId('till-discount-amount').fill('150');
      await expect(pay.getByTestId('till-pay-total')).toHaveText(money('4 000'));
      await pay.getByTestId('pay-quick-5000').click();
      await expect(pay.getByTestId('till-change')).toHaveText(money('1 000'));
      await expectWithinScreen(page);
      await screenAsSeen(page, `till-discount-offline-pay-${lang}-${width}`);
      const autoTicket = pay.getByTestId('till-auto-ticket');
      if (!(await autoTicket.isChecked())) await autoTicket.check();
      const popup = page.waitForEvent('popup');
      await pay.getByTestId('till-confirm').click();
      await expect(pay.getByTestId('till-pay-queued')).toBeVisible();
      await expect(pay.getByTestId('till-done-change')).toHaveText(money('1 000'));

      // The device's ticket: subtotal 4 150, the discount 150, total 4 000.
      const ticket = await popup;
      const paper = ticket.getByTestId('offline-ticket');
      await expect(paper).toBeVisible();
      await expect(paper).toContainText(lang === 'fr' ? 'Remise' : 'Discount');
      await expect(paper).toContainText(/150\sFCFA/);
      await expect(paper).toContainText(/4\s000\sFCFA/);
      await ticket.setViewportSize({ width: 360, height: 640 });
      await ticket.screenshot({ path: path.join(SCREENSHOTS, `till-discount-offline-ticket-${lang}.png`), fullPage: true });
      await ticket.close();
      await pay.getByTestId('till-new-sale').click();
      await expect(page.getByTestId('queue-count')).toHaveText('1');
      expect(await ownInvoices<Invoice>(request, shop, token)).toHaveLength(0);

      // Back online: the queue sends the sale with its discount.
      await context.setOffline(false);
      await expect(page.getByTestId('queue-badge')).toBeHidden({ timeout: 30_000 });
      const invoices = await ownInvoices<Invoice>(request, shop, token);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ remise: 150, montantFacture: 4_000, montantPaye: 4_000, reste: 0 });
      expect(await invoicePayments<Payment>(request, invoices[0]!.idFacture, token)).toMatchObject([
        { methode: 'cash', montant: 5_000, montantPaye: 4_000, reliquat: 1_000 },
      ]);
    });
  }
});
