import type { Db } from '../db/client.js';
import { articles } from '../db/schema/index.js';
import { shopContext } from '../lib/access.js';
import { applyStockChanges, setStockMinimum } from '../features/stock/stock-ledger.service.js';
import { accountOfShop, actorOf } from './factories.js';

let counter = 0;

export type ArticleFixture = {
  designation?: string;
  prix?: number;
  prixAchat?: number;
  quantite?: number;
  stockMin?: number;
  barcode?: string | null;
  categoryId?: number | null;
  supplierId?: number | null;
};

/**
 * An article of the shop with `quantite` units in the depot, made by the account's director.
 * The stock goes in through the ledger (an 'addition' movement), as the articles service does.
 * TODO(articles): once features/articles/articles.service.ts exists, call its create instead of
 * inserting the row here.
 */
export async function createArticle(db: Db, depot: { id: number; shopId: number }, fixture: ArticleFixture = {}) {
  const ctx = shopContext(await actorOf(db, await accountOfShop(db, depot.shopId)), depot.shopId);
  return db.transaction(async (tx) => {
    const [article] = await tx
      .insert(articles)
      .values({
        shopId: depot.shopId,
        designation: fixture.designation ?? `Article ${++counter}`,
        priceFcfa: fixture.prix ?? 1000,
        costFcfa: fixture.prixAchat ?? 600,
        barcode: fixture.barcode ?? null,
        categoryId: fixture.categoryId ?? null,
        supplierId: fixture.supplierId ?? null,
        createdBy: ctx.userId,
      })
      .returning();
    await setStockMinimum(tx, ctx, article!.id, depot.id, fixture.stockMin ?? 0);
    const quantite = fixture.quantite ?? 10;
    if (quantite > 0) await applyStockChanges(tx, ctx, [{ articleId: article!.id, depotId: depot.id, kind: 'addition', quantity: quantite }]);
    return article!;
  });
}
