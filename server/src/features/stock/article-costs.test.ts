import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, auditLog, invoiceLines } from '../../db/schema/index.js';
import { shopContext } from '../../lib/access.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { actorOf, createDepot, createDirector, signIn } from '../../test/factories.js';
import { averageCosts } from './article-costs.service.js';
import { applyStockChanges, changeStockLevels, recordStockMovements } from './stock-ledger.service.js';
import { createArticle, saleBody, tillSaleBody } from '../../test/trading-factories.js';

// Goods a sale gives back (an invoice deleted, a line reduced by an edit) come back at the purchase
// price they left with, kept on their line (DECISIONS §5, §7), not at today's average: a sale voided
// after a reception moved the average leaves the stock worth what was bought.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const w = await createDirector(t.db);
  const shop = w.shops[0]!;
  const depot = w.depots[0]!;
  const call = as(t.app, await signIn(t.app, w.director));
  // Riz: 10 on hand, bought at 1 000.
  const riz = await createArticle(t.db, depot, { designation: 'Riz 5 kg', prix: 3_000, prixAchat: 1_000, quantite: 10 });
  const costOf = async () => (await t.db.select({ cost: articles.costFcfa }).from(articles).where(eq(articles.id, riz.id)))[0]!.cost;
  const sell = async (nombre: number) => {
    const response = await call({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop, depot }, [{ articles: riz.id, nombre }]) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().idFacture as number;
  };
  const receive = async (nombre: number, prixAchat: number) => {
    const response = await call({ method: 'POST', url: '/api/reception', payload: { depot: depot.id, boutique: shop.id, article: [{ articles: riz.id, nombre, prixAchat }] } });
    expect(response.statusCode, response.body).toBe(201);
  };
  const depotValue = async (depotId = depot.id) => {
    const evaluation = (await call({ method: 'GET', url: `/api/entrees/evaluation/depot/${shop.id}` })).json() as { depot: { idDepot: number }; montantStock: number }[];
    return evaluation.find((e) => e.depot.idDepot === depotId)?.montantStock ?? 0;
  };
  // A reception of Riz that has moved the average and holds the article FOR UPDATE, then waits long
  // enough for a request made meanwhile to read its articles and wait on that lock, before it adds
  // the units to the depot and commits. Resolves `locked` once the article is held.
  const receptionHoldingThePrice = async (nombre: number, prixAchat: number) => {
    const ctx = shopContext(await actorOf(t.db, w.director.id), shop.id);
    let priceLocked!: () => void;
    const locked = new Promise<void>((resolve) => (priceLocked = resolve));
    const done = t.db.transaction(async (tx) => {
      await averageCosts(tx, ctx, [], [{ articleId: riz.id, designation: 'Riz 5 kg', quantity: nombre, costFcfa: prixAchat }]);
      priceLocked();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await applyStockChanges(tx, ctx, [{ articleId: riz.id, depotId: depot.id, kind: 'reception', quantity: nombre }], { reason: 'test' });
    });
    return { locked, done };
  };
  return { shop, depot, call, riz, costOf, sell, receive, depotValue, receptionHoldingThePrice, directorId: w.director.id };
}

