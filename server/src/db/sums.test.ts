import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirector } from '../test/factories.js';
import { openTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';
import { subscriptions } from './schema/index.js';
import { sumFcfa, toSafeInteger } from './sums.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: the drivers differ here.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A director's subscription lines priced at the given amounts (price_fcfa is a bigint column). */
async function linesPriced(amounts: number[]) {
  const { director } = await createDirector(database.db);
  await database.db.delete(subscriptions).where(eq(subscriptions.userId, director.id));
  for (const priceFcfa of amounts) {
    await database.db
      .insert(subscriptions)
      .values({ userId: director.id, planId: 3, shops: 2, depots: 4, users: 10, days: 365, priceFcfa });
  }
  return director.id;
}

describe(`sums of money columns (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('come back from sum() as text without the helper: bigint sums are numeric', async () => {
    const userId = await linesPriced([15_000, 60_000]);
    const [raw] = await database.db
      .select({ total: sql`sum(${subscriptions.priceFcfa})` })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(raw?.total).toBe('75000');
  });

  it('come back as numbers with sumFcfa, per group, and 0 over no rows', async () => {
    const first = await linesPriced([15_000, 60_000, 1]);
    const second = await linesPriced([250_000]);
    const rows = await database.db
      .select({ userId: subscriptions.userId, total: sumFcfa(subscriptions.priceFcfa) })
      .from(subscriptions)
      .where(sql`${subscriptions.userId} in (${first}, ${second})`)
      .groupBy(subscriptions.userId)
      .orderBy(subscriptions.userId);
    expect(rows).toEqual([
      { userId: first, total: 75_001 },
      { userId: second, total: 250_000 },
    ]);
    expect(typeof rows[0]?.total).toBe('number');

    const [none] = await database.db
      .select({ total: sumFcfa(subscriptions.priceFcfa) })
      .from(subscriptions)
      .where(eq(subscriptions.userId, -1));
    expect(none).toEqual({ total: 0 });
  });

  it('sum expressions too, exactly up to 2^53 - 1, and refuse a total a number cannot hold', async () => {
    const big = 2 ** 51;
    const userId = await linesPriced([big, big, big - 1]);
    const [product] = await database.db
      .select({ total: sumFcfa(sql`${subscriptions.priceFcfa} * 1`) })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(product).toEqual({ total: 3 * big - 1 });

    await database.db
      .insert(subscriptions)
      .values({ userId, planId: 3, shops: 2, depots: 4, users: 10, days: 365, priceFcfa: big });
    // 4 × 2^51 - 1 = 2^53 - 1 is the largest; one more franc is refused rather than rounded.
    const exact = await database.db
      .select({ total: sumFcfa(subscriptions.priceFcfa) })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(exact).toEqual([{ total: Number.MAX_SAFE_INTEGER }]);
    await database.db
      .insert(subscriptions)
      .values({ userId, planId: 3, shops: 2, depots: 4, users: 10, days: 365, priceFcfa: 1 });
    await expect(
      database.db
        .select({ total: sumFcfa(subscriptions.priceFcfa) })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
    ).rejects.toThrow(RangeError);
  });

  it('leave count(*) and bigint columns as numbers on both drivers', async () => {
    const userId = await linesPriced([15_000, 60_000]);
    const [counted] = await database.db
      .select({ n: sql<number>`count(*)` })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(counted).toEqual({ n: 2 });
    const prices = await database.db
      .select({ priceFcfa: subscriptions.priceFcfa })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(subscriptions.priceFcfa);
    expect(prices).toEqual([{ priceFcfa: 15_000 }, { priceFcfa: 60_000 }]);
    // A raw query skips Drizzle's column mapping: int8 is a number there too.
    const raw = rowsOf<{ n: unknown; total: unknown }>(
      await database.db.execute(sql`select count(*) as n, max(price_fcfa) as total from subscriptions where user_id = ${userId}`),
    );
    expect(raw).toEqual([{ n: 2, total: 60_000 }]);
  });
});

describe('toSafeInteger', () => {
  it('reads what the drivers give for whole numbers', () => {
    expect(toSafeInteger(42)).toBe(42);
    expect(toSafeInteger('75000')).toBe(75_000);
    expect(toSafeInteger(75_000n)).toBe(75_000);
    expect(toSafeInteger('-5')).toBe(-5);
  });

  it('refuses what is not a whole number a JS number holds exactly', () => {
    for (const value of ['9007199254740993', 9007199254740993n, 2 ** 53, '1.5', 'abc', null, undefined, {}]) {
      expect(() => toSafeInteger(value)).toThrow(RangeError);
    }
  });
});
