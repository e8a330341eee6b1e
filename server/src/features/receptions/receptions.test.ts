import { execFileSync } from 'node:child_process';
import { MAX_STOCK_QUANTITY } from '@app/common/contracts/stock';
import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, invoiceLines, receptions, stockMovements } from '../../db/schema/index.js';
import { shopContext } from '../../lib/access.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { actorOf, createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { availableStock, createArticle, tillSaleBody } from '../../test/trading-factories.js';
import { applyStockChanges } from '../stock/stock-ledger.service.js';
import { receptionDifference } from './receptions.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = (typeof ROLE)[keyof typeof ROLE];

async function shopWorld() {
  const world = await createDirector(t.db);
  const shop = world.shops[0]!;
  const depot = world.depots[0]!;
  const userOf = async (role: Role) => {
    const user = await createUser(t.db, { roles: [role], shopIds: [shop.id], accountId: world.director.id });
    return { user, call: as(t.app, await signIn(t.app, user)) };
  };
  const director = as(t.app, await signIn(t.app, world.director));
  const driver = (
    await director({
      method: 'POST',
      url: '/api/chauffeur',
      payload: { nom: 'Kouassi Yao', telephone: '0708091011', boutique: shop.id },
    })
  ).json();
  const supplier = (
    await director({
      method: 'POST',
      url: '/api/fournisseurs',
      payload: { raisonSociale: 'Sotra Import', telephone: '0102030405', adresse: 'Marcory', boutique: shop.id },
    })
  ).json();
  const riz = await createArticle(t.db, depot, { designation: 'Riz 25 kg', prixAchat: 9000, prix: 11000, quantite: 0 });
  const huile = await createArticle(t.db, depot, { designation: 'Huile 5 L', prixAchat: 4000, prix: 5000, quantite: 3 });
  return { ...world, shop, depot, call: director, userOf, driver, supplier, riz, huile };
}

type World = Awaited<ReturnType<typeof shopWorld>>;

const receptionBody = (w: World, lines: [number, number][], overrides: object = {}) => ({
  chauffeure: w.driver.id,
  fournisseur: w.supplier.idFournisseur,
  depot: w.depot.id,
  boutique: { idBoutique: w.shop.id },
  article: lines.map(([articles, nombre]) => ({ articles, nombre })),
  ...overrides,
});

const available = (articleId: number, depotId: number) => availableStock(t.db, articleId, depotId);

async function movementsOf(receptionId: number) {
  return t.db
    .select({
      kind: stockMovements.kind,
      articleId: stockMovements.articleId,
      depotId: stockMovements.depotId,
      quantity: stockMovements.quantity,
    })
    .from(stockMovements)
    .where(eq(stockMovements.receptionId, receptionId))
    .orderBy(stockMovements.id);
}

