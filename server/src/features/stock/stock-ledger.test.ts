import { ROLE } from '@app/common/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, stockLevels, stockMovements } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector } from '../../test/factories.js';
import { applyStockChanges, setStockMinimum, type StockChange } from './stock-ledger.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shop with two depots and articles, and the director acting in it. */
async function shop(articleCount = 2) {
  const { director, shops, depots } = await createDirector(t.db);
  const shopRow = shops[0]!;
  const second = await createDepot(t.db, shopRow.id);
  const ctx: ShopContext = {
    userId: director.id,
    sessionId: 0,
    username: director.username,
    displayName: director.username,
    roles: [ROLE.director],
    shopIds: [shopRow.id],
    accountId: director.id,
    subscriptionEndsAt: null,
    subscriptionExpired: false,
    shopId: shopRow.id,
  };
  // The ledger is what the article service calls; articles are inserted bare here.
  const made = await t.db
    .insert(articles)
    .values(Array.from({ length: articleCount }, (_, i) => ({ shopId: shopRow.id, designation: `Article ${i}`, priceFcfa: 1000, costFcfa: 600 })))
    .returning();
  return { ctx, depot: depots[0]!, second, articles: made };
}

async function level(articleId: number, depotId: number) {
  const [row] = await t.db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.articleId, articleId), eq(stockLevels.depotId, depotId)));
  return row;
}

