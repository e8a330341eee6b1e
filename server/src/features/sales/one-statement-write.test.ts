import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@app/common/dates';
import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import { rowsOf } from '../../db/rows.js';
import { articles, cashRegisters, documentCounters, invoices, stockMovements } from '../../db/schema/index.js';
import { shopContext } from '../../lib/access.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { actorOf, createDirector, signIn } from '../../test/factories.js';
import { availableStock, createArticle, saleBody, tillSaleBody } from '../../test/trading-factories.js';
import { insertInvoice, isRefusedWrite, type PricedLine } from './invoice-writes.js';

// The till's online sale is written by ONE statement, its own transaction (insertInvoice's
// `oneStatement`, migration 0019, issue 19). What the sale's transaction checked under its locks
// before, that statement checks under its own: here each check is made to fail between the refs
// and the write, and the statement must be refused whole (nothing written: no stock taken, no
// number used, no invoice, no movement), never write part of the sale.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = 'Africa/Abidjan';

async function shopWithStock() {
  const world = await createDirector(t.db, { planId: 4, counts: { shops: 2, depots: 3, users: 5 } });
  const shop = world.shops[0]!;
  const depot = world.depots.find((d) => d.shopId === shop.id)!;
  const a = await createArticle(t.db, depot, { prix: 1000, prixAchat: 600, quantite: 5 });
  const b = await createArticle(t.db, depot, { prix: 2500, prixAchat: 1500, quantite: 5 });
  const ctx = shopContext(await actorOf(t.db, world.director.id), shop.id);
  // The shop's default register exists once a first sale was paid (it is made by the transaction).
  const call = as(t.app, await signIn(t.app, world.director));
  const first = await call({
    method: 'POST',
    url: '/api/ventes',
    payload: tillSaleBody({ shop, depot }, [[a!.id, 1]], 1000),
  });
  expect(first.statusCode, first.body).toBe(201);
  const [register] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.shopId, shop.id));
  return { shop, depot, a: a!, b: b!, ctx, register: register!, call };
}
type Shop = Awaited<ReturnType<typeof shopWithStock>>;

/** A cash sale of `lines` as recordSale's one statement writes it, paid in full at the register. */
function write(w: Shop, lines: { articleId: number; quantity: number; price: number }[], register: { id: number; day: string } | null = null) {
  const priced: PricedLine[] = lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity, unitPriceFcfa: l.price, unitCostFcfa: 0 }));
  const total = lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
  return insertInvoice(
    t.db,
    w.ctx,
    {
      typeId: INVOICE_TYPE.cash,
      clientId: null,
      depotId: w.depot.id,
      amounts: { subtotalFcfa: total, discountFcfa: 0, totalFcfa: total },
      paidFcfa: total,
      delivered: true,
      print: false,
      lines: priced,
      idempotencyKey: randomUUID(),
      oneStatement: { register },
    },
    ZONE,
    register
      ? { registerId: register.id, payments: [{ method: 'cash', reference: null, handedFcfa: total, appliedFcfa: total, changeFcfa: 0, remainingAfterFcfa: 0 }] }
      : null,
  );
}

/** What a refused statement must have left as it was. */
async function stateOf(w: Shop) {
  const [counter] = await t.db.select().from(documentCounters).where(and(eq(documentCounters.shopId, w.shop.id), eq(documentCounters.series, 'FAC')));
  const shopInvoices = await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.shopId, w.shop.id));
  const moves = await t.db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.shopId, w.shop.id));
  const [{ payments }] = rowsOf<{ payments: number }>(await t.db.execute(sql`select count(*)::int as payments from payments where shop_id = ${w.shop.id}`)) as [{ payments: number }];
  return {
    a: await availableStock(t.db, w.a.id, w.depot.id),
    b: await availableStock(t.db, w.b.id, w.depot.id),
    lastNumber: counter?.lastNumber ?? 0,
    invoices: shopInvoices.length,
    movements: moves.length,
    payments: Number(payments),
  };
}

async function refused(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the write was refused').not.toBeNull();
  return error;
}

