import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers, depots, shopMembers, shops, userRoles, users } from '../../db/schema/index.js';
import { pageWindow } from '../../lib/paging.js';
import { personSearch } from '../../lib/person.js';

export type UserRow = typeof users.$inferSelect;

/** Ids of the users who are members of one of `shopIds` (non-deleted shops). */
function membersOf(db: Db, shopIds: number[]) {
  return db
    .select({ id: shopMembers.userId })
    .from(shopMembers)
    .innerJoin(shops, and(eq(shops.id, shopMembers.shopId), isNull(shops.deletedAt)))
    .where(inArray(shopMembers.shopId, shopIds));
}

/**
 * Who a director may see and manage: members of one of their shops, and users of their own
 * account (so that a user removed from every shop can be found and given a shop again).
 */
export function visibleTo(db: Db, scope: { shopIds: number[]; accountId: number }): SQL {
  const inShops = scope.shopIds.length > 0 ? inArray(users.id, membersOf(db, scope.shopIds)) : undefined;
  return and(isNull(users.deletedAt), or(inShops, eq(users.accountId, scope.accountId), eq(users.id, scope.accountId)))!;
}

/** Users matching `where`, by username; one page when `page` is given. */
async function selectUsers(db: Db, where: SQL | undefined, page?: number) {
  const query = db.select().from(users).where(where).orderBy(asc(users.username), asc(users.id));
  if (page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Members of one shop, optionally searched by name, e-mail or phone, or by the label of a depot of that shop they are assigned to. */
export function listShopUsers(db: Db, shopId: number, options: { page?: number; term?: string; depotTerm?: boolean } = {}) {
  const byDepot = (pattern: string) =>
    options.depotTerm
      ? inArray(
          users.id,
          db
            .select({ id: depotUsers.userId })
            .from(depotUsers)
            .innerJoin(depots, and(eq(depots.id, depotUsers.depotId), isNull(depots.deletedAt)))
            .where(and(eq(depotUsers.shopId, shopId), ilike(depots.libelle, pattern))),
        )
      : undefined;
  const where = and(
    isNull(users.deletedAt),
    inArray(users.id, membersOf(db, [shopId])),
    personSearch(options.term, (pattern) => [byDepot(pattern)]),
  );
  return selectUsers(db, where, options.page);
}

/** Users a director may see (see `visibleTo`), optionally searched. */
export function listVisibleUsers(
  db: Db,
  scope: { shopIds: number[]; accountId: number },
  options: { page?: number; term?: string } = {},
) {
  return selectUsers(db, and(visibleTo(db, scope), personSearch(options.term)), options.page);
}

/** The users of a director account: the owner and the users created for it. */
export function listAccountUsers(db: Db, accountId: number) {
  return selectUsers(db, and(isNull(users.deletedAt), or(eq(users.id, accountId), eq(users.accountId, accountId))));
}

export async function findVisibleUser(
  db: Db,
  scope: { shopIds: number[]; accountId: number },
  userId: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), visibleTo(db, scope)));
  return row;
}

/** Role ids per user. */
export async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.roleId));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.roleId]);
  return map;
}

/** Shops per user, among `shopIds` only (the caller's shops: never name another tenant's shop). */
export async function shopsOf(db: Db, userIds: number[], shopIds: number[]): Promise<Map<number, { id: number; nom: string }[]>> {
  const map = new Map<number, { id: number; nom: string }[]>();
  if (userIds.length === 0 || shopIds.length === 0) return map;
  const rows = await db
    .select({ userId: shopMembers.userId, id: shops.id, nom: shops.nom })
    .from(shopMembers)
    .innerJoin(shops, and(eq(shops.id, shopMembers.shopId), isNull(shops.deletedAt)))
    .where(and(inArray(shopMembers.userId, userIds), inArray(shopMembers.shopId, shopIds)))
    .orderBy(asc(shops.nom), asc(shops.id));
  for (const { userId, ...shop } of rows) map.set(userId, [...(map.get(userId) ?? []), shop]);
  return map;
}

/** Depots of one shop each user is assigned to. */
export async function depotsOf(
  db: Db,
  userIds: number[],
  shopId: number,
): Promise<Map<number, { id: number; libelle: string }[]>> {
  const map = new Map<number, { id: number; libelle: string }[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: depotUsers.userId, id: depots.id, libelle: depots.libelle })
    .from(depotUsers)
    .innerJoin(depots, and(eq(depots.id, depotUsers.depotId), isNull(depots.deletedAt)))
    .where(and(inArray(depotUsers.userId, userIds), eq(depotUsers.shopId, shopId)))
    .orderBy(asc(depots.libelle), asc(depots.id));
  for (const { userId, ...depot } of rows) map.set(userId, [...(map.get(userId) ?? []), depot]);
  return map;
}

/** The user's memberships among `shopIds`. */
export async function membershipsIn(db: Db, userId: number, shopIds: number[]): Promise<number[]> {
  if (shopIds.length === 0) return [];
  const rows = await db
    .select({ shopId: shopMembers.shopId })
    .from(shopMembers)
    .where(and(eq(shopMembers.userId, userId), inArray(shopMembers.shopId, shopIds)));
  return rows.map((r) => r.shopId);
}

/** Whether the user owns (is the account of) one of `shopIds`. */
export async function ownsAnyOf(db: Db, userId: number, shopIds: number[]): Promise<boolean> {
  if (shopIds.length === 0) return false;
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.accountId, userId), inArray(shops.id, shopIds), isNull(shops.deletedAt)))
    .limit(1);
  return row !== undefined;
}