describe('POST /api/reception', () => {
  it('a warehouse keeper receives goods: every line enters the depot in one go, with a receipt number', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const response = await keeper.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [
        [w.riz.id, 10],
        [w.huile.id, 4],
      ]),
    });
    expect(response.statusCode).toBe(201);
    const reception = response.json();
    const year = new Date().getUTCFullYear();
    expect(reception).toMatchObject({
      code: `REC-${year}-000001`,
      file: `reception-${reception.idReception}.pdf`,
      boutique: { idBoutique: w.shop.id },
      user: { idUser: keeper.user.id, username: keeper.user.username },
      depot: { idDepot: w.depot.id },
      fournisseur: { idFournisseur: w.supplier.idFournisseur, raisonSociale: 'Sotra Import' },
      chauffeure: { id: w.driver.id, nom: 'Kouassi Yao', telephone: '0708091011' },
      nomChaufeur: 'Kouassi Yao',
      contactChauffeur: '0708091011',
      article: [
        { articles: { idArticle: w.riz.id, designation: 'Riz 25 kg', prix: 11000, prixAchat: 9000 }, nombre: 10 },
        { articles: { idArticle: w.huile.id, designation: 'Huile 5 L', prix: 5000, prixAchat: 4000 }, nombre: 4 },
      ],
    });
    expect(await available(w.riz.id, w.depot.id)).toBe(10);
    expect(await available(w.huile.id, w.depot.id)).toBe(7);
    expect(await movementsOf(reception.idReception)).toEqual([
      { kind: 'reception', articleId: w.riz.id, depotId: w.depot.id, quantity: 10 },
      { kind: 'reception', articleId: w.huile.id, depotId: w.depot.id, quantity: 4 },
    ]);
    const second = await w.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [[w.riz.id, 1]], { chauffeure: 0, fournisseur: 0, boutique: w.shop.id }),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ code: `REC-${year}-000002`, chauffeure: null, fournisseur: null, nomChaufeur: null });
  });

  it('brings an article into a depot where it never was', async () => {
    const w = await shopWorld();
    const other = await createDepot(t.db, w.shop.id, 'Magasin Yopougon');
    const response = await w.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [[w.huile.id, 6]], { depot: other.id }),
    });
    expect(response.statusCode).toBe(201);
    expect(await available(w.huile.id, other.id)).toBe(6);
    expect(await available(w.huile.id, w.depot.id)).toBe(3);
  });

  it('refuses bad input: no line, a duplicate article, an empty or non-whole quantity, no depot', async () => {
    const w = await shopWorld();
    const cases: [object, string][] = [
      [receptionBody(w, []), 'body.article'],
      [
        receptionBody(w, [
          [w.riz.id, 1],
          [w.riz.id, 2],
        ]),
        'body.article',
      ],
      [receptionBody(w, [[w.riz.id, 0]]), 'body.article.0.nombre'],
      [receptionBody(w, [[w.riz.id, 1.5]]), 'body.article.0.nombre'],
      // A barcode typed into the quantity: past a stock level's cap.
      [receptionBody(w, [[w.riz.id, MAX_STOCK_QUANTITY + 1]]), 'body.article.0.nombre'],
      [{ ...receptionBody(w, [[w.riz.id, 1]]), article: [{ articles: w.riz.id }] }, 'body.article.0.nombre'],
      [{ ...receptionBody(w, [[w.riz.id, 1]]), depot: undefined }, 'body.depot'],
    ];
    for (const [payload, field] of cases) {
      const response = await w.call({ method: 'POST', url: '/api/reception', payload, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // A quantity past the cap names it (it said « Saisissez un nombre entier supérieur à zéro »).
    const huge = await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 6001234567890]]) });
    expect(huge.json().details).toEqual([{ field: 'body.article.0.nombre', message: 'La quantité ne peut pas dépasser 1\u202f000\u202f000\u202f000.' }]);
    // Too many lines says so (it said « Ce texte est trop long »).
    const tooMany = await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, Array.from({ length: 201 }, (_, i) => [w.riz.id + i, 1])) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toContainEqual({ field: 'body.article', message: expect.stringContaining('Trop de lignes pour une seule réception') });
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
  });

  it('refuses a reception that would carry a level past what the database holds (422, translated), and writes nothing', async () => {
    const w = await shopWorld();
    const full = await createArticle(t.db, w.depot, { designation: 'Sachets d’eau', quantite: MAX_STOCK_QUANTITY });
    const receive = (lang: string) =>
      w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[full.id, MAX_STOCK_QUANTITY]]), headers: { 'accept-language': lang } });
    expect((await receive('fr')).statusCode).toBe(201);
    const before = await t.db.select().from(receptions).where(eq(receptions.shopId, w.shop.id));
    // 3 × 10^9 units: past the level's integer column (2^31 - 1).
    for (const [lang, words] of [
      ['fr', 'trop grand pour être enregistré'],
      ['en', 'too large to be recorded'],
    ] as const) {
      const refused = await receive(lang);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'NUMBER_TOO_LARGE' });
      expect(refused.json().message).toContain(words);
    }
    expect(await available(full.id, w.depot.id)).toBe(2 * MAX_STOCK_QUANTITY);
    expect(await t.db.select().from(receptions).where(eq(receptions.shopId, w.shop.id))).toEqual(before);
    // The next reception takes the next number: the refused ones used none.
    const next = await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 1]]) });
    expect(next.json().code).toBe(`REC-${new Date().getUTCFullYear()}-000002`);
  });

  it("refuses another shop's depot, driver, supplier or article (422) and writes nothing", async () => {
    const w = await shopWorld();
    const b = await shopWorld();
    const cases: [object, string, string, RegExp][] = [
      [receptionBody(w, [[w.riz.id, 1]], { depot: b.depot.id }), 'body.depot', 'DEPOT_NOT_IN_SHOP', /^This depot is not \(or no longer\) one of this shop's depots/],
      [receptionBody(w, [[w.riz.id, 1]], { chauffeure: b.driver.id }), 'body.chauffeure', 'DRIVER_NOT_IN_SHOP', /^This driver is not \(or no longer\) one of this shop's drivers/],
      [
        receptionBody(w, [[w.riz.id, 1]], { fournisseur: b.supplier.idFournisseur }),
        'body.fournisseur',
        'SUPPLIER_NOT_IN_SHOP',
        /^This supplier is not \(or no longer\) one of this shop's suppliers/,
      ],
      [
        receptionBody(w, [
          [w.riz.id, 1],
          [b.riz.id, 1],
        ]),
        'body.article.1.articles',
        'ARTICLE_NOT_IN_SHOP',
        /^An article of the list is not \(or no longer\) one of this shop's articles/,
      ],
    ];
    // Each says which of the shop's things is wrong, in the caller's language (it said « This operation cannot be done »).
    for (const [payload, field, code, message] of cases) {
      const response = await w.call({ method: 'POST', url: '/api/reception', payload, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, field).toBe(422);
      expect(response.json()).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(response.json().details).toEqual([{ field, message: expect.any(String) }]);
    }
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
    expect(await t.db.select().from(receptions).where(eq(receptions.shopId, w.shop.id))).toEqual([]);
  });

  it('only directors and warehouse keepers receive goods, in their own shop', async () => {
    const w = await shopWorld();
    for (const role of [ROLE.manager, ROLE.seller, ROLE.cashier]) {
      const user = await w.userOf(role);
      expect(
        (await user.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 1]]) })).statusCode,
        `role ${role}`,
      ).toBe(403);
    }
    const b = await shopWorld();
    expect((await b.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 1]]) })).statusCode).toBe(
      403,
    );
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
  });
});

