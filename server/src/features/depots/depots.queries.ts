import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers, depots, shops } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

const depotColumns = { depot: depots, shopNom: shops.nom, shopAccountId: shops.accountId };
export type DepotWithShop = { depot: typeof depots.$inferSelect; shopNom: string; shopAccountId: number };

/** Non-deleted depots of one shop, searched by depot label or shop name. */
export async function listDepots(db: Db, shopId: number, options: { page?: number; term?: string } = {}) {
  const term = options.term?.trim();
  const where = and(
    eq(depots.shopId, shopId),
    isNull(depots.deletedAt),
    term ? or(ilike(depots.libelle, likePattern(term)), ilike(shops.nom, likePattern(term))) : undefined,
  );
  const query = db
    .select(depotColumns)
    .from(depots)
    .innerJoin(shops, and(eq(shops.id, depots.shopId), isNull(shops.deletedAt)))
    .where(where)
    .orderBy(asc(depots.libelle), asc(depots.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(depots)
      .innerJoin(shops, and(eq(shops.id, depots.shopId), isNull(shops.deletedAt)))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A non-deleted depot of one of `shopIds` (the caller's shops); another shop's depot is not found. */
export async function findDepot(db: Db, shopIds: number[], depotId: number): Promise<DepotWithShop | undefined> {
  if (shopIds.length === 0) return undefined;
  const [row] = await db
    .select(depotColumns)
    .from(depots)
    .innerJoin(shops, and(eq(shops.id, depots.shopId), isNull(shops.deletedAt)))
    .where(and(eq(depots.id, depotId), inArray(depots.shopId, shopIds), isNull(depots.deletedAt)));
  return row;
}

/** Depots of `shopIds` the user is assigned to (optionally of one shop only). */
export function listAssignedDepots(db: Db, userId: number, shopIds: number[], shopId?: number) {
  if (shopIds.length === 0) return Promise.resolve([]);
  return db
    .select(depotColumns)
    .from(depotUsers)
    .innerJoin(depots, and(eq(depots.id, depotUsers.depotId), isNull(depots.deletedAt)))
    .innerJoin(shops, and(eq(shops.id, depots.shopId), isNull(shops.deletedAt)))
    .where(
      and(
        eq(depotUsers.userId, userId),
        inArray(depots.shopId, shopIds),
        shopId === undefined ? undefined : eq(depots.shopId, shopId),
      ),
    )
    .orderBy(asc(shops.nom), asc(depots.libelle), asc(depots.id));
}
