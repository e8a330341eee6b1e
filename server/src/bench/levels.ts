import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** Available stock (in - out) of these articles in a depot. */
export async function levelsOf(db: Db, depotId: number, articleIds: number[]): Promise<Map<number, number>> {
  if (articleIds.length === 0) return new Map();
  const rows = rowsOf<{ article_id: number; available: number }>(
    await db.execute(sql`select article_id, qty_in - qty_out as available from stock_levels
      where depot_id = ${depotId} and article_id in (${sql.join(
        articleIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [Number(r.article_id), Number(r.available)]));
}
