import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

export type DriverRow = typeof drivers.$inferSelect;

/** Live drivers of one shop, searched by name or phone; one page or all of them. */
export async function listDrivers(db: Db, shopId: number, options: { page?: number; term?: string } = {}) {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(drivers.shopId, shopId),
    isNull(drivers.deletedAt),
    pattern ? or(ilike(drivers.nom, pattern), ilike(drivers.telephone, pattern)) : undefined,
  );
  const query = db.select().from(drivers).where(where).orderBy(asc(drivers.nom), asc(drivers.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(drivers)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