describe("the till's one-statement write", () => {
  it('writes the whole sale: stock taken through the ledger with its movements, number, invoice and payment', async () => {
    const w = await shopWithStock();
    const before = await stateOf(w);
    const written = await write(
      w,
      [
        { articleId: w.a.id, quantity: 2, price: 1000 },
        { articleId: w.b.id, quantity: 5, price: 2500 },
      ],
      { id: w.register.id, day: todayIn(ZONE) },
    );
    expect(written.row.number).toBe(before.lastNumber + 1);
    expect(written.paymentIds).toHaveLength(1);
    expect(await stateOf(w)).toEqual({
      a: before.a! - 2,
      b: 0,
      lastNumber: before.lastNumber + 1,
      invoices: before.invoices + 1,
      movements: before.movements + 2,
      payments: before.payments + 1,
    });
    // Each movement names the invoice and the balance after it, as the ledger writes them.
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.invoiceId, written.row.id));
    expect(moves.map((m) => [m.articleId, m.kind, m.quantity, m.balanceAfter]).sort()).toEqual(
      [
        [w.a.id, 'sale', -2, before.a! - 2],
        [w.b.id, 'sale', -5, 0],
      ].sort(),
    );
  });

  it('is refused whole when one level lacks what the sale takes (another line could be taken)', async () => {
    const w = await shopWithStock();
    const before = await stateOf(w);
    const error = await refused(
      write(w, [
        { articleId: w.a.id, quantity: 1, price: 1000 },
        { articleId: w.b.id, quantity: 6, price: 2500 },
      ]),
    );
    expect(isRefusedWrite(error), String(error)).toBe(true);
    expect(await stateOf(w)).toEqual(before);
  });

  it('is refused whole when an article was deleted after the refs were read', async () => {
    const w = await shopWithStock();
    await t.db.update(articles).set({ deletedAt: new Date() }).where(eq(articles.id, w.b.id));
    const before = await stateOf(w);
    const error = await refused(
      write(w, [
        { articleId: w.a.id, quantity: 1, price: 1000 },
        { articleId: w.b.id, quantity: 1, price: 2500 },
      ]),
    );
    expect(isRefusedWrite(error), String(error)).toBe(true);
    expect(await stateOf(w)).toEqual(before);
  });

  it("is refused whole when the register's day was closed after the refs were read, not for another day", async () => {
    const w = await shopWithStock();
    const today = todayIn(ZONE);
    const [{ yesterday }] = rowsOf<{ yesterday: string }>(await t.db.execute(sql`select to_char(${today}::date - 1, 'YYYY-MM-DD') as yesterday`)) as [{ yesterday: string }];
    await t.db.execute(sql`
      insert into cash_closings (shop_id, cash_register_id, business_date, totals_by_method, expected_cash_fcfa, counted_cash_fcfa, difference_fcfa, user_id)
      values (${w.shop.id}, ${w.register.id}, ${today}::date, '{}'::jsonb, 0, 0, 0, ${w.ctx.userId})`);
    const before = await stateOf(w);
    const error = await refused(write(w, [{ articleId: w.a.id, quantity: 1, price: 1000 }], { id: w.register.id, day: today }));
    expect(isRefusedWrite(error), String(error)).toBe(true);
    expect(await stateOf(w)).toEqual(before);
    // The same sale for a day still open is written.
    await write(w, [{ articleId: w.a.id, quantity: 1, price: 1000 }], { id: w.register.id, day: yesterday });
    expect((await stateOf(w)).a).toBe(before.a! - 1);
  });

  it("is refused whole when the sale's device id is already stored (the copy that won), and the route answers that copy", async () => {
    const w = await shopWithStock();
    const id = randomUUID();
    const copy = () =>
      insertInvoice(
        t.db,
        w.ctx,
        {
          typeId: INVOICE_TYPE.cash,
          clientId: null,
          depotId: w.depot.id,
          amounts: { subtotalFcfa: 1000, discountFcfa: 0, totalFcfa: 1000 },
          paidFcfa: 0,
          print: false,
          lines: [{ articleId: w.a.id, quantity: 1, unitPriceFcfa: 1000, unitCostFcfa: 0 }],
          idempotencyKey: id,
          oneStatement: { register: null },
        },
        ZONE,
      );
    const stored = await copy();
    const before = await stateOf(w);
    const error = await refused(copy());
    expect(isRefusedWrite(error), String(error)).toBe(true);
    expect(await stateOf(w)).toEqual(before);
    // Through the route, the same id answers the stored sale and writes nothing more.
    const replay = await w.call({
      method: 'POST',
      url: '/api/ventes',
      payload: tillSaleBody(w, [[w.a.id, 1]], null, { id }),
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().idFacture).toBe(stored.row.id);
    expect(await stateOf(w)).toEqual(before);
  });

  it('till sales and invoices of the older path racing in one depot: every one recorded, none deadlocked, stock exact', async () => {
    // The older path takes the depot's value row at the end of its stock statement, before the
    // shop's counter; the one statement takes it right after the levels too (stockTakeInStatement
    // `valued`), not at its end: else a till sale holding the counter and an invoice holding the
    // depot's row (of other articles: no level in common) each wait for the other, and PostgreSQL
    // aborts one (503 BUSY_RETRY). Seen failing without `valued`.
    const w = await shopWithStock();
    const articles: { id: number }[] = [];
    for (const prix of [500, 700, 900, 1100]) articles.push((await createArticle(t.db, w.depot, { prix, quantite: 1_000 }))!);
    const before = await Promise.all(articles.map((a) => availableStock(t.db, a.id, w.depot.id)));
    const taken = articles.map(() => 0);
    const requests = Array.from({ length: 160 }, (_, n) => {
      // Till sales take articles 0 and 1, invoices 2 and 3: they never wait on the same level.
      const index = (n % 2 === 0 ? 0 : 2) + ((n >> 1) % 2);
      const quantity = 1 + (n % 3);
      taken[index]! += quantity;
      const article = articles[index]!.id;
      if (n % 2 === 0) {
        return w.call({
          method: 'POST',
          url: '/api/ventes',
          payload: tillSaleBody(w, [[article, quantity]], 10_000),
        });
      }
      return w.call({ method: 'POST', url: '/api/factures_generate', payload: saleBody({ shop: w.shop, depot: w.depot }, [{ articles: article, nombre: quantity }]) });
    });
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.body)).toEqual([]);
    expect(await Promise.all(articles.map((a) => availableStock(t.db, a.id, w.depot.id)))).toEqual(before.map((b, i) => b! - taken[i]!));
  });

  it("adds the sale to its day's totals once, and its mark reaches no later statement of a transaction", async () => {
    const w = await shopWithStock();
    const today = todayIn(ZONE);
    const day = async () =>
      rowsOf<Record<string, number>>(
        await t.db.execute(sql`
          select live_invoices::int, invoices::int, unsettled::int, undelivered::int, lines::int, units::int, sold_fcfa::int as sold,
            payments::int, paid_fcfa::int as paid
          from sales_daily_totals where shop_id = ${w.shop.id} and day = ${today}::date`),
      )[0]!;
    const before = await day();
    const sale = await write(
      w,
      [
        { articleId: w.a.id, quantity: 2, price: 1000 },
        { articleId: w.b.id, quantity: 1, price: 2500 },
      ],
      { id: w.register.id, day: today },
    );
    const after = await day();
    const added = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k]!]));
    // One statement: its own upsert counted it, the three triggers left it out (migration 0021).
    expect(added).toEqual({
      live_invoices: 1,
      invoices: 1,
      unsettled: 0,
      undelivered: 0,
      lines: 2,
      units: 3,
      sold: 4500,
      payments: 1,
      paid: 4500,
    });
    // The mark names its statement: set by one statement of a transaction, a later one does not see it.
    const seen = await t.db.transaction(async (tx) => {
      const [same] = rowsOf<{ id: number | null }>(
        await tx.execute(sql`select set_config('boutiko.sale_day_totals', ${sale.row.id} || '@' || statement_timestamp()::text, true),
          sale_day_totals_written() as id`),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      const [later] = rowsOf<{ id: number | null }>(await tx.execute(sql`select sale_day_totals_written() as id`));
      return { same: same!.id, later: later!.id };
    });
    expect(seen).toEqual({ same: sale.row.id, later: null });
  });

  it('any other failure is not a refusal: it is answered as the error it is', () => {
    expect(isRefusedWrite(Object.assign(new Error('duplicate key value violates unique constraint "invoices_shop_ticket_ref_key"'), { code: '23505' }))).toBe(false);
    expect(isRefusedWrite(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isRefusedWrite(new Error('Failed query', { cause: Object.assign(new Error('refused'), { code: 'BK001' }) }))).toBe(true);
  });
});
