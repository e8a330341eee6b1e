import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector, signIn } from '../../test/factories.js';
import { random } from '../../test/random.js';
import { createArticle, saleBody, tillSaleBody } from '../../test/trading-factories.js';

// The stock evaluation and the report's stock value read per-depot rows that triggers keep
// (depot_stock_values, migration 0010). A random sequence of everything that moves stock or an
// article's worth (sales, till sales, invoice edits and deletions, purchase price and quantity edits,
// transfers, counts, additions, article deletions), after which every figure is compared with a
// recomputation from the levels; then price changes racing stock changes (real races on PostgreSQL).
// A till sale's one statement adds its stock out to the depot's row itself (migration 0022): both
// cover it, the first sale of a shop (its register made by the transaction) and the ones after.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type DepotFigures = { montantStock: number; articles: number; quantite: number };

/** Each live depot's worth, articles in stock and units, recomputed from the levels. */
async function recomputed(shopId: number): Promise<Record<number, DepotFigures>> {
  const rows = rowsOf<{ id: number; value: number; articles: number; quantity: number }>(
    await t.db.execute(sql`
      select d.id, coalesce(sum((s.qty_in - s.qty_out)::bigint * a.cost_fcfa), 0)::bigint as value,
        (count(s.id) filter (where s.qty_in > s.qty_out))::int as articles, coalesce(sum(s.qty_in - s.qty_out), 0)::bigint as quantity
      from depots d
      left join stock_levels s on s.depot_id = d.id
        and exists (select 1 from articles a where a.id = s.article_id and a.deleted_at is null)
      left join articles a on a.id = s.article_id
      where d.shop_id = ${shopId} and d.deleted_at is null
      group by d.id`),
  );
  return Object.fromEntries(
    rows.map((r) => [r.id, { montantStock: Number(r.value), articles: Number(r.articles), quantite: Number(r.quantity) }]),
  );
}

/** The kept rows of a shop equal what a rebuild computes from the raw rows. */
async function expectKeptEqualsRebuild(shopId: number, message: string) {
  const read = async () =>
    rowsOf<{ depot_id: number; value_fcfa: unknown; articles: number; quantity: unknown }>(
      await t.db.execute(
        sql`select depot_id, value_fcfa::bigint, articles, quantity::bigint from depot_stock_values
            where shop_id = ${shopId} and (value_fcfa, articles, quantity) <> (0, 0, 0) order by depot_id`,
      ),
    ).map((r) => ({ ...r, value_fcfa: Number(r.value_fcfa), quantity: Number(r.quantity) }));
  const kept = await read();
  await t.db.execute(sql`select depot_stock_values_rebuild(${shopId})`);
  expect(kept, message).toEqual(await read());
}

