// A sale made offline that the server refuses for good (issue 20 item 5): the article was deleted
// meanwhile. The device keeps the sale with the server's reason for the cashier, and reports it;
// the shop's manager sees it on app/ecarts, with what the device charged, and marks it handled.
// Each journey makes its own shop, article, cashier and manager through the API.
import { expect } from '@playwright/test';
import { screenOnly, signIn, test, uniqueName } from '../support/app.js';
import { auth, createShopUser, newShop, openTill, tillArticle } from '../support/sales.js';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

// The till offline needs the service worker (the config blocks it for the other journeys).
test.use({ serviceWorkers: 'allow' });

const TEXT = {
  fr: { tab: 'Ventes refusées', toHandle: 'À traiter', mark: 'Marquer traitée', handled: /Traitée par/ },
  en: { tab: 'Refused sales', toHandle: 'To handle', mark: 'Mark handled', handled: /Handled by/ },
};

for (const lang of ['fr', 'en'] as const) {
  test(`${lang}: an offline sale refused for good stays on the cashier's phone with its reason and reaches the manager, who marks it handled`, async ({
    browser,
    request,
  }) => {
    const t = TEXT[lang];
    const shop = await newShop(request, `offrf${lang}`);
    const cashier = await createShopUser(request, shop, 'offr', [5]);
    const manager = await createShopUser(request, shop, 'offm', [3]);
    const designation = `Savon ${uniqueName('')}`.slice(0, 40);
    const articleId = await tillArticle(request, shop, designation, 1_250, 10);

    // The cashier's phone opens the till online (the device keeps the stock), then loses the network.
    const phone = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await phone.newPage();
    await openTill(page, lang, cashier, { installed: true });
    await phone.setOffline(true);
    await page.getByTestId(`till-article-${articleId}`).tap();
    await page.getByTestId(`till-article-${articleId}`).tap();
    await page.getByTestId('till-phone-bar').getByTestId('till-charge').tap();
    const pay = page.getByTestId('till-pay');
    const autoTicket = pay.getByTestId('till-auto-ticket');
    if (await autoTicket.isChecked()) await autoTicket.setChecked(false);
    await pay.getByTestId('till-confirm').tap();
    await expect(pay.getByTestId('till-pay-queued')).toBeVisible();
    const ref = ((await pay.getByTestId('till-sale-ref').textContent()) ?? '').trim();
    await pay.getByTestId('till-new-sale').tap();

    // Meanwhile the director deletes the article: the server will refuse the sale for good.
    const deleted = await request.delete(`/api/articles/${articleId}`, { headers: auth(shop.directorToken) });
    expect(deleted.status(), await deleted.text()).toBe(200);

    await phone.setOffline(false);
    // The cashier's phone keeps it, marked refused with the server's reason.
    await expect(page.getByTestId('queue-refused')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('queue-refused').tap();
    await expect(page.getByTestId(`queue-entry-${ref}`).getByTestId('queue-reason')).toBeVisible();
    await screenOnly(page, `offline-refused-cashier-${lang}`);

    // The manager, on another device, sees it with what the device charged, and marks it handled.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const managerPage = await desk.newPage();
    await signIn(managerPage, lang, manager);
    await managerPage.goto(`/${lang}/app/ecarts`);
    await managerPage.getByTestId('tab-refused').click();
    const table = managerPage.getByTestId('refused-sales-table');
    // The report may follow the refusal by a moment: read the list again until it is there.
    await expect(async () => {
      await managerPage.reload();
      await managerPage.getByTestId('tab-refused').click();
      await expect(table.getByText(ref)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const row = table.locator('tr', { hasText: ref });
    await expect(row).toContainText(/2\s500/);
    await expect(row).toContainText(`${designation} × 2`);
    await expect(row).toContainText(t.toHandle);
    await screenOnly(managerPage, `offline-refused-manager-${lang}-1280`);
    await row.getByRole('button', { name: t.mark }).click();
    await expect(row).toContainText(t.handled);
    await expect(row.getByRole('button', { name: t.mark })).toHaveCount(0);

    // At 375 px the list reads as cards.
    await managerPage.setViewportSize({ width: 375, height: 812 });
    await expect(managerPage.getByTestId('refused-sales-table').getByText(ref)).toBeVisible();
    await screenOnly(managerPage, `offline-refused-manager-${lang}-375`);
    await desk.close();
    await phone.close();
  });
}
