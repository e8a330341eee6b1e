import { correctedExactCost, costFromDecimal, costToDecimal, costToFranc, exactCost, type ExactCost } from '@app/common/stock-cost';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { pricesInWords } from '../../lib/audit.js';
import { unitsOnHand } from './stock-ledger.service.js';

/**
 * The articles' purchase prices as stock comes and goes at a price of its own (DECISIONS §5: a
 * weighted average, common/stock-cost.ts): a reception, its correction or deletion, and goods a
 * sale gave back (an invoice deleted or reduced) at the price they left with (§7). Sales take
 * stock out at the average, which does not move it.
 */

/** Units of an article entering or leaving at their unit price. */
export type CostedLine = { articleId: number; designation: string; quantity: number; costFcfa: number };

/**
 * The articles' rows locked in id order (FOR UPDATE: a sale's FOR KEY SHARE waits, so that it
 * takes stock out at the price that is kept when it commits, and the depots' values stay exact).
 */
function lockArticleCosts(db: Db, shopId: number, ids: number[]) {
  return db
    .select({ id: articles.id, costFcfa: articles.costFcfa, costExact: articles.costExact })
    .from(articles)
    .where(and(eq(articles.shopId, shopId), inArray(articles.id, ids)))
    .orderBy(asc(articles.id))
    .for('update');
}

async function setArticleCost(db: Db, shopId: number, id: number, cost: ExactCost) {
  await db
    .update(articles)
    .set({ costFcfa: costToFranc(cost), costExact: costToDecimal(cost), updatedAt: new Date() })
    .where(and(eq(articles.id, id), eq(articles.shopId, shopId)));
}

/**
 * Each article's purchase price after its units go from `before` to `after` at their prices: new
 * units (`before` empty) average in with the units on hand (all depots); a correction revalues the
 * corrected units still on hand and moves the units added or taken back at the corrected price;
 * units taken back out (`after` empty) leave at their price (common/stock-cost.ts), kept unrounded
 * and used rounded to the franc. Runs in the caller's transaction before the stock moves. Answers the prices that changed,
 * in words, for the audit trail (undefined when none did).
 */
export async function averageCosts(tx: Db, ctx: ShopContext, before: readonly CostedLine[], after: readonly CostedLine[]) {
  const none = { quantity: 0, costFcfa: 0 };
  const was = new Map(before.map((line) => [line.articleId, line]));
  const now = new Map(after.map((line) => [line.articleId, line]));
  const ids = [...new Set([...was.keys(), ...now.keys()])].sort((a, b) => a - b);
  if (ids.length === 0) return { before: undefined, after: undefined };
  const current = new Map(
    (await lockArticleCosts(tx, ctx.shopId, ids)).map((row) => [row.id, row.costExact === null ? exactCost(row.costFcfa) : costFromDecimal(row.costExact)]),
  );
  const onHand = await unitsOnHand(tx, ctx, ids);
  const changed: { designation: string; before: number; after: number }[] = [];
  for (const id of ids) {
    const cost = current.get(id);
    if (cost === undefined) continue;
    const old = was.get(id) ?? none;
    const corrected = correctedExactCost({ quantity: onHand.get(id) ?? 0, cost }, old, now.get(id) ?? { quantity: 0, costFcfa: old.costFcfa });
    if (corrected === cost) continue;
    await setArticleCost(tx, ctx.shopId, id, corrected);
    const [price, newPrice] = [costToFranc(cost), costToFranc(corrected)];
    if (newPrice !== price) changed.push({ designation: (now.get(id) ?? was.get(id))!.designation, before: price, after: newPrice });
  }
  if (changed.length === 0) return { before: undefined, after: undefined };
  return {
    before: pricesInWords(changed.map((c) => ({ designation: c.designation, costFcfa: c.before }))),
    after: pricesInWords(changed.map((c) => ({ designation: c.designation, costFcfa: c.after }))),
  };
}
