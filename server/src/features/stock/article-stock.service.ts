import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';

/**
 * Forgets the stock of an article that is being deleted for good (it has no sale, reception,
 * transfer or count: the articles service checks that first and soft-deletes otherwise). Its
 * levels and movements go with it, in the caller's transaction, as the seed's warning says
 * ("deletion will result in the deletion of the operations carried out").
 */
export async function dropArticleStock(tx: Db, ctx: ShopContext, articleId: number): Promise<void> {
  await tx.execute(sql`delete from stock_movements where shop_id = ${ctx.shopId} and article_id = ${articleId}`);
  await tx.execute(sql`delete from stock_levels where shop_id = ${ctx.shopId} and article_id = ${articleId}`);
}
