import type { TransferBody, TransferResult } from '@app/common/contracts/stock';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, stockTransfers } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { depotLabel } from './stock-lists.queries.js';
import { applyStockChanges } from './stock-ledger.service.js';

/**
 * A move of an article between two depots of the shop (DECISIONS §5: the seeds' unreachable
 * transfer dialog, made reachable): one transaction writes the transfer, a transfer-out movement
 * and a transfer-in movement. Beyond what the source depot holds, the ledger refuses it with
 * INSUFFICIENT_STOCK naming the quantity available.
 */
export async function transferStock(db: Db, ctx: ShopContext, body: TransferBody): Promise<TransferResult> {
  if (body.depotSource === body.depotDestination) throw new AppError('SAME_DEPOT');
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ id: articles.id, designation: articles.designation })
      .from(articles)
      .where(and(eq(articles.id, body.article), eq(articles.shopId, ctx.shopId), isNull(articles.deletedAt)));
    const source = await depotLabel(tx, ctx.shopId, body.depotSource);
    const destination = await depotLabel(tx, ctx.shopId, body.depotDestination);
    if (!article || source === undefined || destination === undefined) throw new AppError('NOT_FOUND');

    const [transfer] = await tx
      .insert(stockTransfers)
      .values({
        shopId: ctx.shopId,
        articleId: article.id,
        fromDepotId: body.depotSource,
        toDepotId: body.depotDestination,
        quantity: body.quantite,
        userId: ctx.userId,
      })
      .returning();
    const applied = await applyStockChanges(
      tx,
      ctx,
      [
        { articleId: article.id, depotId: body.depotSource, kind: 'transfer_out', quantity: -body.quantite },
        { articleId: article.id, depotId: body.depotDestination, kind: 'transfer_in', quantity: body.quantite },
      ],
      { transferId: transfer!.id },
    );
    const availableIn = (depotId: number) => applied.find((change) => change.depotId === depotId)!.available;
    // The trail in readable words (issue 22 item 15): the article and depot names, not their ids.
    await writeAudit(tx, {
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'stock.transfer',
      entity: 'transfer',
      entityId: transfer!.id,
      before: { article: article.designation, depot: source, quantity: availableIn(body.depotSource) + body.quantite },
      after: { article: article.designation, depot: destination, quantity: body.quantite },
    });
    return {
      idTransfert: transfer!.id,
      article: { idArticle: article.id, designation: article.designation },
      depotSource: { idDepot: body.depotSource, libelle: source, quantiteDisponible: availableIn(body.depotSource) },
      depotDestination: { idDepot: body.depotDestination, libelle: destination, quantiteDisponible: availableIn(body.depotDestination) },
      quantite: body.quantite,
      createdAt: transfer!.createdAt.toISOString(),
    };
  });
}
