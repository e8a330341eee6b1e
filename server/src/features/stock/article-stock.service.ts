import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
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

/**
 * What a depot holds and has held (for the depots service: delete and move): the units in it now,
 * and whether any stock ever moved through it (its levels count every movement's units, in and out).
 */
export async function depotStock(tx: Db, shopId: number, depotId: number): Promise<{ units: number; moved: boolean }> {
  const [row] = rowsOf<{ units: number | string; moved: boolean }>(
    await tx.execute(sql`
      select coalesce(sum(qty_in - qty_out), 0)::int as units, coalesce(bool_or(qty_in <> 0 or qty_out <> 0), false) as moved
      from stock_levels where shop_id = ${shopId} and depot_id = ${depotId}`),
  );
  return { units: Number(row?.units ?? 0), moved: row?.moved === true };
}
