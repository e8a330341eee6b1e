import { ROLE } from '@app/common/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { assignDepot, createDepot, createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';
import { multipartPayload, TINY_PNG } from '../../test/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopWorld() {
  const world = await createDirector(t.db, { planId: 4, counts: { shops: 3, depots: 5, users: 10 } });
  const shop = world.shops[0]!;
  const depot = world.depots[0]!;
  const manager = await createUser(t.db, { roles: [ROLE.manager], shopIds: [shop.id] });
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id] });
  return {
    ...world,
    shop,
    depot,
    director: as(t.app, await signIn(t.app, world.director)),
    manager: as(t.app, await signIn(t.app, manager)),
    seller: as(t.app, await signIn(t.app, seller)),
    sellerUser: seller,
  };
}

async function ledger(articleId: number) {
  const levels = rowsOf<{ depot_id: number; qty_in: number; qty_out: number; stock_min: number }>(
    await t.db.execute(
      sql`select depot_id, qty_in, qty_out, stock_min from stock_levels where article_id = ${articleId} order by depot_id`,
    ),
  );
  const movements = rowsOf<{ depot_id: number; kind: string; quantity: number; balance_after: number }>(
    await t.db.execute(
      sql`select depot_id, kind, quantity, balance_after from stock_movements where article_id = ${articleId} order by id`,
    ),
  );
  return { levels, movements };
}

const base = (shopId: number, depotId: number) => ({
  boutique: { idBoutique: shopId },
  depot: depotId,
  designation: 'Riz parfumé 25 kg',
  prix: 15000,
  prixAchat: 12000,
  description: 'Sac de 25 kg',
  stockMin: 2,
  quantite: 5,
  categorie: 0,
  fournisseur: 0,
});