describe('stock value kept per depot (depot_stock_values)', () => {
  it('equals a recomputation from the levels after a random sequence of stock and price changes', async () => {
    const seed = Number(process.env.STOCK_VALUE_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const world = await createDirector(t.db, { planId: 4 });
    const shop = world.shops[0]!;
    const b = shop.id;
    const main = world.depots[0]!;
    const second = await createDepot(t.db, b, 'Réserve');
    const depots = [main, second];
    const call = as(t.app, await signIn(t.app, world.director));
    const goods: { id: number; designation: string; prix: number; prixAchat: number; deleted: boolean }[] = [];
    const addArticle = async () => {
      const prixAchat = 100 * rnd.int(1, 20);
      const article = await createArticle(t.db, rnd.pick(depots), { prix: prixAchat + 500, prixAchat, quantite: rnd.int(0, 60) });
      goods.push({ id: article.id, designation: article.designation, prix: prixAchat + 500, prixAchat, deleted: false });
    };
    for (let k = 0; k < 5; k++) await addArticle();
    const live = () => goods.filter((g) => !g.deleted);
    const invoiceIds: number[] = [];
    const receptionIds: number[] = [];
    const log: string[] = [];
    const done = (status: number, body: string) => expect([200, 201, 404, 409, 422], body).toContain(status);

    const check = async (step: string) => {
      const message = `${step} (seed ${seed}) ${log.join(' ')}`;
      const want = await recomputed(b);
      const evaluation = (await call({ method: 'GET', url: `/api/entrees/evaluation/depot/${b}` })).json() as (DepotFigures & {
        depot: { idDepot: number };
      })[];
      expect(
        Object.fromEntries(evaluation.map((e) => [e.depot.idDepot, { montantStock: e.montantStock, articles: e.articles, quantite: e.quantite }])),
        message,
      ).toEqual(want);
      const [total] = (await call({ method: 'GET', url: `/api/rapport/${b}/2026-01-01/2026-01-02` })).json();
      const value = Object.values(want).reduce((sum, d) => sum + d.montantStock, 0);
      expect(total.montantStock, message).toBe(value);
      const consolidated = (await call({ method: 'GET', url: '/api/rapport/consolide/2026-01-01/2026-01-02' })).json();
      expect(consolidated.shops[0].montantStock, message).toBe(value);
    };

    for (let step = 1; step <= 70; step++) {
      const op = rnd.pick(['sell', 'sell', 'till', 'till', 'till', 'edit-invoice', 'delete-invoice', 'price', 'price', 'quantity', 'transfer', 'count', 'add', 'new', 'delete-article', 'receive', 'receive', 'edit-reception', 'delete-reception']);
      log.push(op);
      const depot = rnd.pick(depots);
      const article = live().length > 0 ? rnd.pick(live()) : undefined;
      if (!article || op === 'new') {
        await addArticle();
      } else if (op === 'sell' || (op === 'edit-invoice' && invoiceIds.length === 0)) {
        const picked = [...live()].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3));
        const response = await call({
          method: 'POST',
          url: '/api/factures_generate',
          payload: saleBody({ shop, depot }, picked.map((g) => ({ articles: g.id, nombre: rnd.int(1, 5) }))),
        });
        done(response.statusCode, response.body);
        if (response.statusCode === 201) invoiceIds.push(response.json().idFacture);
      } else if (op === 'till') {
        // Cash handed above any total: the change is given back, the whole sale is one statement.
        const picked = [...live()].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 4));
        const response = await call({
          method: 'POST',
          url: '/api/ventes',
          payload: tillSaleBody({ shop, depot }, picked.map((g) => [g.id, rnd.int(1, 6)]), 10_000_000),
        });
        done(response.statusCode, response.body);
        if (response.statusCode === 201) invoiceIds.push(response.json().idFacture);
      } else if (op === 'edit-invoice') {
        const response = await call({
          method: 'PUT',
          url: `/api/factures/update/${rnd.pick(invoiceIds)}`,
          payload: saleBody({ shop, depot }, [{ articles: article.id, nombre: rnd.int(1, 3) }]),
        });
        done(response.statusCode, response.body);
      } else if (op === 'delete-invoice' && invoiceIds.length > 0) {
        const response = await call({ method: 'DELETE', url: `/api/factures/${rnd.pick(invoiceIds)}` });
        done(response.statusCode, response.body);
      } else if (op === 'price' || op === 'quantity') {
        if (op === 'price') article.prixAchat = 50 * rnd.int(1, 40);
        const response = await call({
          method: 'PUT',
          url: `/api/articles/${article.id}`,
          payload: {
            boutique: b,
            depot: depot.id,
            designation: article.designation,
            description: null,
            prix: article.prix,
            prixAchat: article.prixAchat,
            ...(op === 'quantity' ? { quantite: rnd.int(0, 40) } : {}),
          },
        });
        expect(response.statusCode, response.body).toBe(200);
      } else if (op === 'transfer') {
        const [from, to] = rnd.next() < 0.5 ? [main, second] : [second, main];
        const response = await call({
          method: 'POST',
          url: '/api/transferts',
          payload: { boutique: b, article: article.id, depotSource: from.id, depotDestination: to.id, quantite: rnd.int(1, 8) },
        });
        done(response.statusCode, response.body);
      } else if (op === 'count') {
        const response = await call({
          method: 'POST',
          url: '/api/inventaires',
          payload: { boutique: b, depot: depot.id, motif: 'Comptage', lignes: [{ article: article.id, quantiteComptee: rnd.int(0, 30) }] },
        });
        done(response.statusCode, response.body);
      } else if (op === 'add') {
        const response = await call({
          method: 'PUT',
          url: '/api/ajouter',
          payload: { boutique: b, article: article.id, depot: depot.id, quantite: rnd.int(1, 20) },
        });
        done(response.statusCode, response.body);
      } else if (op === 'receive' || (op === 'edit-reception' && receptionIds.length > 0)) {
        // A reception averages its price into the article's; an edit or a deletion corrects it (DECISIONS §5).
        const picked = [...live()].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3));
        const body = {
          boutique: b,
          depot: depot.id,
          article: picked.map((g) => ({ articles: g.id, nombre: rnd.int(1, 20), ...(rnd.next() < 0.8 ? { prixAchat: 50 * rnd.int(1, 40) } : {}) })),
        };
        const response =
          op === 'receive'
            ? await call({ method: 'POST', url: '/api/reception', payload: body })
            : await call({ method: 'PUT', url: `/api/reception/${rnd.pick(receptionIds)}`, payload: body });
        done(response.statusCode, response.body);
        if (op === 'receive' && response.statusCode === 201) receptionIds.push(response.json().idReception);
      } else if (op === 'delete-reception' && receptionIds.length > 0) {
        const id = receptionIds[rnd.int(0, receptionIds.length - 1)]!;
        const response = await call({ method: 'DELETE', url: `/api/reception/${id}` });
        done(response.statusCode, response.body);
        if (response.statusCode === 200) receptionIds.splice(receptionIds.indexOf(id), 1);
      } else if (op === 'delete-article' && live().length > 3) {
        const response = await call({ method: 'DELETE', url: `/api/articles/${article.id}` });
        expect(response.statusCode, response.body).toBe(200);
        article.deleted = true;
      }
      if (step % 10 === 0) await check(`step ${step}`);
    }
    // A depot deleted (or refused while it holds stock) leaves the figures of the others right.
    done((await call({ method: 'DELETE', url: `/api/depots/${second.id}` })).statusCode, 'depot deletion');
    await check('after the depot deletion');
    await expectKeptEqualsRebuild(b, `seed ${seed} ${log.join(' ')}`);
  }, 300_000);

  // The races are real on PostgreSQL (PGlite runs one transaction at a time: there the requests interleave).
  it(
    'stays exact when price changes race sales, transfers and counts of the same articles',
    async () => {
      const world = await createDirector(t.db, { planId: 4 });
      const shop = world.shops[0]!;
      const b = shop.id;
      const main = world.depots[0]!;
      const second = await createDepot(t.db, b, 'Réserve');
      const call = as(t.app, await signIn(t.app, world.director));
      const goods: { id: number; designation: string }[] = [];
      for (let k = 0; k < 3; k++) goods.push(await createArticle(t.db, main, { prix: 5000, prixAchat: 1000, quantite: 400 }));
      const statuses: number[] = [];
      const record = async (request: Promise<{ statusCode: number }>) => statuses.push((await request).statusCode);
      const work: Promise<unknown>[] = [];
      for (let round = 0; round < 12; round++) {
        const article = goods[round % goods.length]!;
        work.push(
          record(
            call({
              method: 'POST',
              url: '/api/factures_generate',
              payload: saleBody({ shop, depot: main }, goods.map((g) => ({ articles: g.id, nombre: 1 }))),
            }),
          ),
          record(
            call({
              method: 'POST',
              url: '/api/ventes',
              payload: tillSaleBody({ shop, depot: main }, goods.map((g) => [g.id, 1 + (round % 3)]), 10_000_000),
            }),
          ),
          record(
            call({
              method: 'PUT',
              url: `/api/articles/${article.id}`,
              payload: { boutique: b, depot: main.id, designation: article.designation, description: null, prix: 5000, prixAchat: 1000 + 37 * round },
            }),
          ),
          record(
            call({
              method: 'POST',
              url: '/api/transferts',
              payload: { boutique: b, article: article.id, depotSource: main.id, depotDestination: second.id, quantite: 2 },
            }),
          ),
          record(
            call({
              method: 'POST',
              url: '/api/inventaires',
              payload: { boutique: b, depot: second.id, motif: 'Comptage', lignes: [{ article: goods[(round + 1) % goods.length]!.id, quantiteComptee: round }] },
            }),
          ),
        );
      }
      await Promise.all(work);
      expect(statuses.filter((s) => s >= 500), JSON.stringify(statuses)).toEqual([]);
      const evaluation = (await call({ method: 'GET', url: `/api/entrees/evaluation/depot/${b}` })).json() as (DepotFigures & {
        depot: { idDepot: number };
      })[];
      expect(
        Object.fromEntries(evaluation.map((e) => [e.depot.idDepot, { montantStock: e.montantStock, articles: e.articles, quantite: e.quantite }])),
      ).toEqual(await recomputed(b));
      await expectKeptEqualsRebuild(b, 'after the race');
    },
    120_000,
  );
});
