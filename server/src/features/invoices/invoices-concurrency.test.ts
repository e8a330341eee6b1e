import { ROLE } from '@app/common/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, stockLevels } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Requests fired at once (DECISIONS §4, §5; issue 9 item 9): the database decides, never a read-then-write. */
describe('invoices under concurrency', () => {
  it('8 parallel sales of the last 10 units, 2 each: 5 invoices, 3 clear refusals, stock 0, numbers without gap', async () => {
    const { director, shops, depots } = await createDirector(t.db, { planId: 4, counts: { shops: 1, depots: 2, users: 20 } });
    const shop = shops[0]!;
    const depot = depots[0]!;
    const article = await createArticle(t.db, depot, { prix: 1000, quantite: 10 });
    const sellers: ReturnType<typeof as>[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: director.id });
      sellers.push(as(t.app, await signIn(t.app, user)));
    }
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sellers[i % 4]!({
          method: 'POST',
          url: '/api/factures_generate',
          payload: { client: 0, boutiques: shop.id, articles: [{ articles: article.id, nombre: 2 }], depot: depot.id, remise: 0, typeFactures: 1, imprimante: false },
        }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect([409, 422]).toContain(r.statusCode);
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ available: 0, requested: 2 }] });
    }
    const [level] = await t.db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.articleId, article.id), eq(stockLevels.depotId, depot.id)));
    expect(level!.qtyIn - level!.qtyOut).toBe(0);
    const rows = await t.db.select().from(invoices).where(eq(invoices.shopId, shop.id));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(5);
  });

  it('the same Idempotency-Key twice at once, and again later, gives one invoice', async () => {
    const { director, shops, depots } = await createDirector(t.db);
    const shop = shops[0]!;
    const depot = depots[0]!;
    const article = await createArticle(t.db, depot, { quantite: 10 });
    const call = as(t.app, await signIn(t.app, director));
    const request = {
      method: 'POST' as const,
      url: '/api/factures_generate',
      headers: { 'idempotency-key': 'sale-key-0001' },
      payload: { client: 0, boutiques: shop.id, articles: [{ articles: article.id, nombre: 3 }], depot: depot.id, remise: 0, typeFactures: 1 },
    };
    const [first, second] = await Promise.all([call(request), call(request)]);
    expect([first.statusCode, second.statusCode]).toContain(201);
    const later = await call(request);
    expect(later.statusCode).toBe(201);
    const rows = await t.db.select().from(invoices).where(eq(invoices.shopId, shop.id));
    expect(rows).toHaveLength(1);
    expect(later.json().idFacture).toBe(rows[0]!.id);
    const [level] = await t.db.select().from(stockLevels).where(eq(stockLevels.articleId, article.id));
    expect(level!.qtyIn - level!.qtyOut).toBe(7);
  });

  it('a key stored with an invoice answers that invoice even when the request log lost it (a crash after commit)', async () => {
    const { director, shops, depots } = await createDirector(t.db);
    const article = await createArticle(t.db, depots[0]!, { quantite: 10 });
    const { createInvoice } = await import('../sales/record-sale.service.js');
    const { shopContext } = await import('../../lib/access.js');
    const { actorOf } = await import('../../test/factories.js');
    const { invoiceBody } = await import('@app/common/contracts/invoices');
    const ctx = shopContext(await actorOf(t.db, director.id), shops[0]!.id);
    const body = invoiceBody.parse({ client: 0, boutiques: shops[0]!.id, articles: [{ articles: article.id, nombre: 1 }], depot: depots[0]!.id, remise: 0, typeFactures: 1 });
    const [a, b] = await Promise.all([createInvoice(t.db, ctx, body, 'crash-key-01'), createInvoice(t.db, ctx, body, 'crash-key-01')]);
    expect(a.idFacture).toBe(b.idFacture);
    const again = await createInvoice(t.db, ctx, body, 'crash-key-01');
    expect(again.idFacture).toBe(a.idFacture);
    expect(await t.db.select().from(invoices).where(eq(invoices.shopId, shops[0]!.id))).toHaveLength(1);
  });
  it("edits and deletions of the day's invoices racing sales of the same articles: no error, stock and totals exact", async () => {
    const { director, shops, depots } = await createDirector(t.db, { planId: 4 });
    const shop = shops[0]!;
    const depot = depots[0]!;
    const call = as(t.app, await signIn(t.app, director));
    const goods: { id: number }[] = [];
    for (let i = 0; i < 3; i++) goods.push(await createArticle(t.db, depot, { prix: 1000, prixAchat: 400, quantite: 500 }));
    const sale = (n: number) => ({
      client: 0,
      boutiques: shop.id,
      articles: goods.map((g) => ({ articles: g.id, nombre: n })),
      depot: depot.id,
      remise: 0,
      typeFactures: 1,
      imprimante: false,
    });
    const first: number[] = [];
    const toPay: { idFacture: number }[] = [];
    for (let i = 0; i < 8; i++) {
      first.push((await call({ method: 'POST', url: '/api/factures_generate', payload: sale(1) })).json().idFacture);
      toPay.push((await call({ method: 'POST', url: '/api/factures_generate', payload: { ...sale(1), articles: [{ articles: goods[0]!.id, nombre: 1 }] } })).json());
    }
    // Each edit or deletion moves the stock of the articles the concurrent sales take, and the day's
    // totals they and the payments add to.
    const responses = await Promise.all(
      first.flatMap((id, i) => [
        call({ method: 'POST', url: '/api/factures_generate', payload: sale(2) }),
        i % 2 === 0
          ? call({ method: 'DELETE', url: `/api/factures/${id}` })
          : call({ method: 'PUT', url: `/api/factures/update/${id}`, payload: sale(3) }),
        call({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: { facture: toPay[i]!.idFacture, livrer: false, chauffeure: 0, montantPaye: 1000, total: 1000, reste: 1000, methode: 'cash' },
        }),
      ]),
    );
    expect(
      responses.map((r) => r.statusCode),
      responses.map((r) => r.body).join('\n'),
    ).toEqual(first.flatMap(() => [201, 200, 201]));
    // 8 sales of 1 each, 8 more of 2, 4 deleted, 4 edited to 3: 500 - (4 x 3 + 8 x 2) per article.
    for (const good of goods) {
      const [level] = await t.db.select().from(stockLevels).where(and(eq(stockLevels.articleId, good.id), eq(stockLevels.depotId, depot.id)));
      expect(level!.qtyIn - level!.qtyOut).toBe(500 - 12 - 16 - (good.id === goods[0]!.id ? 8 : 0));
    }
    const dashboard = (await call({ method: 'GET', url: `/api/dashboard/${shop.id}` })).json();
    // Orders (commandes) are the sales: the 20 live invoices (their 44 lines no longer count as orders).
    expect(dashboard).toMatchObject({ factures: 20, commandes: 20, montant: 8000 });
  });
});