describe('reception purchase prices (DECISIONS §5)', () => {
  it('records the price entered on each line in the line and its movement; the article cost becomes the weighted average over all depots', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const other = await createDepot(t.db, w.shop.id, 'Dépôt Yopougon');
    // Huile: 3 on hand (first depot) at 4 000; 9 received in the other depot at 4 800 -> (12 000 + 43 200) / 12 = 4 600.
    // Riz: nothing on hand; 10 received at 8 500 -> 8 500. A line left without a price takes the article's.
    const response = await keeper.call({
      method: 'POST',
      url: '/api/reception',
      payload: {
        ...receptionBody(w, [], { depot: other.id }),
        article: [
          { articles: w.huile.id, nombre: 9, prixAchat: 4_800 },
          { articles: w.riz.id, nombre: 10, prixAchat: '8500' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const reception = response.json();
    expect(reception.article).toEqual([
      { articles: expect.objectContaining({ idArticle: w.huile.id, prixAchat: 4_800 }), nombre: 9 },
      { articles: expect.objectContaining({ idArticle: w.riz.id, prixAchat: 8_500 }), nombre: 10 },
    ]);
    const costOf = async (id: number) => (await t.db.select({ cost: articles.costFcfa }).from(articles).where(eq(articles.id, id)))[0]!.cost;
    expect(await costOf(w.huile.id)).toBe(4_600);
    expect(await costOf(w.riz.id)).toBe(8_500);
    const moves = await t.db
      .select({ articleId: stockMovements.articleId, unitCostFcfa: stockMovements.unitCostFcfa })
      .from(stockMovements)
      .where(eq(stockMovements.receptionId, reception.idReception))
      .orderBy(stockMovements.articleId);
    expect(new Map(moves.map((m) => [m.articleId, m.unitCostFcfa]))).toEqual(
      new Map([
        [w.huile.id, 4_800],
        [w.riz.id, 8_500],
      ]),
    );
    // The receipt shows the prices entered.
    const pdf = await keeper.call({ method: 'GET', url: `/api/downloadFile/${reception.file}?lang=fr` });
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('4 800');
    expect(text).toContain('43 200');
    expect(text).toContain('85 000');
    // Without a price, the article's current one: the average does not move.
    const again = await keeper.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.huile.id, 4]]) });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().article[0].articles.prixAchat).toBe(4_600);
    expect(await costOf(w.huile.id)).toBe(4_600);
  });

  it('refuses a negative or fractional price (400) and writes nothing', async () => {
    const w = await shopWorld();
    for (const prixAchat of [-1, 12.5, 'abc']) {
      const refused = await w.call({
        method: 'POST',
        url: '/api/reception',
        payload: { ...receptionBody(w, []), article: [{ articles: w.riz.id, nombre: 2, prixAchat }] },
      });
      expect(refused.statusCode, String(prixAchat)).toBe(400);
    }
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
  });

  const costOf = async (id: number) => (await t.db.select({ cost: articles.costFcfa }).from(articles).where(eq(articles.id, id)))[0]!.cost;
  const line = (articles: number, nombre: number, prixAchat: number) => ({ articles, nombre, prixAchat });

  it("an edit corrects the average: the line's units on hand revalued, the units added or taken back at the corrected price", async () => {
    const w = await shopWorld();
    // Huile: 3 on hand at 4 000; 9 received at 4 800 -> (12 000 + 43 200) / 12 = 4 600.
    const created = await w.call({ method: 'POST', url: '/api/reception', payload: { ...receptionBody(w, []), article: [line(w.huile.id, 9, 4_800)] } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/reception/${created.json().idReception}`;
    expect(await costOf(w.huile.id)).toBe(4_600);
    // The price was 4 400: (3 x 4 000 + 9 x 4 400) / 12 = 4 300.
    const repriced = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.huile.id, 9, 4_400)] } });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_300);
    // And 6 came, not 9: (3 x 4 000 + 6 x 4 400) / 9 = 4 266.67 -> 4 267.
    const recounted = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.huile.id, 6, 4_400)] } });
    expect(recounted.statusCode, recounted.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_267);
    expect(await available(w.huile.id, w.depot.id)).toBe(9);
    // An edit that changes neither leaves the price as it is.
    const same = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.huile.id, 6, 4_400)] } });
    expect(same.statusCode, same.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_267);
  });

  it('a deletion, or a line taken out by an edit, takes its units out at their price: the average before the reception comes back', async () => {
    const w = await shopWorld();
    const receive = async () => {
      const response = await w.call({
        method: 'POST',
        url: '/api/reception',
        payload: { ...receptionBody(w, []), article: [line(w.huile.id, 9, 4_800), line(w.riz.id, 5, 8_000)] },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().idReception as number;
    };
    const first = await receive();
    expect(await costOf(w.huile.id)).toBe(4_600);
    expect(await costOf(w.riz.id)).toBe(8_000);
    // Huile taken out of the reception: (12 x 4 600 - 9 x 4 800) / 3 = 4 000. Riz stays.
    const edited = await w.call({ method: 'PUT', url: `/api/reception/${first}`, payload: { ...receptionBody(w, []), article: [line(w.riz.id, 5, 8_000)] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_000);
    expect(await costOf(w.riz.id)).toBe(8_000);
    // Deleted: huile back to 4 000; riz had nothing on hand before it, so nothing is left to price and its price stays.
    const second = await receive();
    expect(await costOf(w.huile.id)).toBe(4_600);
    expect((await w.call({ method: 'DELETE', url: `/api/reception/${second}` })).statusCode).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_000);
    expect(await costOf(w.riz.id)).toBe(8_000);
  });

  it('a quantity typed absurdly, then corrected or deleted, gives back the price it moved (the average is kept unrounded)', async () => {
    const w = await shopWorld();
    // Huile: 3 on hand at 4 000. 100 000 received at 4 800 instead of 10: the average,
    // (12 000 + 480 000 000) / 100 003 = 4 799.98, rounds to 4 800.
    const created = await w.call({ method: 'POST', url: '/api/reception', payload: { ...receptionBody(w, []), article: [line(w.huile.id, 100_000, 4_800)] } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/reception/${created.json().idReception}`;
    expect(await costOf(w.huile.id)).toBe(4_800);
    // Corrected to 10: (12 000 + 48 000) / 13 = 4 615.38 -> 4 615, not the 4 800 the rounded average kept.
    const corrected = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.huile.id, 10, 4_800)] } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_615);
    // Typed absurdly again, then deleted: the 4 000 of before the reception comes back.
    const again = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.huile.id, 100_000, 4_800)] } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_800);
    expect((await w.call({ method: 'DELETE', url })).statusCode).toBe(200);
    expect(await costOf(w.huile.id)).toBe(4_000);
    // The depot is worth its 3 units at 4 000 again.
    const evaluation = (await w.call({ method: 'GET', url: `/api/entrees/evaluation/depot/${w.shop.id}` })).json() as { depot: { idDepot: number }; montantStock: number }[];
    expect(evaluation.find((e) => e.depot.idDepot === w.depot.id)!.montantStock).toBe(12_000);
    // 1 more at 4 801: (12 000 + 4 801) / 4 = 4 200.25, used as 4 200.
    const one = await w.call({ method: 'POST', url: '/api/reception', payload: { ...receptionBody(w, []), article: [line(w.huile.id, 1, 4_801)] } });
    expect(one.statusCode, one.body).toBe(201);
    expect(await costOf(w.huile.id)).toBe(4_200);
    // A price typed on the article replaces the average: 4 at 4 100 then average to 4 100, not 4 150.
    const edit = { boutique: { idBoutique: w.shop.id }, depot: w.depot.id, designation: 'Huile 5 L', prix: 5_000, prixAchat: 4_100, stockMin: 0, quantite: 4, categorie: 0, fournisseur: 0 };
    const typed = await w.call({ method: 'PUT', url: `/api/articles/${w.huile.id}`, payload: edit });
    expect(typed.statusCode, typed.body).toBe(200);
    const four = await w.call({ method: 'POST', url: '/api/reception', payload: { ...receptionBody(w, []), article: [line(w.huile.id, 4, 4_100)] } });
    expect(four.statusCode, four.body).toBe(201);
    expect(await costOf(w.huile.id)).toBe(4_100);
  });

  it('a price typed wrong is corrected after part of the reception was sold; the sale keeps the price of its moment; a refused edit changes nothing', async () => {
    const w = await shopWorld();
    // Riz: nothing on hand; 10 received at 90 000 instead of 9 000.
    const created = await w.call({ method: 'POST', url: '/api/reception', payload: { ...receptionBody(w, []), article: [line(w.riz.id, 10, 90_000)] } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/reception/${created.json().idReception}`;
    expect(await costOf(w.riz.id)).toBe(90_000);
    const sold = await w.call({ method: 'POST', url: '/api/ventes', payload: tillSaleBody(w, [[w.riz.id, 4]], 44_000) });
    expect(sold.statusCode, sold.body).toBe(201);
    // Taking 8 back out is refused (only 6 left), and leaves the price as it was.
    const refused = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.riz.id, 2, 9_000)] } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await costOf(w.riz.id)).toBe(90_000);
    // The 6 left are all of this reception: they are worth 9 000 each.
    const corrected = await w.call({ method: 'PUT', url, payload: { ...receptionBody(w, []), article: [line(w.riz.id, 10, 9_000)] } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await costOf(w.riz.id)).toBe(9_000);
    const [saleLine] = await t.db.select({ cost: invoiceLines.unitCostFcfa }).from(invoiceLines).where(eq(invoiceLines.invoiceId, sold.json().idFacture));
    expect(saleLine!.cost).toBe(90_000);
    // The depot's worth follows: huile 3 x 4 000 + riz 6 x 9 000.
    const evaluation = (await w.call({ method: 'GET', url: `/api/entrees/evaluation/depot/${w.shop.id}` })).json() as { depot: { idDepot: number }; montantStock: number }[];
    expect(evaluation.find((e) => e.depot.idDepot === w.depot.id)!.montantStock).toBe(66_000);
  });
});

describe('reception lists', () => {
  it('directors and managers see every reception with its user; warehouse keepers their own', async () => {
    const w = await shopWorld();
    const k1 = await w.userOf(ROLE.warehouse);
    const k2 = await w.userOf(ROLE.warehouse);
    const manager = await w.userOf(ROLE.manager);
    const first = (await k1.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 2]]) })).json();
    const second = (
      await k2.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.huile.id, 2]], { chauffeure: 0 }) })
    ).json();
    const ids = (body: { idReception: number }[]) => body.map((r) => r.idReception);

    for (const call of [w.call, manager.call]) {
      const page = (await call({ method: 'GET', url: `/api/reception/directeur/page/${w.shop.id}/1` })).json();
      expect(page).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
      expect(ids(page.data)).toEqual([second.idReception, first.idReception]);
      expect(page.data[1].user.username).toBe(k1.user.username);
      expect(ids((await call({ method: 'GET', url: `/api/reception_boutique/${w.shop.id}` })).json())).toEqual([
        second.idReception,
        first.idReception,
      ]);
    }
    const own = (await k1.call({ method: 'GET', url: `/api/reception/directeur/page/${w.shop.id}/1` })).json();
    expect(ids(own.data)).toEqual([first.idReception]);
    expect(ids((await k1.call({ method: 'GET', url: `/api/reception_boutique/${w.shop.id}` })).json())).toEqual([
      first.idReception,
    ]);
    expect(ids((await k2.call({ method: 'GET', url: `/api/reception_boutique_user/${w.shop.id}` })).json())).toEqual([
      second.idReception,
    ]);
    // The director's own list holds only what they received themselves.
    expect((await w.call({ method: 'GET', url: `/api/reception_boutique_user/${w.shop.id}` })).json()).toEqual([]);

    // Search: receipt number, driver, username.
    const search = (term: string) =>
      w.call({ method: 'GET', url: `/api/reception/directeur/page/${w.shop.id}/1/${encodeURIComponent(term)}` });
    expect(ids((await search(first.code)).json().data)).toEqual([first.idReception]);
    expect(ids((await search('kouassi')).json().data)).toEqual([first.idReception]);
    expect(ids((await search(k2.user.username)).json().data)).toEqual([second.idReception]);
  });

  it('sellers and cashiers see no reception; another shop is refused', async () => {
    const w = await shopWorld();
    for (const role of [ROLE.seller, ROLE.cashier]) {
      const user = await w.userOf(role);
      for (const url of [
        `/api/reception/directeur/page/${w.shop.id}/1`,
        `/api/reception_boutique/${w.shop.id}`,
        `/api/reception_boutique_user/${w.shop.id}`,
      ]) {
        expect((await user.call({ method: 'GET', url })).statusCode, url).toBe(403);
      }
    }
    const b = await shopWorld();
    expect((await b.call({ method: 'GET', url: `/api/reception/directeur/page/${w.shop.id}/1/x` })).statusCode).toBe(403);
    expect((await b.call({ method: 'GET', url: `/api/reception_boutique/${w.shop.id}` })).statusCode).toBe(403);
  });
});

describe('PUT /api/reception/{idReception}', () => {
  it('moves stock by the difference only: lines changed, added, removed, and a change of depot', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const reception = (
      await keeper.call({
        method: 'POST',
        url: '/api/reception',
        payload: receptionBody(w, [
          [w.riz.id, 10],
          [w.huile.id, 4],
        ]),
      })
    ).json();

    const edited = await keeper.call({
      method: 'PUT',
      url: `/api/reception/${reception.idReception}`,
      payload: receptionBody(w, [[w.riz.id, 4]], { fournisseur: 0 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      code: reception.code,
      fournisseur: null,
      article: [{ articles: { idArticle: w.riz.id }, nombre: 4 }],
    });
    expect(await available(w.riz.id, w.depot.id)).toBe(4);
    expect(await available(w.huile.id, w.depot.id)).toBe(3);
    expect((await movementsOf(reception.idReception)).slice(2)).toEqual([
      { kind: 'reception_reversal', articleId: w.riz.id, depotId: w.depot.id, quantity: -6 },
      { kind: 'reception_reversal', articleId: w.huile.id, depotId: w.depot.id, quantity: -4 },
    ]);

    const other = await createDepot(t.db, w.shop.id, 'Magasin Abobo');
    const moved = await keeper.call({
      method: 'PUT',
      url: `/api/reception/${reception.idReception}`,
      payload: receptionBody(w, [[w.riz.id, 5]], { depot: other.id }),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().depot).toEqual({ idDepot: other.id, libelle: 'Magasin Abobo' });
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
    expect(await available(w.riz.id, other.id)).toBe(5);

    // Validation applies to edits too.
    expect(
      (await keeper.call({ method: 'PUT', url: `/api/reception/${reception.idReception}`, payload: receptionBody(w, []) }))
        .statusCode,
    ).toBe(400);
  });

  it('a reception whose driver and supplier were deleted since is still corrected, keeping them; another deleted one is refused', async () => {
    const w = await shopWorld();
    const created = await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 10]]) });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/reception/${created.json().idReception}`;
    expect((await w.call({ method: 'DELETE', url: `/api/chauffeur/${w.driver.id}` })).statusCode).toBe(200);
    expect((await w.call({ method: 'DELETE', url: `/api/fournisseurs/${w.supplier.idFournisseur}` })).statusCode).toBe(200);
    // 8 came, not 10: corrected with the same (deleted) driver and supplier.
    const corrected = await w.call({ method: 'PUT', url, payload: receptionBody(w, [[w.riz.id, 8]]) });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ chauffeure: { id: w.driver.id }, fournisseur: { idFournisseur: w.supplier.idFournisseur } });
    expect(await available(w.riz.id, w.depot.id)).toBe(8);
    // A deleted supplier the reception did not name is refused, nothing changed.
    const other = (
      await w.call({ method: 'POST', url: '/api/fournisseurs', payload: { raisonSociale: 'Autre', telephone: '0102030406', adresse: 'Treichville', boutique: w.shop.id } })
    ).json();
    expect((await w.call({ method: 'DELETE', url: `/api/fournisseurs/${other.idFournisseur}` })).statusCode).toBe(200);
    const refused = await w.call({ method: 'PUT', url, payload: receptionBody(w, [[w.riz.id, 6]], { fournisseur: other.idFournisseur }) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await available(w.riz.id, w.depot.id)).toBe(8);
  });

  it('refuses a reduction of stock that already left the depot, naming the article, and changes nothing', async () => {
    const w = await shopWorld();
    const reception = (
      await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 10]]) })
    ).json();
    const ctx = shopContext(await actorOf(t.db, w.director.id), w.shop.id);
    await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [{ articleId: w.riz.id, depotId: w.depot.id, kind: 'sale', quantity: -8 }]),
    );
    const response = await w.call({
      method: 'PUT',
      url: `/api/reception/${reception.idReception}`,
      payload: receptionBody(w, [[w.riz.id, 1]]),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'RECEPTION_STOCK_GONE', message: expect.stringContaining('Riz 25 kg') });
    expect(await available(w.riz.id, w.depot.id)).toBe(2);
    // Within what is left, the reduction goes through.
    expect(
      (
        await w.call({
          method: 'PUT',
          url: `/api/reception/${reception.idReception}`,
          payload: receptionBody(w, [[w.riz.id, 8]]),
        })
      ).statusCode,
    ).toBe(200);
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
  });

  it("a warehouse keeper edits only their own receptions; managers do not edit; another shop's is not found", async () => {
    const w = await shopWorld();
    const k1 = await w.userOf(ROLE.warehouse);
    const k2 = await w.userOf(ROLE.warehouse);
    const manager = await w.userOf(ROLE.manager);
    const reception = (
      await k1.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 3]]) })
    ).json();
    const url = `/api/reception/${reception.idReception}`;
    const payload = receptionBody(w, [[w.riz.id, 1]]);
    expect((await k2.call({ method: 'PUT', url, payload })).statusCode).toBe(404);
    expect((await manager.call({ method: 'PUT', url, payload })).statusCode).toBe(403);
    const b = await shopWorld();
    expect((await b.call({ method: 'PUT', url, payload: receptionBody(b, [[b.riz.id, 1]]) })).statusCode).toBe(404);
    expect(await available(w.riz.id, w.depot.id)).toBe(3);
  });
});

