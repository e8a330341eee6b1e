import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';
import { toSafeInteger } from './sums.js';

/**
 * The count of a whole list, kept by triggers in `catalogue_counts` (migration 0009): live articles,
 * or stock entries (levels of live articles in live depots).
 */
export async function catalogueCount(db: Db, shopId: number, column: 'live_articles' | 'live_levels'): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(
    await db.execute(sql`select ${sql.identifier(column)} as n from catalogue_counts where shop_id = ${shopId}`),
  );
  return toSafeInteger(row?.n ?? 0);
}
