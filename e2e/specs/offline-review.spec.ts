// The manager's review of offline sales (issue 20 item 6): a sale made offline reaches the server
// when its depot is short and its price has changed since; the manager finds it under « Écarts et
// ventes hors ligne » / "Offline sales review": the discrepancy (article, depot, quantity missing,
// sale number and ticket reference), the changed price; a stock count then resolves it and the
// screen says so. In fr and en, screenshots at 1280 and 375 px.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { shot, signIn, test, uniqueName, type Lang } from '../support/app.js';
import { auth, createArticle, createShopUser, newShop } from '../support/sales.js';

const TEXT = {
  fr: {
    menu: 'Écarts et ventes hors ligne',
    title: 'Écarts et ventes hors ligne',
    open: 'À résoudre',
    all: 'Tous',
    salesTab: 'Ventes à vérifier',
    price: /3 à 900\sFCFA \(prix actuel 1\s000\sFCFA\)/,
    late: 'En retard',
    soldAt: 'Vendue le',
    byCount: /Inventaire n° \d+/,
  },
  en: {
    menu: 'Offline sales review',
    title: 'Offline sales review',
    open: 'To resolve',
    all: 'All',
    salesTab: 'Sales to check',
    price: /3 at 900\sFCFA \(current price 1\s000\sFCFA\)/,
    late: 'Late',
    soldAt: 'Sold on',
    byCount: /Stock count no\. \d+/,
  },
} as const;

for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
  test(`a short offline sale is listed for the manager and resolved by a count (${lang})`, async ({ page, request }) => {
    const text = TEXT[lang];
    const shop = await newShop(request, `ecart${lang}`);
    const designation = uniqueName('Savon');
    const article = await createArticle(request, shop, designation, 1, 1000);
    const ref = `E2E${lang.toUpperCase()}-${Date.now() % 1_000_000}`;
    // The till's queue sends a sale made offline: 3 units at 900 when the depot holds 1 at 1 000.
    const sold = await request.post('/api/ventes', {
      headers: auth(shop.directorToken),
      data: {
        id: randomUUID(),
        vendueLe: new Date(Date.now() - 600_000).toISOString(),
        boutique: shop.shop,
        depot: shop.depot,
        horsLigne: true,
        refTicket: ref,
        lignes: [{ article, quantite: 3, prix: 900 }],
        paiements: [{ methode: 'cash', montant: 3000 }],
      },
    });
    expect(sold.status(), await sold.text()).toBe(201);
    const sale = (await sold.json()) as { codeFac: string };
    // Yesterday's register day is closed; a sale made offline yesterday arrives now: it goes to today, marked late.
    const registers = (await (await request.get(`/api/caisses_boutique/${shop.shop}`, { headers: auth(shop.directorToken) })).json()) as {
      idCaisse: number;
      parDefaut: boolean;
    }[];
    const register = registers.find((r) => r.parDefaut) ?? registers[0]!;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const closed = await request.post('/api/clotures', {
      headers: auth(shop.directorToken),
      data: { caisse: register.idCaisse, date: yesterday, montantCompte: 0 },
    });
    expect(closed.status(), await closed.text()).toBe(201);
    const other = await createArticle(request, shop, uniqueName('Riz'), 5, 2000);
    const lateSale = await request.post('/api/ventes', {
      headers: auth(shop.directorToken),
      data: {
        id: randomUUID(),
        vendueLe: `${yesterday}T12:00:00.000Z`,
        boutique: shop.shop,
        depot: shop.depot,
        caisse: register.idCaisse,
        horsLigne: true,
        refTicket: `${ref}9`,
        lignes: [{ article: other, quantite: 1, prix: 2000 }],
        paiements: [{ methode: 'cash', montant: 2000 }],
      },
    });
    expect(lateSale.status(), await lateSale.text()).toBe(201);
    const late = (await lateSale.json()) as { codeFac: string; enRetard: boolean };
    expect(late.enRetard).toBe(true);
    const manager = await createShopUser(request, shop, `mgr${lang}`, [3]);

    await signIn(page, lang, manager);
    await page.getByRole('link', { name: text.menu }).first().click();
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const row = page.getByTestId('table-row').filter({ hasText: designation });
    await expect(row).toContainText(sale.codeFac);
    await expect(row).toContainText(ref);
    await expect(row).toContainText(text.open);
    await expect(row.getByText('2', { exact: true })).toBeVisible();
    await shot(page, `offline-review-discrepancy-${lang}`);

    await page.getByTestId('tab-sales').click();
    const review = page.getByTestId('offline-sales-table').getByTestId('table-row').filter({ hasText: sale.codeFac });
    await expect(review).toContainText(text.price);
    const lateRow = page.getByTestId('offline-sales-table').getByTestId('table-row').filter({ hasText: late.codeFac });
    await expect(lateRow).toContainText(text.late);
    await expect(lateRow).toContainText(text.soldAt);
    await shot(page, `offline-review-sales-${lang}`);

    // A count of the article: the discrepancy is resolved, and says by what.
    const count = await request.post('/api/inventaires', {
      headers: auth(shop.directorToken),
      data: { boutique: shop.shop, depot: shop.depot, motif: 'Comptage du soir', lignes: [{ article, quantiteComptee: 0 }] },
    });
    expect(count.status(), await count.text()).toBeLessThan(300);
    // The screen reads it again when opened.
    await page.reload();
    await expect(page.getByTestId('tab-discrepancies')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('table-row').filter({ hasText: designation })).toHaveCount(0);
    await page.getByText(text.all, { exact: true }).click();
    const resolved = page.getByTestId('table-row').filter({ hasText: designation });
    await expect(resolved.getByText(text.byCount)).toBeVisible();
    await shot(page, `offline-review-resolved-${lang}`);
  });
}