describe('DELETE /api/reception/{idReception}', () => {
  it('a manager deletes a reception: its stock goes back out of the depot', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const manager = await w.userOf(ROLE.manager);
    const reception = (
      await keeper.call({
        method: 'POST',
        url: '/api/reception',
        payload: receptionBody(w, [
          [w.riz.id, 10],
          [w.huile.id, 4],
        ]),
      })
    ).json();
    expect((await keeper.call({ method: 'DELETE', url: `/api/reception/${reception.idReception}` })).statusCode).toBe(403);
    expect((await manager.call({ method: 'DELETE', url: `/api/reception/${reception.idReception}` })).statusCode).toBe(200);
    expect(await available(w.riz.id, w.depot.id)).toBe(0);
    expect(await available(w.huile.id, w.depot.id)).toBe(3);
    expect((await movementsOf(reception.idReception)).slice(2)).toEqual([
      { kind: 'reception_reversal', articleId: w.riz.id, depotId: w.depot.id, quantity: -10 },
      { kind: 'reception_reversal', articleId: w.huile.id, depotId: w.depot.id, quantity: -4 },
    ]);
    expect((await w.call({ method: 'GET', url: `/api/reception_boutique/${w.shop.id}` })).json()).toEqual([]);
    expect((await manager.call({ method: 'DELETE', url: `/api/reception/${reception.idReception}` })).statusCode).toBe(404);
    // Its receipt stays readable (DECISIONS §8).
    expect((await w.call({ method: 'GET', url: `/api/downloadFile/${reception.file}` })).statusCode).toBe(200);
  });

  it('is refused with a message naming the article when that stock already left the depot', async () => {
    const w = await shopWorld();
    const reception = (
      await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.huile.id, 4]]) })
    ).json();
    const ctx = shopContext(await actorOf(t.db, w.director.id), w.shop.id);
    // 7 available (3 + 4): selling 5 leaves 2, fewer than the 4 received.
    await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [{ articleId: w.huile.id, depotId: w.depot.id, kind: 'sale', quantity: -5 }]),
    );
    const response = await w.call({
      method: 'DELETE',
      url: `/api/reception/${reception.idReception}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('RECEPTION_STOCK_GONE');
    expect(response.json().message).toContain('Huile 5 L');
    expect(await available(w.huile.id, w.depot.id)).toBe(2);
    const [row] = await t.db.select().from(receptions).where(eq(receptions.id, reception.idReception));
    expect(row!.deletedAt).toBeNull();
  });

  it("another shop's reception is not found", async () => {
    const w = await shopWorld();
    const reception = (
      await w.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 2]]) })
    ).json();
    const b = await shopWorld();
    expect((await b.call({ method: 'DELETE', url: `/api/reception/${reception.idReception}` })).statusCode).toBe(404);
    expect(await available(w.riz.id, w.depot.id)).toBe(2);
  });
});

describe('reception receipt', () => {
  it('opens as a PDF for who may see the reception, in their language; others get 404', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const reception = (
      await keeper.call({ method: 'POST', url: '/api/reception', payload: receptionBody(w, [[w.riz.id, 10]]) })
    ).json();
    for (const call of [keeper.call, w.call, (await w.userOf(ROLE.manager)).call]) {
      for (const lang of ['fr', 'en']) {
        const response = await call({ method: 'GET', url: `/api/downloadFile/${reception.file}?lang=${lang}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(response.headers['content-disposition']).toContain(reception.code);
      }
    }
    const otherKeeper = await w.userOf(ROLE.warehouse);
    const seller = await w.userOf(ROLE.seller);
    const b = await shopWorld();
    for (const call of [otherKeeper.call, seller.call, b.call]) {
      expect((await call({ method: 'GET', url: `/api/downloadFile/${reception.file}` })).statusCode).toBe(404);
    }
  });

  it('is the answer of the create when the caller asks Accept: application/pdf (seed 001 §7), once per Idempotency-Key', async () => {
    const w = await shopWorld();
    const keeper = await w.userOf(ROLE.warehouse);
    const headers = { accept: 'application/pdf', 'idempotency-key': 'rec-pdf-1' };
    const created = await keeper.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [[w.riz.id, 4]]),
      headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toBe('application/pdf');
    expect(created.headers['content-disposition']).toMatch(/^inline; filename="REC-\d{4}-000001\.pdf"$/);
    expect(created.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const replayed = await keeper.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [[w.riz.id, 4]]),
      headers,
    });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.rawPayload.equals(created.rawPayload)).toBe(true);
    expect(await available(w.riz.id, w.depot.id)).toBe(4);
    // Without the header (or asking for JSON too), the reception as JSON.
    const json = await keeper.call({
      method: 'POST',
      url: '/api/reception',
      payload: receptionBody(w, [[w.riz.id, 1]]),
      headers: { accept: 'application/json, application/pdf' },
    });
    expect(json.json()).toMatchObject({ code: expect.stringMatching(/-000002$/) });
  });
});

