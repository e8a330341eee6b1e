import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stockDiscrepancies } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { applyStockChanges, lockAvailable, type StockChange } from './stock-ledger.service.js';

/**
 * Resolving stock discrepancies (DECISIONS §13): an offline sale that found its depot short left
 * an open discrepancy (the units its books did not hold). The ledger's writers call these in the
 * transaction that changes the stock, so that a discrepancy is resolved with what resolved it.
 */

type OpenDiscrepancy = typeof stockDiscrepancies.$inferSelect;

/** The open discrepancies of these articles in a depot, oldest first, locked. */
async function openOf(tx: Db, ctx: ShopContext, depotId: number, articleIds: number[]): Promise<OpenDiscrepancy[]> {
  if (articleIds.length === 0) return [];
  return tx
    .select()
    .from(stockDiscrepancies)
    .where(
      and(
        eq(stockDiscrepancies.shopId, ctx.shopId),
        eq(stockDiscrepancies.depotId, depotId),
        inArray(stockDiscrepancies.articleId, articleIds),
        isNull(stockDiscrepancies.resolvedAt),
      ),
    )
    .orderBy(asc(stockDiscrepancies.createdAt), asc(stockDiscrepancies.id))
    .for('update');
}

/**
 * After a reception's stock went into a depot: the goods an offline sale could not take out then
 * are taken out now, oldest discrepancy first, each as a sale movement naming its invoice (so the
 * books say what the shelf holds). A discrepancy fully taken is resolved by the reception; one
 * the reception could not cover in full stays open with what it covered.
 */
export async function coverDiscrepanciesByReception(tx: Db, ctx: ShopContext, received: StockChange[], receptionId: number): Promise<void> {
  const gains = received.filter((c) => c.quantity > 0);
  const depots = [...new Set(gains.map((c) => c.depotId))].sort((a, b) => a - b);
  for (const depotId of depots) {
    const articleIds = gains.filter((c) => c.depotId === depotId).map((c) => c.articleId);
    const open = await openOf(tx, ctx, depotId, articleIds);
    if (open.length === 0) continue;
    const available = await lockAvailable(tx, ctx, depotId, [...new Set(open.map((d) => d.articleId))]);
    for (const d of open) {
      const left = available.get(d.articleId) ?? 0;
      const take = Math.min(left, d.quantity - d.covered);
      if (take <= 0) continue;
      await applyStockChanges(tx, ctx, [{ articleId: d.articleId, depotId, kind: 'sale', quantity: -take }], { invoiceId: d.invoiceId });
      available.set(d.articleId, left - take);
      const covered = d.covered + take;
      const done = covered === d.quantity;
      await tx
        .update(stockDiscrepancies)
        .set({
          covered,
          ...(done ? { resolvedAt: sql`now()`, resolvedBy: ctx.userId, resolution: 'reception' as const, receptionId } : {}),
        })
        .where(eq(stockDiscrepancies.id, d.id));
    }
  }
}

/**
 * After a count of a depot: the counted quantity already reflects what the offline sales took, so
 * every open discrepancy of a counted article is resolved by the count (what receptions covered
 * before stays in `covered`; the count covered the rest).
 */
export async function resolveDiscrepanciesByCount(tx: Db, ctx: ShopContext, depotId: number, articleIds: number[], countId: number): Promise<void> {
  const open = await openOf(tx, ctx, depotId, articleIds);
  if (open.length === 0) return;
  await tx
    .update(stockDiscrepancies)
    .set({ resolvedAt: sql`now()`, resolvedBy: ctx.userId, resolution: 'count', countId })
    .where(
      inArray(
        stockDiscrepancies.id,
        open.map((d) => d.id),
      ),
    );
}

/**
 * An invoice with an open discrepancy is not edited nor deleted until a count or a reception has
 * resolved it: giving its lines back to stock would give back units that never left the books.
 */
export async function assertNoOpenDiscrepancy(tx: Db, shopId: number, invoiceId: number): Promise<void> {
  const [open] = await tx
    .select({ id: stockDiscrepancies.id })
    .from(stockDiscrepancies)
    .where(and(eq(stockDiscrepancies.shopId, shopId), eq(stockDiscrepancies.invoiceId, invoiceId), isNull(stockDiscrepancies.resolvedAt)))
    .limit(1);
  if (open) throw new AppError('INVOICE_HAS_DISCREPANCY');
}
