import type { CountBody, CountResult } from '@app/common/contracts/stock';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, stockCountLines, stockCounts } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { linesInWords, writeAudit } from '../../lib/audit.js';
import { depotLabel } from './stock-lists.queries.js';
import { applyStockChanges, lockAvailable, type StockChange } from './stock-ledger.service.js';
import { resolveDiscrepanciesByCount } from './discrepancies.service.js';

/**
 * A physical stock count of a depot (app/inventaire; issue 8): the director or manager gives the
 * counted quantity of articles; each difference with the books becomes a count-adjustment
 * movement carrying the count's reason. One transaction: the levels are locked, read, adjusted.
 */
export async function recordCount(db: Db, ctx: ShopContext, body: CountBody): Promise<CountResult> {
  const articleIds = body.lignes.map((line) => line.article);
  if (new Set(articleIds).size !== articleIds.length) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body.lignes', message: 'validation.invalid' }] });
  }
  return db.transaction(async (tx) => {
    const depot = await depotLabel(tx, ctx.shopId, body.depot);
    if (depot === undefined) throw new AppError('NOT_FOUND');
    const found = await tx
      .select({ id: articles.id, designation: articles.designation })
      .from(articles)
      .where(and(inArray(articles.id, articleIds), eq(articles.shopId, ctx.shopId), isNull(articles.deletedAt)));
    if (found.length !== articleIds.length) throw new AppError('NOT_FOUND');
    const designations = new Map(found.map((a) => [a.id, a.designation]));

    const expected = await lockAvailable(tx, ctx, body.depot, articleIds);
    const [count] = await tx
      .insert(stockCounts)
      .values({ shopId: ctx.shopId, depotId: body.depot, reason: body.motif, userId: ctx.userId })
      .returning();
    const lines = body.lignes.map((line) => ({
      articleId: line.article,
      expected: expected.get(line.article) ?? 0,
      counted: line.quantiteComptee,
    }));
    await tx.insert(stockCountLines).values(lines.map((line) => ({ countId: count!.id, ...line })));
    const changes: StockChange[] = lines
      .filter((line) => line.counted !== line.expected)
      .map((line) => ({ articleId: line.articleId, depotId: body.depot, kind: 'count_adjustment', quantity: line.counted - line.expected }));
    await applyStockChanges(tx, ctx, changes, { countId: count!.id, reason: body.motif });
    // The counted quantities already reflect what offline sales took: their discrepancies are resolved (DECISIONS §13).
    await resolveDiscrepanciesByCount(tx, ctx, body.depot, articleIds, count!.id);
    // The audit trail keeps each adjusted quantity, before (the books) and after (the count).
    const adjusted = lines.filter((line) => line.counted !== line.expected);
    await writeAudit(tx, {
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'stock.count',
      entity: 'stock_count',
      entityId: count!.id,
      // In words (issue 22 item 15): the depot's name and the articles' designations, not ids.
      before: { depot, lines: linesInWords(adjusted.map((line) => ({ designation: designations.get(line.articleId)!, quantity: line.expected }))) },
      after: { reason: body.motif, lines: linesInWords(adjusted.map((line) => ({ designation: designations.get(line.articleId)!, quantity: line.counted }))) },
    });
    return {
      idComptage: count!.id,
      depot: { idDepot: body.depot, libelle: depot },
      motif: body.motif,
      createdAt: count!.createdAt.toISOString(),
      lignes: lines.map((line) => ({
        article: { idArticle: line.articleId, designation: designations.get(line.articleId)! },
        quantiteAttendue: line.expected,
        quantiteComptee: line.counted,
        ecart: line.counted - line.expected,
      })),
    };
  });
}
