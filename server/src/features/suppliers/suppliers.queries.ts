import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { suppliers } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

export type SupplierRow = typeof suppliers.$inferSelect;

/** Live suppliers of one shop, searched by name, phone or address; one page or all of them. */
export async function listSuppliers(db: Db, shopId: number, options: { page?: number; term?: string } = {}) {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(suppliers.shopId, shopId),
    isNull(suppliers.deletedAt),
    pattern
      ? or(ilike(suppliers.raisonSociale, pattern), ilike(suppliers.telephone, pattern), ilike(suppliers.adresse, pattern))
      : undefined,
  );
  const query = db.select().from(suppliers).where(where).orderBy(asc(suppliers.raisonSociale), asc(suppliers.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