async function movementSum(articleId: number, depotId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements)
    .where(and(eq(stockMovements.articleId, articleId), eq(stockMovements.depotId, depotId)));
  return Number(row!.n);
}

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe('stock ledger', () => {
  it('opens a level on the first addition and writes a movement with the balance after it', async () => {
    const { ctx, depot, articles: [article] } = await shop(1);
    const applied = await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [{ articleId: article!.id, depotId: depot.id, kind: 'addition', quantity: 10 }]),
    );
    expect(applied).toEqual([{ articleId: article!.id, depotId: depot.id, kind: 'addition', quantity: 10, available: 10 }]);
    expect(await level(article!.id, depot.id)).toMatchObject({ qtyIn: 10, qtyOut: 0, shopId: ctx.shopId });
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.articleId, article!.id));
    expect(movements).toEqual([
      expect.objectContaining({ kind: 'addition', quantity: 10, balanceAfter: 10, userId: ctx.userId, depotId: depot.id }),
    ]);
  });

  it('lets exactly as many of 20 parallel decrements through as 10 units allow, and never goes negative', async () => {
    const { ctx, depot, articles: [one, two] } = await shop(2);
    await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [
        { articleId: one!.id, depotId: depot.id, kind: 'addition', quantity: 10 },
        { articleId: two!.id, depotId: depot.id, kind: 'addition', quantity: 10 },
      ]),
    );
    for (const [article, each, expected] of [
      [one!, 1, 10],
      [two!, 2, 5],
    ] as const) {
      const sale: StockChange = { articleId: article.id, depotId: depot.id, kind: 'sale', quantity: -each };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => t.db.transaction((tx) => applyStockChanges(tx, ctx, [sale]))),
      );
      const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(succeeded).toHaveLength(expected);
      expect(refused.map((o) => codeOf(o.reason))).toEqual(Array(20 - expected).fill('INSUFFICIENT_STOCK'));
      // Available ends at 0, and the movements (the addition and each sale) add up to the level.
      const after = (await level(article.id, depot.id))!;
      expect(after).toMatchObject({ qtyIn: 10, qtyOut: 10 });
      expect(await movementSum(article.id, depot.id)).toBe(after.qtyIn - after.qtyOut);
      const balances = await t.db
        .select({ b: stockMovements.balanceAfter })
        .from(stockMovements)
        .where(and(eq(stockMovements.articleId, article.id), eq(stockMovements.kind, 'sale')));
      expect(balances.map((r) => r.b).sort((a, b) => b - a)).toEqual(Array.from({ length: expected }, (_, i) => 10 - each * (i + 1)));
    }
  });

  it('refuses a batch as a whole, naming the article and what is available', async () => {
    const { ctx, depot, articles: [one, two] } = await shop(2);
    await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [
        { articleId: one!.id, depotId: depot.id, kind: 'addition', quantity: 5 },
        { articleId: two!.id, depotId: depot.id, kind: 'addition', quantity: 2 },
      ]),
    );
    const error = await t.db
      .transaction((tx) =>
        applyStockChanges(tx, ctx, [
          { articleId: one!.id, depotId: depot.id, kind: 'sale', quantity: -3 },
          { articleId: two!.id, depotId: depot.id, kind: 'sale', quantity: -3 },
        ]),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INSUFFICIENT_STOCK');
    expect((error as AppError).params).toEqual({ article: 'Article 1', available: 2, requested: 3, count: 2 });
    expect(await level(one!.id, depot.id)).toMatchObject({ qtyIn: 5, qtyOut: 0 });
    expect(await movementSum(one!.id, depot.id)).toBe(5);
  });

  it("never touches another shop's article or depot", async () => {
    const mine = await shop(1);
    const theirs = await shop(1);
    for (const change of [
      { articleId: theirs.articles[0]!.id, depotId: mine.depot.id },
      { articleId: mine.articles[0]!.id, depotId: theirs.depot.id },
    ]) {
      const error = await t.db
        .transaction((tx) => applyStockChanges(tx, mine.ctx, [{ ...change, kind: 'addition', quantity: 3 }]))
        .catch((e: unknown) => e);
      expect(codeOf(error)).toBe('NOT_FOUND');
      expect(await level(change.articleId, change.depotId)).toBeUndefined();
    }
    const sale = await t.db
      .transaction((tx) =>
        applyStockChanges(tx, mine.ctx, [{ articleId: theirs.articles[0]!.id, depotId: mine.depot.id, kind: 'sale', quantity: -1 }]),
      )
      .catch((e: unknown) => e);
    expect(codeOf(sale)).toBe('NOT_FOUND');
  });

  it('gives sold stock back and takes received stock back only while it is there', async () => {
    const { ctx, depot, articles: [article] } = await shop(1);
    const run = (change: Omit<StockChange, 'articleId' | 'depotId'>) =>
      t.db.transaction((tx) => applyStockChanges(tx, ctx, [{ articleId: article!.id, depotId: depot.id, ...change }]));
    await run({ kind: 'reception', quantity: 6 });
    await run({ kind: 'sale', quantity: -4 });
    await run({ kind: 'sale_reversal', quantity: 1 });
    expect(await level(article!.id, depot.id)).toMatchObject({ qtyIn: 6, qtyOut: 3 });
    expect(codeOf(await run({ kind: 'reception_reversal', quantity: -4 }).catch((e: unknown) => e))).toBe('INSUFFICIENT_STOCK');
    await run({ kind: 'reception_reversal', quantity: -3 });
    expect(await level(article!.id, depot.id)).toMatchObject({ qtyIn: 3, qtyOut: 3 });
    await expect(run({ kind: 'sale_reversal', quantity: 4 })).rejects.toThrow(/reversal beyond/);
    expect(await movementSum(article!.id, depot.id)).toBe(0);
  });

  it('moves stock between depots in opposite orders at once without deadlock', async () => {
    const { ctx, depot, second, articles: [one, two] } = await shop(2);
    await t.db.transaction((tx) =>
      applyStockChanges(tx, ctx, [
        { articleId: one!.id, depotId: depot.id, kind: 'addition', quantity: 50 },
        { articleId: two!.id, depotId: second.id, kind: 'addition', quantity: 50 },
      ]),
    );
    const there = [
      { articleId: one!.id, depotId: depot.id, kind: 'transfer_out', quantity: -1 },
      { articleId: one!.id, depotId: second.id, kind: 'transfer_in', quantity: 1 },
    ] as const;
    const back = [
      { articleId: two!.id, depotId: second.id, kind: 'transfer_out', quantity: -1 },
      { articleId: two!.id, depotId: depot.id, kind: 'transfer_in', quantity: 1 },
    ] as const;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.db.transaction((tx) => applyStockChanges(tx, ctx, [...(i % 2 ? there : back)]))),
    );
    expect((await level(one!.id, depot.id))!.qtyOut).toBe(5);
    expect((await level(one!.id, second.id))!.qtyIn).toBe(5);
    expect((await level(two!.id, depot.id))!.qtyIn).toBe(5);
    for (const [a, d] of [
      [one!.id, depot.id],
      [one!.id, second.id],
      [two!.id, depot.id],
      [two!.id, second.id],
    ] as const) {
      const l = (await level(a, d))!;
      expect(await movementSum(a, d)).toBe(l.qtyIn - l.qtyOut);
    }
  });

  it('keeps the database guard: no statement can make available stock negative', async () => {
    const { ctx, depot, articles: [article] } = await shop(1);
    await setStockMinimum(t.db, ctx, article!.id, depot.id, 2);
    expect(await level(article!.id, depot.id)).toMatchObject({ qtyIn: 0, qtyOut: 0, stockMin: 2 });
    await expect(
      t.db.update(stockLevels).set({ qtyOut: 1 }).where(eq(stockLevels.articleId, article!.id)),
    ).rejects.toThrow();
  });
});
