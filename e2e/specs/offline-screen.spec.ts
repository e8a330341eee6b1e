// Issue 22 item 17: a screen not visited yet, opened without network, shows the app's own
// translated message with a retry button (never React Router's developer page); once the network
// is back, retrying opens the screen, and the menu stayed usable all along.
import { expect } from '@playwright/test';
import { createDirector, shot, signIn, test } from '../support/app.js';

const TEXT = {
  fr: { title: 'Pas de connexion internet', retry: 'Réessayer', stillOffline: 'Toujours pas de connexion', screen: 'Chauffeurs' },
  en: { title: 'No internet connection', retry: 'Retry', stillOffline: 'Still no connection', screen: 'Drivers' },
} as const;

for (const lang of ['fr', 'en'] as const) {
  const t = TEXT[lang];

  test(`an unvisited screen opened offline says so in the app's words, and opens once back online (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    const director = await createDirector(request, 'offs');
    await signIn(page, lang, director.username, director.password);
    await page.goto(`/${lang}/app/boutique`);
    await expect(page.getByTestId('table-row')).toHaveCount(1);

    await context.setOffline(true);
    // A client-side navigation, as the menu does: the drivers screen's code was never downloaded.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/${lang}/app/chauffeur`);
    const card = page.getByTestId('route-error');
    await expect(card).toBeVisible();
    await expect(card).toContainText(t.title);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await expect(page.getByText('Hey developer')).toHaveCount(0);
    const retry = card.getByTestId('route-error-retry');
    await expect(retry).toHaveText(t.retry);
    await shot(page, `offline-screen-${lang}`);

    // Still offline: the page stays, and says the network is still missing.
    await retry.click();
    await expect(card.getByTestId('route-error-still-offline')).toContainText(t.stillOffline);

    await context.setOffline(false);
    await retry.click();
    await expect(card).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/${lang}/app/chauffeur$`));
    await expect(page.getByRole('heading', { name: t.screen }).first()).toBeVisible();
  });
}

test("a screen whose code is gone while online (a new version installed since the page loaded) says so, not « no internet »", async ({ page, request }) => {
  const director = await createDirector(request, 'offv');
  await signIn(page, 'fr', director.username, director.password);
  await page.goto('/fr/app/boutique');
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  // The suppliers screen's file of the version this page runs is no longer on the server.
  await page.route('**/assets/suppliers-page-*.js', (route) => route.fulfill({ status: 404, body: '' }));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/fr/app/fournisseur');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const card = page.getByTestId('route-error');
  await expect(card).toContainText('Cet écran n’a pas pu être téléchargé');
  await expect(card).toContainText('une nouvelle version de Boutiko');
  await expect(card).not.toContainText('Pas de connexion internet');
  await shot(page, 'offline-screen-download-fr');
  // Retry reloads the page: the screen opens from the server's files.
  await page.unroute('**/assets/suppliers-page-*.js');
  await card.getByTestId('route-error-retry').click();
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/\/fr\/app\/fournisseur$/);
});
