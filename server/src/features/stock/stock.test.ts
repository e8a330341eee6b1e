import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE, type RoleId } from '@app/common/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, stockLevels, stockMovements } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shop with two depots, its director signed in, and a user of `role` on demand. */
async function shop() {
  const { director, shops, depots } = await createDirector(t.db, { planId: 3 });
  const s = shops[0]!;
  const main = depots[0]!;
  const annex = await createDepot(t.db, s.id, 'Annexe');
  const call = as(t.app, await signIn(t.app, director));
  const asRole = async (role: RoleId) => as(t.app, await signIn(t.app, await createUser(t.db, { roles: [role], shopIds: [s.id] })));
  const category = async (libelle: string) => (await t.db.insert(categories).values({ shopId: s.id, libelle }).returning())[0]!;
  return { shop: s, main, annex, call, asRole, category };
}

async function level(articleId: number, depotId: number) {
  const [row] = await t.db.select().from(stockLevels).where(and(eq(stockLevels.articleId, articleId), eq(stockLevels.depotId, depotId)));
  return row;
}

type Row = { idEntree: number; article: { designation: string }; depot: { libelle: string }; quantiteDisponible: number; enLimite: boolean };
const names = (rows: Row[]) => rows.map((r) => `${r.article.designation}@${r.depot.libelle}`);

