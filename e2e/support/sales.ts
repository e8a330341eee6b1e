// API helpers of the sales journeys: each journey makes its own articles, invoices and users
// through the API, so that it never depends on the demo invoices or on another journey.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createDirector, DEMO, DEMO_PASSWORD, signIn, uniqueName, type Lang } from './app.js';

export const DEMO_SHOP = 'Boutique Plateau';
export const MAIN_DEPOT = 'Magasin principal';

export type SaleInvoice = { idFacture: number; codeFac: string; montantFacture: number; reste: number; file: string };

/** Authorization header of a bearer token. */
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A shop to sell in: its id, a depot and the token of its director. */
export type SalesShop = { shop: number; depot: number; directorToken: string; directorUsername: string };

/** The demo director's "Boutique Plateau" and its main depot. */
export async function demoShop(request: APIRequestContext): Promise<SalesShop> {
  const token = await apiToken(request, DEMO.director);
  const me = (await (await request.get('/api/auth/me', { headers: auth(token) })).json()) as { boutiques: { idBoutique: number; nom: string }[] };
  const shop = me.boutiques.find((b) => b.nom === DEMO_SHOP)!.idBoutique;
  const depots = (await (await request.get(`/api/ligne_depot_current_boutique/${shop}`, { headers: auth(token) })).json()) as {
    idDepot: number;
    libelle: string;
  }[];
  return { shop, depot: depots.find((d) => d.libelle === MAIN_DEPOT)!.idDepot, directorToken: token, directorUsername: DEMO.director };
}

/** A director of a new account with one shop and one depot (no plan limit on its users). */
export async function newShop(request: APIRequestContext, prefix: string): Promise<SalesShop> {
  const director = await createDirector(request, prefix);
  const token = await apiToken(request, director.username);
  const depot = await request.post('/api/depots', { headers: auth(token), data: { libelle: MAIN_DEPOT, boutique: { idBoutique: director.idBoutique } } });
  expect(depot.status(), await depot.text()).toBe(201);
  return {
    shop: director.idBoutique,
    depot: ((await depot.json()) as { idDepot: number }).idDepot,
    directorToken: token,
    directorUsername: director.username,
  };
}

/** A user of the shop with `roles` (4 seller, 5 cashier), made by its director. */
export async function createShopUser(request: APIRequestContext, s: SalesShop, prefix: string, roles: number[]): Promise<string> {
  const username = uniqueName(prefix);
  const created = await request.post('/api/users_gerant', {
    headers: auth(s.directorToken),
    data: {
      username,
      nom: 'Koffi',
      prenom: 'Adjoua',
      email: `${username}@e2e.boutiko.test`,
      password: DEMO_PASSWORD,
      role: roles,
      boutiques: [s.shop],
      token: '',
      langue: 'FR',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return username;
}

/** An article of the run with `quantite` units in the shop's depot, made by the director. */
export async function createArticle(request: APIRequestContext, s: SalesShop, designation: string, quantite: number, prix = 12_500): Promise<number> {
  return tillArticle(request, s, designation, prix, quantite);
}

/** An article of the journey's shop with its price, stock, and optionally a barcode and a category (the till's journeys). */
export async function tillArticle(
  request: APIRequestContext,
  s: SalesShop,
  designation: string,
  prix: number,
  quantite: number,
  codeBarre: string | null = null,
  categorie: number | null = null,
): Promise<number> {
  const response = await request.post('/api/articles_all', {
    headers: auth(s.directorToken),
    data: { boutique: s.shop, depot: s.depot, categorie, designation, prix, prixAchat: Math.round(prix * 0.7), description: '', stockMin: 0, quantite, codeBarre },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { idArticle: number }).idArticle;
}

/**
 * A shop of its own for a till journey, a cashier (`userPrefix`), and three articles of 10 units:
 * rice 1 500, oil 2 250, soap 400 (4 150 in all).
 */
export async function threeArticleShop(request: APIRequestContext, prefix: string, userPrefix: string) {
  const shop = await newShop(request, prefix);
  const cashier = await createShopUser(request, shop, userPrefix, [5]);
  const tag = uniqueName('');
  const ids = [
    await tillArticle(request, shop, `Riz 1 kg ${tag}`, 1_500, 10),
    await tillArticle(request, shop, `Huile 1 L ${tag}`, 2_250, 10),
    await tillArticle(request, shop, `Savon ${tag}`, 400, 10),
  ] as const;
  return { shop, cashier, ids };
}

/** The caller's own invoices of the shop (first page), as the server holds them. */
export async function ownInvoices<T>(request: APIRequestContext, s: { shop: number }, token: string): Promise<T[]> {
  const response = await request.get(`/api/factures/boutique/user/page/${s.shop}/1`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T[] }).data;
}

/** An invoice's payments, as the server holds them. */
export async function invoicePayments<T>(request: APIRequestContext, invoice: number, token: string): Promise<T[]> {
  const response = await request.get(`/api/paiements_facture/${invoice}`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T[];
}

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** What the phone's screen shows (a full-page picture would stretch the till's fixed bar and panels). */
export async function screenAsSeen(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Signs in and opens the till; with `installed`, waits until the service worker has the app (the
 * offline journeys: first visit installed and active).
 */
export async function openTill(page: Page, lang: Lang, username: string, options: { installed?: boolean } = {}): Promise<void> {
  await signIn(page, lang, username);
  await page.goto(`/${lang}/app/vente`);
  await expect(page.getByTestId('till-grid')).toBeVisible();
  if (options.installed) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }
}

/** An invoice made through the API by `username` (type 1 cash sale by default, 3 proforma; client 0: walk-in). */
export async function sell(
  request: APIRequestContext,
  s: SalesShop,
  username: string,
  lines: { articles: number; nombre: number }[],
  typeFactures = 1,
  client = 0,
): Promise<SaleInvoice> {
  const token = await apiToken(request, username);
  const response = await request.post('/api/factures_generate', {
    headers: auth(token),
    data: { client, boutiques: s.shop, articles: lines, depot: s.depot, remise: 0, typeFactures, imprimante: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SaleInvoice;
}

/** What the depot holds of an article now (quantity in - quantity out). */
export async function availableOf(request: APIRequestContext, s: SalesShop, article: number): Promise<number> {
  const response = await request.get(`/api/entrees_article/${s.shop}/${article}/${s.depot}`, { headers: auth(s.directorToken) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { quantiteDisponible: number }).quantiteDisponible;
}

/** Narrows a list screen to the rows matching `term` (the table's search box). */
export async function searchList(page: Page, term: string) {
  await page.getByTestId('table-search').fill(term);
  await expect(page.getByTestId('table-row').first()).toContainText(term);
  await expect(page.getByTestId('table-row').filter({ hasNotText: term })).toHaveCount(0);
}

/** Signs out by forgetting the stored session. */
export async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}
