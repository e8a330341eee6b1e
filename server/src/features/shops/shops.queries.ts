import { and, asc, eq, exists, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shopMembers, shops } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

/** The non-deleted shops the user is a member of, optionally searched. */
export async function listShops(db: Db, userId: number, options: { page?: number; term?: string } = {}) {
  const term = options.term?.trim();
  const where = and(
    exists(db.select({ one: sql`1` }).from(shopMembers).where(and(eq(shopMembers.shopId, shops.id), eq(shopMembers.userId, userId)))),
    isNull(shops.deletedAt),
    term
      ? or(ilike(shops.nom, likePattern(term)), ilike(shops.adresse, likePattern(term)), ilike(shops.telephone, likePattern(term)))
      : undefined,
  );
  const query = db.select().from(shops).where(where).orderBy(asc(shops.nom), asc(shops.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(shops).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findShop(db: Db, shopId: number) {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  return row;
}
