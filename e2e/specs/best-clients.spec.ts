// Best clients (app/client-meilleur; seed 001: a non-paginated sortable table; DECISIONS §6): at
// 1280 px the table sorts by each column; at 375 px each client is a card whose amount is in view
// (the table scrolled it off the screen), sorted by a field and an order chosen above the cards.
import { expect, type APIRequestContext } from '@playwright/test';
import { shotAt, signIn, test, uniqueName } from '../support/app.js';
import { auth, newShop, sell, tillArticle, type SalesShop } from '../support/sales.js';

/** A client of the shop who bought `units` of `article` (5 000 000 FCFA each), on account. */
async function clientWhoBought(
  request: APIRequestContext,
  s: SalesShop,
  nom: string,
  prenom: string,
  article: number,
  units: number,
) {
  const created = await request.post('/api/clients', {
    headers: auth(s.directorToken),
    data: {
      nom,
      prenom,
      telephone: '0701020304',
      adresse: 'Cocody Riviera Palmeraie, rue des Jardins, lot 1234, Abidjan',
      boutique: s.shop,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const idClient = ((await created.json()) as { idClient: number }).idClient;
  await sell(request, s, s.directorUsername, [{ articles: article, nombre: units }], 2, idClient);
}

async function bestClientsShop(request: APIRequestContext) {
  const s = await newShop(request, 'best');
  const article = await tillArticle(request, s, `Moto Haojue 125 ${uniqueName('')}`, 5_000_000, 100);
  // Amounts: Bamba 15 000 000, Kouassi-Yao-Ouattara 110 000 000 (9 digits), Diallo 5 000 000.
  await clientWhoBought(request, s, 'Bamba', 'Awa', article, 3);
  await clientWhoBought(request, s, 'Kouassi-Yao-Ouattara-Konan', 'Marie-Joséphine Adjoua', article, 22);
  await clientWhoBought(request, s, 'Diallo', 'Moussa', article, 1);
  return s;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('fr, 375 px: one card per client, the amount in view, sorted by amount, then by name both ways', async ({
    page,
    request,
  }) => {
    const s = await bestClientsShop(request);
    await signIn(page, 'fr', s.directorUsername);
    await page.goto('/fr/app/client-meilleur');
    const cards = page.getByTestId('best-client');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Kouassi-Yao-Ouattara-Konan Marie-Joséphine Adjoua');
    await expect(cards.nth(0).getByTestId('best-client-amount')).toHaveText(/^110\s000\s000\sFCFA$/);
    await expect(cards.nth(1)).toContainText('Bamba Awa');
    await expect(cards.nth(2)).toContainText('Diallo Moussa');
    for (const card of await cards.all()) {
      const box = (await card.getByTestId('best-client-amount').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shotAt(page, 'best-clients-fr', 375);

    await page.getByTestId('best-clients-sort').tap();
    await page.getByRole('option', { name: 'Nom', exact: true }).tap();
    await expect(cards.nth(0)).toContainText('Bamba');
    await expect(cards.nth(2)).toContainText('Kouassi');
    await page.getByRole('button', { name: 'Ordre croissant : passer en ordre décroissant' }).tap();
    await expect(cards.nth(0)).toContainText('Kouassi');
    await expect(cards.nth(2)).toContainText('Bamba');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('en, 1280 px: the table sorts by amount, largest first, and the other way on a second click', async ({
    page,
    request,
  }) => {
    const s = await bestClientsShop(request);
    await signIn(page, 'en', s.directorUsername);
    await page.goto('/en/app/client-meilleur');
    const rows = page.getByTestId('best-clients-table').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Kouassi');
    await expect(rows.nth(0)).toContainText(/110\s000\s000\sFCFA/);
    await page.getByTestId('sort-montant').click();
    await expect(rows.nth(0)).toContainText('Diallo');
    await page.getByTestId('sort-nom').click();
    await expect(rows.nth(0)).toContainText('Bamba');
    await shotAt(page, 'best-clients-en', 1280);
  });
});
