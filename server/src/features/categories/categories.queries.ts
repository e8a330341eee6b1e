import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

export type CategoryRow = typeof categories.$inferSelect;

/** Live categories of one shop, searched by label, in label order. */
export async function listCategories(db: Db, shopId: number, options: { page?: number; term?: string } = {}) {
  const term = options.term?.trim();
  const where = and(
    eq(categories.shopId, shopId),
    isNull(categories.deletedAt),
    term ? ilike(categories.libelle, likePattern(term)) : undefined,
  );
  const query = db.select().from(categories).where(where).orderBy(asc(categories.libelle), asc(categories.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A live category of the shop with this label (case-insensitive), other than `exceptId`. */
export async function findCategoryByLabel(db: Db, shopId: number, libelle: string, exceptId?: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        isNull(categories.deletedAt),
        sql`lower(${categories.libelle}) = lower(${libelle})`,
        exceptId === undefined ? undefined : sql`${categories.id} <> ${exceptId}`,
      ),
    );
  return row;
}