describe('goods given back by a sale come back at the price they left with', () => {
  it('a sale deleted after a reception moved the average: its units come back at 1 000, not at 2 000', async () => {
    const w = await world();
    const invoice = await w.sell(10);
    // Nothing left; 10 received at 2 000: the average is 2 000.
    await w.receive(10, 2_000);
    expect(await w.costOf()).toBe(2_000);
    const deleted = await w.call({ method: 'DELETE', url: `/api/factures/${invoice}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // 10 at 2 000 and 10 back at 1 000: (20 000 + 10 000) / 20 = 1 500; the depot is worth what was bought.
    expect(await w.costOf()).toBe(1_500);
    expect(await w.depotValue()).toBe(30_000);
    // The trail says what it did to the price.
    const [line] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoice), eq(auditLog.action, 'invoice.delete')));
    expect(line).toMatchObject({
      before: { averageCosts: 'Riz 5 kg 2\u202f000\u00a0FCFA' },
      after: { deleted: true, averageCosts: 'Riz 5 kg 1\u202f500\u00a0FCFA' },
    });
  });

  it('an edit that sells fewer gives back the difference at the line\'s price; a move to another depot gives nothing back', async () => {
    const w = await world();
    const invoice = await w.sell(6);
    // 4 left at 1 000, 4 received at 2 000: the average is 1 500.
    await w.receive(4, 2_000);
    expect(await w.costOf()).toBe(1_500);
    const edit = (nombre: number, depot = w.depot.id) =>
      w.call({ method: 'PUT', url: `/api/factures/update/${invoice}`, payload: saleBody({ shop: w.shop, depot: { id: depot } }, [{ articles: w.riz.id, nombre }]) });
    // 6 -> 2: 4 back at 1 000: (8 x 1 500 + 4 x 1 000) / 12 = 1 333.33 -> 1 333.
    const fewer = await edit(2);
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(await w.costOf()).toBe(1_333);
    // 2 -> 3: one more unit leaves at the average, which does not move.
    const more = await edit(3);
    expect(more.statusCode, more.body).toBe(200);
    expect(await w.costOf()).toBe(1_333);
    // The same 3 from another depot: the units move between depots, the price does not; 11 units in all.
    const other = await createDepot(t.db, w.shop.id, 'Réserve');
    await w.call({ method: 'POST', url: '/api/transferts', payload: { boutique: w.shop.id, article: w.riz.id, depotSource: w.depot.id, depotDestination: other.id, quantite: 5 } });
    const moved = await edit(3, other.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await w.costOf()).toBe(1_333);
    expect((await w.depotValue()) + (await w.depotValue(other.id))).toBe(11 * 1_333);
  });

  it('units an edit adds leave at the average: the line keeps both prices weighted, and gives them back at that price', async () => {
    const w = await world();
    const invoice = await w.sell(2);
    // 8 left at 1 000, 8 received at 2 000: the average is 1 500.
    await w.receive(8, 2_000);
    expect(await w.costOf()).toBe(1_500);
    const edited = await w.call({
      method: 'PUT',
      url: `/api/factures/update/${invoice}`,
      payload: saleBody({ shop: w.shop, depot: w.depot }, [{ articles: w.riz.id, nombre: 5 }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // 2 sold at 1 000, 3 more at 1 500: the line's units left worth 6 500, 1 300 each; the average does not move.
    const lineCost = async () => (await t.db.select({ cost: invoiceLines.unitCostFcfa }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice)))[0]!.cost;
    expect(await lineCost()).toBe(1_300);
    expect(await w.costOf()).toBe(1_500);
    expect(await w.depotValue()).toBe(13 * 1_500);
    // Deleted, the 5 come back at 1 300: the depot is worth the 26 000 bought (10 x 1 000 + 8 x 2 000), to the rounding.
    expect((await w.call({ method: 'DELETE', url: `/api/factures/${invoice}` })).statusCode).toBe(200);
    // (13 x 1 500 + 5 x 1 300) / 18 = 1 444.4 -> 1 444.
    expect(await w.costOf()).toBe(1_444);
    expect(await w.depotValue()).toBe(18 * 1_444);
  });

  it('a sale deleted while the price has not moved leaves it as it is', async () => {
    const w = await world();
    const invoice = await w.sell(3);
    expect((await w.call({ method: 'DELETE', url: `/api/factures/${invoice}` })).statusCode).toBe(200);
    expect(await w.costOf()).toBe(1_000);
    expect(await w.depotValue()).toBe(10_000);
  });
});

// Real races on PostgreSQL (PGlite runs one transaction at a time): a change of an article's price
// (an invoice deleted, a reception) locks the article, then its levels, while sales and transfers of
// the same article go on; every request passes, none is aborted by the database (a 503).
describe('price changes racing stock changes of the same article', () => {
  it('an invoice deleted or received into while others sell, transfer and count the same article: all pass, none gives way', async () => {
    const w = await world();
    const other = await createDepot(t.db, w.shop.id, 'Réserve');
    await w.receive(200, 1_200);
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const invoice = await w.sell(2);
      const requests = [
        w.call({ method: 'DELETE', url: `/api/factures/${invoice}` }),
        w.call({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop: w.shop, depot: w.depot }, [{ articles: w.riz.id, nombre: 1 }]) }),
        w.call({ method: 'POST', url: '/api/reception', payload: { depot: w.depot.id, boutique: w.shop.id, article: [{ articles: w.riz.id, nombre: 3, prixAchat: 900 + round * 50 }] } }),
        w.call({ method: 'POST', url: '/api/transferts', payload: { boutique: w.shop.id, article: w.riz.id, depotSource: w.depot.id, depotDestination: other.id, quantite: 1 } }),
      ];
      statuses.push(...(await Promise.all(requests)).map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
  });
});

// The interleaving that could deadlock, made on purpose (on PostgreSQL; PGlite runs one transaction
// at a time, so there the two run one after the other): a transfer takes its levels, then, in its
// next statement, writes its movements, whose foreign key holds the article FOR KEY SHARE; between the two, a price change (a reception, an
// invoice given back) locks the article FOR UPDATE and asks for the same levels. The ledger holds
// the article FOR KEY SHARE before its levels, so the price change waits for the whole transfer
// instead of holding the article it needs: both pass, none is aborted (40P01).
describe('a price change between the two statements of a transfer', () => {
  it('waits for the transfer; neither is aborted', async () => {
    const w = await world();
    const other = await createDepot(t.db, w.shop.id, 'Réserve');
    const ctx = shopContext(await actorOf(t.db, w.directorId), w.shop.id);
    // Both levels exist already (a level opened by a move takes the article through its own foreign key).
    const first = await w.call({ method: 'POST', url: '/api/transferts', payload: { boutique: w.shop.id, article: w.riz.id, depotSource: w.depot.id, depotDestination: other.id, quantite: 1 } });
    expect(first.statusCode, first.body).toBe(201);
    const moves = [
      { articleId: w.riz.id, depotId: w.depot.id, kind: 'transfer_out' as const, quantity: -2 },
      { articleId: w.riz.id, depotId: other.id, kind: 'transfer_in' as const, quantity: 2 },
    ];
    let levelsTaken!: () => void;
    const transferHoldsLevels = new Promise<void>((resolve) => (levelsTaken = resolve));
    let priceChangeStarted!: () => void;
    const priceChangeWaits = new Promise<void>((resolve) => (priceChangeStarted = resolve));
    const transfer = t.db.transaction(async (tx) => {
      const applied = await changeStockLevels(tx, ctx, moves);
      levelsTaken();
      // PGlite runs one transaction at a time: there the price change starts after this one ends.
      await Promise.race([priceChangeWaits, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      // Long enough for the price change to lock the article and ask for the levels.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recordStockMovements(tx, ctx, applied, { reason: 'test' });
    });
    await transferHoldsLevels;
    const priceChange = t.db.transaction(async (tx) => {
      priceChangeStarted();
      await averageCosts(tx, ctx, [], [{ articleId: w.riz.id, designation: 'Riz 5 kg', quantity: 5, costFcfa: 2_000 }]);
      await applyStockChanges(tx, ctx, [{ articleId: w.riz.id, depotId: w.depot.id, kind: 'reception', quantity: 5 }], { reason: 'test' });
    });
    const outcomes = await Promise.allSettled([transfer, priceChange]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as { cause?: { code?: string } }).cause?.code ?? o.reason) : 'ok'))).toEqual(['ok', 'ok']);
  });
});

// A till sale reads its articles (their prices with them) in one statement, then writes in another.
// A reception that moves the average between the two (made on purpose here, on PostgreSQL; PGlite
// runs one transaction at a time, so there the sale simply comes after it) is seen by the write,
// which holds the articles: the line keeps the price the stock's value lost with its units.
describe('a price change between the read and the write of a sale', () => {
  it('the line keeps the price its units left at, not the one read before', async () => {
    const w = await world();
    // 10 on hand at 1 000, 10 received at 2 000: 1 500, the article held FOR UPDATE until the commit.
    const reception = await w.receptionHoldingThePrice(10, 2_000);
    await reception.locked;
    const sold = await w.call({ method: 'POST', url: '/api/ventes', payload: tillSaleBody(w, [[w.riz.id, 4]], 12_000) });
    await reception.done;
    expect(sold.statusCode, sold.body).toBe(201);
    const invoiceId = (sold.json() as { idFacture: number }).idFacture;
    const [line] = await t.db.select({ cost: invoiceLines.unitCostFcfa }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    expect(line!.cost).toBe(1_500);
    // 16 left at 1 500: the depot's value, and the report's cost of the sale, agree.
    expect(await w.depotValue()).toBe(16 * 1_500);
  });

  it('an edit adding units while a reception moves the average: the added units count at the new average', async () => {
    const w = await world();
    const invoice = await w.sell(2);
    // 8 on hand at 1 000, 8 received at 2 000: 1 500.
    const reception = await w.receptionHoldingThePrice(8, 2_000);
    await reception.locked;
    const edited = await w.call({ method: 'PUT', url: `/api/factures/update/${invoice}`, payload: saleBody(w, [{ articles: w.riz.id, nombre: 5 }]) });
    await reception.done;
    expect(edited.statusCode, edited.body).toBe(200);
    // 2 at 1 000 and 3 at 1 500: 1 300 each.
    const [line] = await t.db.select({ cost: invoiceLines.unitCostFcfa }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice));
    expect(line!.cost).toBe(1_300);
  });
});