describe('stock lists', () => {
  it('lists all, in stock and sold out, paged and searched by designation, category and barcode', async () => {
    const { shop: s, main, annex, call, category } = await shop();
    const drinks = await category('Boissons');
    await createArticle(t.db, main, { designation: 'Bissap 1L', quantite: 12, stockMin: 2, prix: 1500, prixAchat: 900, categoryId: drinks.id, barcode: '6111000000017' });
    await createArticle(t.db, main, { designation: 'Attiéké', quantite: 0, stockMin: 0 });
    await createArticle(t.db, annex, { designation: 'Savon', quantite: 3, stockMin: 5 });

    const all = (await call({ method: 'GET', url: `/api/entree/boutique/page/${s.id}/1` })).json();
    expect(all).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(names(all.data)).toEqual(['Attiéké@' + main.libelle, 'Bissap 1L@' + main.libelle, 'Savon@Annexe']);
    const bissap = all.data[1];
    expect(bissap).toMatchObject({
      article: { designation: 'Bissap 1L', prix: 1500, prixAchat: 900, codeBarre: '6111000000017', categorie: { idCategorie: drinks.id, libelle: 'Boissons' } },
      boutique: { idBoutique: s.id },
      depot: { idDepot: main.id },
      stockMin: 2,
      quantiteEntree: 12,
      quantiteSortie: 0,
      quantiteDisponible: 12,
      enLimite: false,
    });
    // At limit: available <= minimum (DECISIONS §5), a sold-out entry with minimum 0 included.
    expect(all.data.map((r: Row) => r.enLimite)).toEqual([true, false, true]);

    const inStock = (await call({ method: 'GET', url: `/api/entree/boutique/stock/page/${s.id}/1` })).json();
    expect(names(inStock.data)).toEqual(['Bissap 1L@' + main.libelle, 'Savon@Annexe']);
    const soldOut = (await call({ method: 'GET', url: `/api/entree/boutique/rupture/page/${s.id}/1` })).json();
    expect(names(soldOut.data)).toEqual(['Attiéké@' + main.libelle]);

    for (const [url, expected] of [
      [`/api/search/entree/boutique/page/${s.id}/1/bissap`, ['Bissap 1L@' + main.libelle]],
      [`/api/search/entree/boutique/page/${s.id}/1/boissons`, ['Bissap 1L@' + main.libelle]],
      [`/api/search/entree/boutique/page/${s.id}/1/61110000`, ['Bissap 1L@' + main.libelle]],
      [`/api/search/entree/boutique/stock/page/${s.id}/1/savon`, ['Savon@Annexe']],
      [`/api/search/entree/boutique/rupture/page/${s.id}/1/savon`, []],
      [`/api/search/entree/boutique/rupture/page/${s.id}/1/${encodeURIComponent('attiéké')}`, ['Attiéké@' + main.libelle]],
      [`/api/entrees/boutique/${s.id}/${annex.id}/0/1`, ['Savon@Annexe']],
      [`/api/entrees/boutique/${s.id}/0/${drinks.id}/1`, ['Bissap 1L@' + main.libelle]],
      [`/api/entrees/boutique/${s.id}/0/0/1`, names(all.data)],
      [`/api/entrees/boutique/${s.id}/${main.id}/0/1/bis`, ['Bissap 1L@' + main.libelle]],
      [`/api/entrees/boutique/${s.id}/1/savon`, ['Savon@Annexe']],
    ] as const) {
      const response = await call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(names(response.json().data), url).toEqual(expected);
    }
  });

  it('answers the non-paged lookups', async () => {
    const { shop: s, main, annex, call, asRole, category } = await shop();
    const tools = await category('Outils');
    const hammer = await createArticle(t.db, main, { designation: 'Marteau', quantite: 4, categoryId: tools.id });
    await createArticle(t.db, annex, { designation: 'Clou', quantite: 0 });
    // Some of the hammers went out of the depot (a count found fewer).
    await call({ method: 'POST', url: '/api/inventaires', payload: { boutique: s.id, depot: main.id, motif: 'Casse', lignes: [{ article: hammer.id, quantiteComptee: 3 }] } });

    const get = async (url: string) => {
      const response = await call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return names(response.json());
    };
    expect(await get(`/api/entrees_boutique/${s.id}`)).toEqual(['Clou@Annexe', `Marteau@${main.libelle}`]);
    expect(await get(`/api/ligne_article_boutique1/${s.id}`)).toEqual(['Clou@Annexe', `Marteau@${main.libelle}`]);
    expect(await get(`/api/sorties_boutique/${s.id}`)).toEqual([`Marteau@${main.libelle}`]);
    expect(await get(`/api/entree/boutique/stock/${s.id}`)).toEqual([`Marteau@${main.libelle}`]);
    expect(await get(`/api/entree/boutique/rupture/${s.id}`)).toEqual(['Clou@Annexe']);
    expect(await get(`/api/entrees/boutique/${s.id}/${main.id}/${tools.id}`)).toEqual([`Marteau@${main.libelle}`]);
    expect(await get(`/api/entrees/boutique/${s.id}/0/0`)).toEqual(['Clou@Annexe', `Marteau@${main.libelle}`]);
    expect(await get(`/api/entree/articles/depot/user/${s.id}`)).toEqual(['Clou@Annexe', `Marteau@${main.libelle}`]);

    const one = await call({ method: 'GET', url: `/api/entrees_article/${s.id}/${hammer.id}/${main.id}` });
    expect(one.json()).toMatchObject({ quantiteEntree: 4, quantiteSortie: 1, quantiteDisponible: 3 });
    expect((await call({ method: 'GET', url: `/api/entrees_article/${s.id}/${hammer.id}/${annex.id}` })).statusCode).toBe(404);

    // A seller works from the depots they are assigned to.
    const seller = await asRole(ROLE.seller);
    expect((await seller({ method: 'GET', url: `/api/entree/articles/depot/user/${s.id}` })).json()).toEqual([]);
    expect((await seller({ method: 'GET', url: `/api/entree/boutique/page/${s.id}/1` })).json().total).toBe(2);
  });

  it("refuses another shop, another shop's records and bad input", async () => {
    const mine = await shop();
    const theirs = await shop();
    const article = await createArticle(t.db, theirs.main, { designation: 'Secret' });
    for (const url of [
      `/api/entree/boutique/page/${theirs.shop.id}/1`,
      `/api/entrees_boutique/${theirs.shop.id}`,
      `/api/imp/entree/boutique/stock/${theirs.shop.id}`,
      `/api/inventaire/page/${theirs.shop.id}/1`,
    ]) {
      const response = await mine.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('Secret');
    }
    expect((await mine.call({ method: 'GET', url: `/api/entrees_article/${mine.shop.id}/${article.id}/${theirs.main.id}` })).statusCode).toBe(404);
    expect((await mine.call({ method: 'GET', url: `/api/article/boutique/imprimer/${mine.shop.id}/${theirs.main.id}/0` })).statusCode).toBe(404);
    expect((await mine.call({ method: 'GET', url: `/api/entrees/boutique/${mine.shop.id}/${theirs.main.id}/0/1` })).json().total).toBe(0);
    for (const url of [`/api/entree/boutique/page/${mine.shop.id}/0`, `/api/entrees/boutique/${mine.shop.id}/-1/0/1`, `/api/entrees/boutique/${mine.shop.id}/x/y`]) {
      const response = await mine.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('stock prints', () => {
  const pdfText = (pdf: Buffer) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-pdf-'));
    const file = path.join(dir, 'print.pdf');
    fs.writeFileSync(file, pdf);
    try {
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('prints the lists from data, in the caller\'s language, with the shop, filter, pages and totals', async () => {
    const { shop: s, main, call, asRole, category } = await shop();
    const drinks = await category('Boissons');
    await createArticle(t.db, main, { designation: 'Bissap 1L', quantite: 12, prix: 1500, prixAchat: 900, categoryId: drinks.id });
    await createArticle(t.db, main, { designation: 'Attiéké', quantite: 0 });

    const list = await call({ method: 'GET', url: `/api/article/boutique/imprimer/${s.id}/${main.id}/${drinks.id}`, headers: { 'accept-language': 'fr' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/pdf');
    expect(list.headers['x-page-count']).toBe('1');
    const text = pdfText(list.rawPayload);
    for (const expected of [s.nom, s.adresse, s.telephone, 'Liste du stock', `Dépôt : ${main.libelle}`, 'Catégorie : Boissons', 'Imprimé le', 'Page 1 / 1', 'Bissap 1L', '1 500', 'Montants en FCFA', '10 800 FCFA', '18 000 FCFA']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Attiéké');

    const soldOut = pdfText((await call({ method: 'GET', url: `/api/imp/entree/boutique/rupture/${s.id}?lang=en` })).rawPayload);
    expect(soldOut).toContain('Sold-out articles');
    expect(soldOut).toContain('Attiéké');
    expect(soldOut).not.toContain('Bissap');
    const inStock = pdfText((await call({ method: 'GET', url: `/api/imp/entree/boutique/stock/${s.id}`, headers: { 'accept-language': 'en' } })).rawPayload);
    expect(inStock).toContain('Articles in stock');
    expect(inStock).toContain('Depot: All — Category: All');

    const manager = await asRole(ROLE.manager);
    expect((await manager({ method: 'GET', url: `/api/imp/entree/boutique/stock/${s.id}` })).statusCode).toBe(200);
    const seller = await asRole(ROLE.seller);
    expect((await seller({ method: 'GET', url: `/api/imp/entree/boutique/stock/${s.id}` })).statusCode).toBe(403);
  });

  it('wraps a long article name onto a second line, and cuts with an ellipsis only what two lines cannot hold', async () => {
    const { shop: s, main, call, category } = await shop();
    const tins = await category('Conserves de poisson et de viande');
    const sixty = 'Sardines à l’huile d’olive Saupiquet, boîte 135 g, lot de 12';
    expect(sixty).toHaveLength(60);
    const tooLong = `Pagne wax hollandais véritable ${'motif '.repeat(20)}fin`;
    await createArticle(t.db, main, { designation: sixty, quantite: 5, categoryId: tins.id });
    await createArticle(t.db, main, { designation: tooLong, quantite: 3 });
    const response = await call({ method: 'GET', url: `/api/article/boutique/imprimer/${s.id}/0/0`, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-page-count']).toBe('1');
    const pdf = response.rawPayload;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-pdf-'));
    try {
      fs.writeFileSync(path.join(dir, 'print.pdf'), pdf);
      // Raw order: each cell's lines in the order they were drawn.
      const raw = execFileSync('pdftotext', ['-raw', path.join(dir, 'print.pdf'), '-'], { encoding: 'utf8' });
      const words = raw.replace(/\s+/g, ' ');
      // Every word of the 60-character name is printed, none cut.
      for (const word of sixty.split(' ')) expect(raw).toContain(word);
      expect(words).toContain('Sardines à l’huile d’olive Saupiquet,');
      expect(words).toContain('lot de 12');
      // The category, too long for its narrow column even on two lines, wraps then is cut.
      expect(words).toContain('Conserves de poisson\u2026');
      expect(raw).not.toContain('viande');
      // So is the name two lines cannot hold: its second line ends with an ellipsis, its end not printed.
      expect(words).toContain('Pagne wax hollandais');
      expect(raw).toMatch(/motif moti?f?\u2026/);
      expect(raw).not.toContain('motif fin');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('streams a long list over as many pages as it announces', async () => {
    const { shop: s, main, call } = await shop();
    // 1200 entries inserted in one statement (through the ledger, one article at a time, would be slow here).
    await t.db.execute(sql`
      with made as (
        insert into articles (shop_id, designation, price_fcfa, cost_fcfa)
        select ${s.id}, 'Article ' || lpad(n::text, 5, '0'), 100, 50 from generate_series(1, 1200) n returning id)
      insert into stock_levels (shop_id, article_id, depot_id, qty_in) select ${s.id}, id, ${main.id}, 1 from made`);
    const response = await call({ method: 'GET', url: `/api/imp/entree/boutique/stock/${s.id}` });
    const pages = Number(response.headers['x-page-count']);
    expect(pages).toBeGreaterThan(30);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text).toContain('Article 00001');
    expect(text).toContain('Article 01200');
    expect((response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(pages);
  });
});

describe('stock transfers', () => {
  it('moves a quantity between two depots in one transaction, with a movement out and in', async () => {
    const { shop: s, main, annex, call, asRole } = await shop();
    const article = await createArticle(t.db, main, { designation: 'Riz 25 kg', quantite: 10 });
    const manager = await asRole(ROLE.manager);
    const body = { boutique: s.id, article: article.id, depotSource: main.id, depotDestination: annex.id, quantite: 3 };
    const moved = await manager({ method: 'POST', url: '/api/transferts', payload: body });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({
      article: { idArticle: article.id, designation: 'Riz 25 kg' },
      depotSource: { idDepot: main.id, quantiteDisponible: 7 },
      depotDestination: { idDepot: annex.id, libelle: 'Annexe', quantiteDisponible: 3 },
      quantite: 3,
    });
    expect(await level(article.id, main.id)).toMatchObject({ qtyIn: 10, qtyOut: 3 });
    expect(await level(article.id, annex.id)).toMatchObject({ qtyIn: 3, qtyOut: 0 });
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.transferId, moved.json().idTransfert));
    expect(movements.map((m) => [m.kind, m.depotId, m.quantity, m.balanceAfter]).sort()).toEqual(
      [
        ['transfer_in', annex.id, 3, 3],
        ['transfer_out', main.id, -3, 7],
      ].sort(),
    );
    // The trail names the article and the depots, not their ids (issue 22 item 15).
    const [trail] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'stock.transfer'), eq(auditLog.entityId, moved.json().idTransfert)));
    expect(trail).toMatchObject({
      before: { article: 'Riz 25 kg', depot: main.libelle, quantity: 10 },
      after: { article: 'Riz 25 kg', depot: 'Annexe', quantity: 3 },
    });

    const tooMuch = await call({ method: 'POST', url: '/api/transferts', payload: { ...body, quantite: 8 }, headers: { 'accept-language': 'fr' } });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ available: 7, requested: 8 }] });
    expect(tooMuch.json().message).toBe('Stock insuffisant pour «\u00a0Riz 25 kg\u00a0»\u00a0: 7 disponibles pour une demande de 8.');
    expect(await level(article.id, annex.id)).toMatchObject({ qtyIn: 3 });

    const same = await call({ method: 'POST', url: '/api/transferts', payload: { ...body, depotDestination: main.id } });
    expect([same.statusCode, same.json().code]).toEqual([422, 'SAME_DEPOT']);
    for (const bad of [{ quantite: 0 }, { quantite: 1.5 }, { quantite: '2' }, { article: undefined }]) {
      const response = await call({ method: 'POST', url: '/api/transferts', payload: { ...body, ...bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("refuses sellers, another shop's depot or article, and another shop", async () => {
    const mine = await shop();
    const theirs = await shop();
    const article = await createArticle(t.db, mine.main, { quantite: 5 });
    const foreign = await createArticle(t.db, theirs.main, { quantite: 5 });
    const body = { boutique: mine.shop.id, article: article.id, depotSource: mine.main.id, depotDestination: mine.annex.id, quantite: 1 };
    for (const role of [ROLE.seller, ROLE.cashier, ROLE.warehouse]) {
      expect((await (await mine.asRole(role))({ method: 'POST', url: '/api/transferts', payload: body })).statusCode).toBe(403);
    }
    for (const other of [{ depotDestination: theirs.main.id }, { depotSource: theirs.main.id }, { article: foreign.id }]) {
      const response = await mine.call({ method: 'POST', url: '/api/transferts', payload: { ...body, ...other } });
      expect(response.statusCode, JSON.stringify(other)).toBe(404);
    }
    expect((await theirs.call({ method: 'POST', url: '/api/transferts', payload: body })).statusCode).toBe(403);
    expect(await level(article.id, mine.main.id)).toMatchObject({ qtyIn: 5, qtyOut: 0 });
    expect(await level(foreign.id, theirs.main.id)).toMatchObject({ qtyIn: 5, qtyOut: 0 });
  });
});

describe('stock counts', () => {
  it('writes each difference as a count adjustment with the reason, in one transaction', async () => {
    const { shop: s, main, asRole } = await shop();
    const rice = await createArticle(t.db, main, { designation: 'Riz', quantite: 10 });
    const oil = await createArticle(t.db, main, { designation: 'Huile', quantite: 4 });
    const salt = await createArticle(t.db, main, { designation: 'Sel', quantite: 2 });
    const manager = await asRole(ROLE.manager);
    const response = await manager({
      method: 'POST',
      url: '/api/inventaires',
      payload: {
        boutique: { idBoutique: s.id },
        depot: main.id,
        motif: 'Inventaire de fin de mois',
        lignes: [
          { article: rice.id, quantiteComptee: 8 },
          { article: oil.id, quantiteComptee: 6 },
          { article: salt.id, quantiteComptee: 2 },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      depot: { idDepot: main.id },
      motif: 'Inventaire de fin de mois',
      lignes: [
        { article: { idArticle: rice.id }, quantiteAttendue: 10, quantiteComptee: 8, ecart: -2 },
        { article: { idArticle: oil.id }, quantiteAttendue: 4, quantiteComptee: 6, ecart: 2 },
        { article: { idArticle: salt.id }, quantiteAttendue: 2, quantiteComptee: 2, ecart: 0 },
      ],
    });
    expect(await level(rice.id, main.id)).toMatchObject({ qtyIn: 10, qtyOut: 2 });
    expect(await level(oil.id, main.id)).toMatchObject({ qtyIn: 6, qtyOut: 0 });
    const adjustments = await t.db.select().from(stockMovements).where(eq(stockMovements.countId, response.json().idComptage));
    expect(adjustments.map((m) => [m.articleId, m.kind, m.quantity, m.balanceAfter, m.reason]).sort()).toEqual(
      [
        [rice.id, 'count_adjustment', -2, 8, 'Inventaire de fin de mois'],
        [oil.id, 'count_adjustment', 2, 6, 'Inventaire de fin de mois'],
      ].sort(),
    );
  });

  it('writes nothing when a line is bad, and refuses sellers and other shops', async () => {
    const mine = await shop();
    const theirs = await shop();
    const rice = await createArticle(t.db, mine.main, { quantite: 10 });
    const foreign = await createArticle(t.db, theirs.main, { quantite: 10 });
    const count = (lignes: unknown[], extra: object = {}) => ({ boutique: mine.shop.id, depot: mine.main.id, motif: 'Contrôle', lignes, ...extra });
    const partlyForeign = await mine.call({ method: 'POST', url: '/api/inventaires', payload: count([{ article: rice.id, quantiteComptee: 1 }, { article: foreign.id, quantiteComptee: 1 }]) });
    expect(partlyForeign.statusCode).toBe(404);
    expect(await level(rice.id, mine.main.id)).toMatchObject({ qtyIn: 10, qtyOut: 0 });
    expect((await mine.call({ method: 'POST', url: '/api/inventaires', payload: count([{ article: rice.id, quantiteComptee: 1 }], { depot: theirs.main.id }) })).statusCode).toBe(404);
    for (const [lignes, extra] of [
      [[], {}],
      [[{ article: rice.id, quantiteComptee: -1 }], {}],
      [[{ article: rice.id, quantiteComptee: 1 }, { article: rice.id, quantiteComptee: 2 }], {}],
      [[{ article: rice.id, quantiteComptee: 1 }], { motif: '  ' }],
    ] as const) {
      const response = await mine.call({ method: 'POST', url: '/api/inventaires', payload: count([...lignes], extra) });
      expect(response.statusCode, JSON.stringify([lignes, extra])).toBe(400);
    }
    expect((await (await mine.asRole(ROLE.seller))({ method: 'POST', url: '/api/inventaires', payload: count([{ article: rice.id, quantiteComptee: 1 }]) })).statusCode).toBe(403);
    expect((await theirs.call({ method: 'POST', url: '/api/inventaires', payload: count([{ article: rice.id, quantiteComptee: 1 }]) })).statusCode).toBe(403);
    expect(await level(rice.id, mine.main.id)).toMatchObject({ qtyIn: 10, qtyOut: 0 });
  });
});

describe('stock movements', () => {
  it('lists every change with its kind, quantity, depot, user and date, searchable', async () => {
    const { shop: s, main, annex, call, asRole } = await shop();
    const article = await createArticle(t.db, main, { designation: 'Farine', quantite: 10 });
    await call({ method: 'POST', url: '/api/transferts', payload: { boutique: s.id, article: article.id, depotSource: main.id, depotDestination: annex.id, quantite: 4 } });

    const page = await call({ method: 'GET', url: `/api/inventaire/page/${s.id}/1`, headers: { 'accept-language': 'fr' } });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    const [first] = page.json().data;
    expect(first).toMatchObject({
      ligneArticle: { articlesPK: { article: { idArticle: article.id, designation: 'Farine', prix: 1000 } } },
      user: { username: expect.any(String), nom: expect.any(String) },
      createdAt: expect.any(String),
    });
    expect(page.json().data.map((m: { type: string; libelle: string; quantite: number; depot: { idDepot: number } }) => [m.type, m.libelle, m.quantite, m.depot.idDepot]).sort()).toEqual(
      [
        ['addition', 'Ajout de stock', 10, main.id],
        ['transfer_in', 'Transfert entrant', 4, annex.id],
        ['transfer_out', 'Transfert sortant', -4, main.id],
      ].sort(),
    );
    const search = async (q: string, lang = 'fr') =>
      (await call({ method: 'GET', url: `/api/inventaire/page/${s.id}/1/${encodeURIComponent(q)}`, headers: { 'accept-language': lang } })).json().data.map((m: { type: string }) => m.type).sort();
    expect(await search('entrant')).toEqual(['transfer_in']);
    expect(await search('transfer in', 'en')).toEqual(['transfer_in']);
    expect(await search('annexe')).toEqual(['transfer_in']);
    expect(await search('farine')).toHaveLength(3);
    expect(await search('nothing-like-this')).toEqual([]);
    // By the name the table shows (first name and name, either order), as by the username.
    const mover = page.json().data.find((m: { type: string }) => m.type === 'transfer_in').user as { prenom: string; nom: string };
    for (const q of [`${mover.prenom} ${mover.nom}`, `${mover.nom} ${mover.prenom}`, mover.nom]) {
      expect(await search(q), q).toEqual(expect.arrayContaining(['transfer_in', 'transfer_out']));
    }
    expect((await call({ method: 'GET', url: `/api/inventaires_boutique/${s.id}` })).json()).toHaveLength(3);

    // The movements screen is the director's (DECISIONS §1).
    expect((await (await asRole(ROLE.manager))({ method: 'GET', url: `/api/inventaire/page/${s.id}/1` })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: `/api/inventaire/page/${s.id}/abc` })).statusCode).toBe(400);
  });

  it("names an invoice's edit as such, and the reasons the server writes in the reader's language", async () => {
    const { shop: s, main, call } = await shop();
    const article = await createArticle(t.db, main, { designation: 'Savon', quantite: 10 });
    const sale = (nombre: number) => ({
      client: 0,
      boutiques: s.id,
      articles: [{ articles: article.id, nombre }],
      depot: main.id,
      remise: 0,
      typeFactures: 1,
      imprimante: false,
    });
    const kept = (await call({ method: 'POST', url: '/api/factures_generate', payload: sale(3) })).json();
    expect((await call({ method: 'PUT', url: `/api/factures/update/${kept.idFacture}`, payload: { ...sale(1), id: kept.idFacture } })).statusCode).toBe(200);
    const gone = (await call({ method: 'POST', url: '/api/factures_generate', payload: sale(2) })).json();
    expect((await call({ method: 'DELETE', url: `/api/factures/${gone.idFacture}` })).statusCode).toBe(200);
    const rows = async (lang: string) =>
      (await call({ method: 'GET', url: `/api/inventaire/page/${s.id}/1`, headers: { 'accept-language': lang } })).json().data
        .filter((m: { type: string }) => m.type !== 'addition')
        .map((m: { libelle: string; quantite: number; motif: string | null }) => [m.libelle, m.quantite, m.motif]);
    // Newest first: the deletion gives 2 back, the second sale takes 2, the edit gives 2 back, the first sale takes 3.
    expect(await rows('fr')).toEqual([
      ['Annulation de vente', 2, 'Facture supprimée'],
      ['Vente', -2, null],
      ['Modification de vente', 2, 'Facture modifiée'],
      ['Vente', -3, null],
    ]);
    expect(await rows('en')).toEqual([
      ['Sale cancelled', 2, 'Invoice deleted'],
      ['Sale', -2, null],
      ['Sale changed', 2, 'Invoice changed'],
      ['Sale', -3, null],
    ]);
  });
});