describe('articles', () => {
  it('lists articles and stock as a reader orders them: case and accents aside (« ail », « Câble », « Crayon », « Éponge », « Zinc »)', async () => {
    const { seller, shop, depot } = await shopWorld();
    const names = ['Zinc', 'Éponge', 'Crayon', 'ail', 'Câble', 'eau', 'ÂNE'];
    for (const designation of names) await createArticle(t.db, depot, { designation, quantite: 1 });
    const expected = ['ail', 'ÂNE', 'Câble', 'Crayon', 'eau', 'Éponge', 'Zinc'];
    const catalogue = (await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).json();
    expect(catalogue.data.map((a: { designation: string }) => a.designation)).toEqual(expected);
    // A search takes the same order (its own query: the page's ids, then their rows).
    const searched = (await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1/${encodeURIComponent('e')}` })).json();
    expect(searched.data.map((a: { designation: string }) => a.designation)).toEqual(expected.filter((n) => /e/i.test(n)));
    const stock = (await seller({ method: 'GET', url: `/api/entree/boutique/page/${shop.id}/1` })).json();
    expect(stock.data.map((r: { article: { designation: string } }) => r.article.designation)).toEqual(expected);
  });

  it('creates the article, its entry and its first movement in one go; lists, searches, shows and finds it by barcode', async () => {
    const { manager, seller, shop, depot } = await shopWorld();
    const category = (
      await manager({ method: 'POST', url: '/api/categories', payload: { libelle: 'Céréales', boutique: shop.id } })
    ).json();
    const response = await manager({
      method: 'POST',
      url: '/api/articles_all',
      payload: { ...base(shop.id, depot.id), categorie: category.idCategorie, codeBarre: '6001234567890', prix: '15000' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      designation: 'Riz parfumé 25 kg',
      prix: 15000,
      prixAchat: 12000,
      codeBarre: '6001234567890',
      categorie: { idCategorie: category.idCategorie, libelle: 'Céréales' },
      fournisseur: null,
      image: null,
      quantite: 5,
      enLimite: false,
      stocks: [
        {
          depot: { idDepot: depot.id, libelle: depot.libelle },
          stockMin: 2,
          quantiteEntree: 5,
          quantiteSortie: 0,
          enLimite: false,
        },
      ],
    });
    expect(await ledger(created.idArticle)).toEqual({
      levels: [{ depot_id: depot.id, qty_in: 5, qty_out: 0, stock_min: 2 }],
      movements: [{ depot_id: depot.id, kind: 'addition', quantity: 5, balance_after: 5 }],
    });

    const page = (await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).json();
    expect(page).toMatchObject({ total: 1, data: [{ idArticle: created.idArticle }] });
    for (const term of ['parfum', 'céréa', '6001234567890']) {
      expect(
        (await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1/${encodeURIComponent(term)}` })).json().total,
      ).toBe(1);
    }
    expect((await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1/savon` })).json().total).toBe(0);
    // A seller reads the article without its purchase price (articles:cost).
    const { prixAchat: cost, ...forSeller } = created;
    expect(cost).toBe(12000);
    expect((await seller({ method: 'GET', url: `/api/articles/${created.idArticle}` })).json()).toEqual(forSeller);
    expect((await seller({ method: 'GET', url: `/api/article/code/${shop.id}/6001234567890` })).json().idArticle).toBe(
      created.idArticle,
    );
    expect((await seller({ method: 'GET', url: `/api/article/code/${shop.id}/000` })).statusCode).toBe(404);
  });

  it('answers the purchase price to the director, manager and warehouse keeper, never to a seller or cashier', async () => {
    const world = await shopWorld();
    const { shop, depot } = world;
    const article = await createArticle(t.db, depot, { designation: 'Huile 1 L', prix: 1500, prixAchat: 1100, quantite: 4, barcode: '6009876543210' });
    const cashierUser = await createUser(t.db, { roles: [ROLE.cashier], shopIds: [shop.id] });
    const keeperUser = await createUser(t.db, { roles: [ROLE.warehouse], shopIds: [shop.id] });
    // Assigned to the depot, so that their own-depots stock list (the till's) holds the article.
    for (const user of [cashierUser, keeperUser, world.sellerUser]) await assignDepot(t.db, depot, user.id);
    const cashier = as(t.app, await signIn(t.app, cashierUser));
    const keeper = as(t.app, await signIn(t.app, keeperUser));
    const urls = [
      `/api/articles/page/${shop.id}/1`,
      `/api/articles/page/${shop.id}/1/huile`,
      `/api/articles/${article.id}`,
      `/api/article/code/${shop.id}/6009876543210`,
      `/api/entree/boutique/page/${shop.id}/1`,
      `/api/entrees_boutique/${shop.id}`,
      `/api/entrees/boutique/${shop.id}/${depot.id}/0`,
      `/api/entrees_article/${shop.id}/${article.id}/${depot.id}`,
      `/api/entree/articles/depot/user/${shop.id}`,
    ];
    // Every purchase price in an answer, wherever it sits (an article, a stock row's article).
    const costs = (body: unknown): unknown[] => {
      const found: unknown[] = [];
      JSON.stringify(body, (key, value: unknown) => {
        if (key === 'prixAchat') found.push(value);
        return value;
      });
      return found;
    };
    for (const [who, call, sees] of [
      ['director', world.director, true],
      ['manager', world.manager, true],
      ['warehouse keeper', keeper, true],
      ['seller', world.seller, false],
      ['cashier', cashier, false],
    ] as const) {
      for (const url of urls) {
        const response = await call({ method: 'GET', url });
        expect(response.statusCode, `${who} ${url}`).toBe(200);
        const body = response.json();
        expect(JSON.stringify(body), `${who} ${url}`).toContain('Huile 1 L');
        expect(costs(body), `${who} ${url}`).toEqual(sees ? [1100] : []);
      }
    }
  });

  it('creates nothing when the depot, category or barcode is wrong, and validates the seed fields', async () => {
    const { director, shop, depot } = await shopWorld();
    const other = await shopWorld();
    const count = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from articles where shop_id = ${shop.id}`))[0]!.n;
    expect(
      (await director({ method: 'POST', url: '/api/articles_all', payload: { ...base(shop.id, other.depot.id) } })).statusCode,
    ).toBe(404);
    const otherCat = (
      await other.director({ method: 'POST', url: '/api/categories', payload: { libelle: 'X', boutique: other.shop.id } })
    ).json();
    expect(
      (
        await director({
          method: 'POST',
          url: '/api/articles_all',
          payload: { ...base(shop.id, depot.id), categorie: otherCat.idCategorie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await director({ method: 'POST', url: '/api/articles_all', payload: { ...base(shop.id, depot.id), fournisseur: 999999 } }))
        .statusCode,
    ).toBe(404);
    expect(await count()).toBe(0);

    expect(
      (await director({ method: 'POST', url: '/api/articles_all', payload: { ...base(shop.id, depot.id), codeBarre: 'ABC-1' } }))
        .statusCode,
    ).toBe(201);
    const twice = await director({
      method: 'POST',
      url: '/api/articles_all',
      payload: { ...base(shop.id, depot.id), codeBarre: 'ABC-1' },
      headers: { 'accept-language': 'fr' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'BARCODE_TAKEN',
      message: 'Ce code-barres est déjà utilisé par un autre article de la boutique.',
      // The form shows it under the field: in words, not the code (it read « BARCODE_TAKEN »).
      details: [{ field: 'body.codeBarre', message: 'Ce code-barres est déjà utilisé par un autre article de la boutique.' }],
    });
    expect(await count()).toBe(1);

    const bad = await director({
      method: 'POST',
      url: '/api/articles_all',
      payload: { boutique: shop.id, depot: depot.id, designation: ' ', prix: '', prixAchat: -1, stockMin: 1.5, quantite: 'abc' },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.designation', message: 'This field is required.' },
        { field: 'body.prix', message: 'This field is required.' },
        { field: 'body.prixAchat', message: 'Enter a whole number, 0 or more.' },
        { field: 'body.stockMin', message: 'Enter a whole number, 0 or more.' },
      ]),
    );
  });

  it('a manager edits the description but cannot change prices, minimum or quantity; a director can', async () => {
    const { manager, director, shop, depot } = await shopWorld();
    const article = await createArticle(t.db, depot, { prix: 1000, prixAchat: 600, quantite: 10, stockMin: 1 });
    const edit = {
      boutique: shop.id,
      depot: depot.id,
      designation: 'Savon',
      description: 'Savon de Marseille',
      prix: 1000,
      prixAchat: 600,
      stockMin: 1,
      quantite: 10,
    };
    const ok = await manager({ method: 'PUT', url: `/api/articles/${article.id}`, payload: edit });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ designation: 'Savon', description: 'Savon de Marseille', prix: 1000 });
    for (const change of [{ prix: 1100 }, { prixAchat: 500 }, { stockMin: 3 }, { quantite: 12 }]) {
      const refused = await manager({
        method: 'PUT',
        url: `/api/articles/${article.id}`,
        payload: { ...edit, designation: 'Changed', ...change },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MANAGER_RESTRICTED_FIELDS');
    }
    expect((await manager({ method: 'GET', url: `/api/articles/${article.id}` })).json().designation).toBe('Savon');

    const full = await director({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      payload: { ...edit, prix: 1200, stockMin: 4, quantite: 7 },
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      prix: 1200,
      quantite: 7,
      stocks: [{ stockMin: 4, quantiteEntree: 10, quantiteSortie: 3, enLimite: false }],
    });
    const { movements } = await ledger(article.id);
    expect(movements.at(-1)).toEqual({ depot_id: depot.id, kind: 'count_adjustment', quantity: -3, balance_after: 7 });
    const invalid = await director({ method: 'PUT', url: `/api/articles/${article.id}`, payload: { ...edit, prix: 'dix' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('a director uploads an image served to members of the shop only (not a manager), and what is not an image is refused', async () => {
    const { director, manager, seller, depot } = await shopWorld();
    const article = await createArticle(t.db, depot);
    const upload = await multipartPayload({ file: { data: TINY_PNG, filename: 'riz.png', type: 'image/png' } });
    const response = await director({ method: 'PUT', url: `/api/article/image/add/${article.id}`, ...upload });
    expect(response.statusCode).toBe(200);
    const image = response.json().image as string;
    expect(image).toMatch(/^image-\d+$/);
    const served = await seller({ method: 'GET', url: `/api/downloadFile/${image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const stranger = await shopWorld();
    expect((await stranger.director({ method: 'GET', url: `/api/downloadFile/${image}` })).statusCode).toBe(404);

    const text = await multipartPayload({
      file: { data: Buffer.from('not an image at all'), filename: 'x.png', type: 'image/png' },
    });
    expect((await director({ method: 'PUT', url: `/api/article/image/add/${article.id}`, ...text })).statusCode).toBe(415);
    expect((await seller({ method: 'PUT', url: `/api/article/image/add/${article.id}`, ...upload })).statusCode).toBe(403);
    // The image is the director's, as the full edit and the delete (DECISIONS §1): a manager is refused.
    expect((await manager({ method: 'PUT', url: `/api/article/image/add/${article.id}`, ...upload })).statusCode).toBe(403);
    expect((await stranger.director({ method: 'PUT', url: `/api/article/image/add/${article.id}`, ...upload })).statusCode).toBe(
      404,
    );
  });

  it('deletes for good an article without history, and soft-deletes one with a transfer; directors only', async () => {
    const { manager, director, shop, depot, seller } = await shopWorld();
    const plain = await createArticle(t.db, depot);
    expect((await manager({ method: 'DELETE', url: `/api/articles/${plain.id}` })).statusCode).toBe(403);
    expect((await seller({ method: 'DELETE', url: `/api/articles/${plain.id}` })).statusCode).toBe(403);
    const stranger = await shopWorld();
    expect((await stranger.director({ method: 'DELETE', url: `/api/articles/${plain.id}` })).statusCode).toBe(404);
    const gone = await director({ method: 'DELETE', url: `/api/articles/${plain.id}` });
    expect(gone.json()).toEqual({ ok: true, archived: false });
    expect(await ledger(plain.id)).toEqual({ levels: [], movements: [] });

    const used = await createArticle(t.db, depot, { barcode: 'KEEP-1' });
    const second = await createDepot(t.db, shop.id);
    await t.db.execute(
      sql`insert into stock_transfers (shop_id, article_id, from_depot_id, to_depot_id, quantity) values (${shop.id}, ${used.id}, ${depot.id}, ${second.id}, 1)`,
    );
    expect((await director({ method: 'DELETE', url: `/api/articles/${used.id}` })).json()).toEqual({ ok: true, archived: true });
    expect((await ledger(used.id)).movements).toHaveLength(1);
    expect((await director({ method: 'GET', url: `/api/articles/${used.id}` })).statusCode).toBe(404);
    expect((await director({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).json().total).toBe(0);
    // Its barcode is free again for a new article.
    expect(
      (await director({ method: 'POST', url: '/api/articles_all', payload: { ...base(shop.id, depot.id), codeBarre: 'KEEP-1' } }))
        .statusCode,
    ).toBe(201);
  });

  it('adds stock through the ledger: to a depot, to an entry, into another depot', async () => {
    const { manager, seller, shop, depot } = await shopWorld();
    const article = await createArticle(t.db, depot, { quantite: 5, stockMin: 5 });
    expect((await manager({ method: 'GET', url: `/api/articles/${article.id}` })).json()).toMatchObject({ enLimite: true });
    const added = await manager({
      method: 'PUT',
      url: '/api/ajouter',
      payload: { boutique: shop.id, article: article.id, depot: depot.id, quantite: 3 },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      quantiteEntree: 8,
      quantiteSortie: 0,
      enLimite: false,
      article: { idArticle: article.id },
    });
    const entryId = added.json().idEntree;
    expect(
      (await manager({ method: 'PUT', url: '/api/ajouter1', payload: { idEntree: entryId, quantite: 2 } })).json().quantiteEntree,
    ).toBe(10);
    const second = await createDepot(t.db, shop.id, 'Dépôt Yopougon');
    const into = await manager({
      method: 'PUT',
      url: '/api/ajouter2',
      payload: { boutique: shop.id, article: article.id, depot: second.id, stockMin: 1, quantite: 4 },
    });
    expect(into.json()).toMatchObject({
      depot: { idDepot: second.id, libelle: 'Dépôt Yopougon' },
      stockMin: 1,
      quantiteEntree: 4,
    });
    // The minimum of a depot that holds the article is read-only for a manager here too (it is in the article's edit).
    const minimum = await manager({
      method: 'PUT',
      url: '/api/ajouter2',
      payload: { boutique: shop.id, article: article.id, depot: depot.id, stockMin: 50, quantite: 0 },
    });
    expect(minimum.statusCode).toBe(403);
    expect(minimum.json().code).toBe('MANAGER_RESTRICTED_FIELDS');
    const [level] = rowsOf<{ stock_min: number }>(
      await t.db.execute(sql`select stock_min from stock_levels where article_id = ${article.id} and depot_id = ${depot.id}`),
    );
    expect(Number(level!.stock_min)).toBe(5);
    // The same minimum with more units is an addition like the others.
    expect(
      (await manager({ method: 'PUT', url: '/api/ajouter2', payload: { boutique: shop.id, article: article.id, depot: depot.id, stockMin: 5, quantite: 1 } }))
        .statusCode,
    ).toBe(200);
    const { movements } = await ledger(article.id);
    expect(movements.map((m) => [m.kind, m.quantity])).toEqual([
      ['addition', 5],
      ['addition', 3],
      ['addition', 2],
      ['addition', 4],
      ['addition', 1],
    ]);

    expect(
      (
        await manager({
          method: 'PUT',
          url: '/api/ajouter',
          payload: { boutique: shop.id, article: article.id, depot: depot.id, quantite: 0 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await seller({
          method: 'PUT',
          url: '/api/ajouter',
          payload: { boutique: shop.id, article: article.id, depot: depot.id, quantite: 1 },
        })
      ).statusCode,
    ).toBe(403);
    const stranger = await shopWorld();
    expect(
      (await stranger.director({ method: 'PUT', url: '/api/ajouter1', payload: { idEntree: entryId, quantite: 1 } })).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.director({
          method: 'PUT',
          url: '/api/ajouter',
          payload: { boutique: stranger.shop.id, article: article.id, depot: stranger.depot.id, quantite: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('exports the stock list as CSV and imports articles: preview, all-or-nothing, line numbers', async () => {
    const { manager, director, shop, depot, seller } = await shopWorld();
    await createArticle(t.db, depot, { designation: 'Huile; 1 L', quantite: 3 });
    const exported = await director({ method: 'GET', url: `/api/articles/export/${shop.id}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    expect(exported.body).toContain(`"Huile; 1 L";;${depot.libelle};1000;600;0;3;0;3;;`);
    expect((await seller({ method: 'GET', url: `/api/articles/export/${shop.id}` })).statusCode).toBe(403);

    const bad =
      'designation;categorie;prix;prixAchat;stockMin;quantite;codeBarre\nSucre 1 kg;Épicerie;800;650;2;10;111\n;Épicerie;800;650;2;10;\nLait;Épicerie;huit;650;2;10;111\n';
    const preview = await manager({
      method: 'POST',
      url: `/api/articles/import/${shop.id}`,
      payload: { depot: depot.id, csv: bad },
      headers: { 'accept-language': 'fr' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual([
      { line: 3, reason: 'La désignation est obligatoire.' },
      { line: 4, reason: 'prix doit être un nombre entier, 0 ou plus. Ce code-barres figure déjà à la ligne 2.' },
    ]);
    const refused = await manager({
      method: 'POST',
      url: `/api/articles/import/${shop.id}`,
      payload: { depot: depot.id, csv: bad, apply: true },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_INVALID', details: [{ line: 3 }, { line: 4 }] });
    expect((await manager({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).json().total).toBe(1);

    const good =
      'designation,categorie,prix,prixAchat,stockMin,quantite,codeBarre\nSucre 1 kg,Épicerie,800,650,2,10,111\nLait 500 g,épicerie,2500,2000,,4,\n';
    const applied = await manager({
      method: 'POST',
      url: `/api/articles/import/${shop.id}`,
      payload: { depot: depot.id, csv: good, apply: true },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ created: 2, errors: [] });
    const page = (await manager({ method: 'GET', url: `/api/articles/page/${shop.id}/1/sucre` })).json();
    expect(page.data[0]).toMatchObject({ codeBarre: '111', quantite: 10, categorie: { libelle: 'Épicerie' } });
    expect((await manager({ method: 'GET', url: `/api/categories_boutique/${shop.id}` })).json()).toHaveLength(1);
    const again = await manager({
      method: 'POST',
      url: `/api/articles/import/${shop.id}`,
      payload: { depot: depot.id, csv: good },
    });
    expect(again.json().errors).toEqual([{ line: 2, reason: expect.any(String) }]);
    expect(
      (await seller({ method: 'POST', url: `/api/articles/import/${shop.id}`, payload: { depot: depot.id, csv: good } }))
        .statusCode,
    ).toBe(403);
  });

  it('a seller reads articles but every write is refused', async () => {
    const { seller, shop, depot } = await shopWorld();
    const article = await createArticle(t.db, depot);
    expect((await seller({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).statusCode).toBe(200);
    expect((await seller({ method: 'POST', url: '/api/articles_all', payload: base(shop.id, depot.id) })).statusCode).toBe(403);
    expect(
      (await seller({ method: 'PUT', url: `/api/articles/${article.id}`, payload: { ...base(shop.id, depot.id) } })).statusCode,
    ).toBe(403);
    const stranger = await shopWorld();
    expect((await stranger.director({ method: 'GET', url: `/api/articles/${article.id}` })).statusCode).toBe(404);
    expect((await stranger.director({ method: 'GET', url: `/api/articles/page/${shop.id}/1` })).statusCode).toBe(403);
    expect(
      (
        await stranger.director({
          method: 'PUT',
          url: `/api/articles/${article.id}`,
          payload: base(stranger.shop.id, stranger.depot.id),
        })
      ).statusCode,
    ).toBe(404);
  });
});