describe('receptionDifference', () => {
  it('nets old and new lines per (article, depot)', () => {
    expect(
      receptionDifference(
        {
          depotId: 1,
          lines: [
            { articleId: 5, quantity: 10 },
            { articleId: 6, quantity: 2 },
          ],
        },
        {
          depotId: 1,
          lines: [
            { articleId: 5, quantity: 12 },
            { articleId: 7, quantity: 1 },
          ],
        },
      ),
    ).toEqual([
      { articleId: 5, depotId: 1, quantity: 2, kind: 'reception' },
      { articleId: 6, depotId: 1, quantity: -2, kind: 'reception_reversal' },
      { articleId: 7, depotId: 1, quantity: 1, kind: 'reception' },
    ]);
    expect(
      receptionDifference(
        { depotId: 1, lines: [{ articleId: 5, quantity: 3 }] },
        { depotId: 1, lines: [{ articleId: 5, quantity: 3 }] },
      ),
    ).toEqual([]);
    expect(
      receptionDifference(
        { depotId: 1, lines: [{ articleId: 5, quantity: 3 }] },
        { depotId: 2, lines: [{ articleId: 5, quantity: 3 }] },
      ),
    ).toEqual([
      { articleId: 5, depotId: 1, quantity: -3, kind: 'reception_reversal' },
      { articleId: 5, depotId: 2, quantity: 3, kind: 'reception' },
    ]);
  });
});
