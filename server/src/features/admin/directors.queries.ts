import { ROLE } from '@app/common/roles';
import { and, asc, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shops, userRoles, users } from '../../db/schema/index.js';
import { pageWindow } from '../../lib/paging.js';
import { personSearch } from '../../lib/person.js';

/** Users holding a role (and not deleted). */
export const hasRole = (roleId: number) =>
  exists(sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId})`);

/** Director accounts: role 2 and owning their account (not a co-director of someone else's). */
export const isDirectorAccount = () => and(isNull(users.deletedAt), isNull(users.accountId), hasRole(ROLE.director));

/** A director is found by their person fields or by the name of one of their shops. */
const shopNamed = (pattern: string) =>
  exists(
    sql`(select 1 from ${shops} where ${shops.accountId} = ${users.id} and ${shops.deletedAt} is null and ${shops.nom} ilike ${pattern})`,
  );

export async function listDirectors(db: Db, options: { page: number; term?: string | undefined }) {
  const where = and(
    isDirectorAccount(),
    personSearch(options.term, (pattern) => [shopNamed(pattern)]),
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findDirector(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isDirectorAccount()));
  return row;
}

/** The first (lowest id, not deleted) shop of each account. */
export async function firstShops(db: Db, accountIds: number[]) {
  if (accountIds.length === 0) return new Map<number, typeof shops.$inferSelect>();
  const rows = await db
    .selectDistinctOn([shops.accountId])
    .from(shops)
    .where(and(inArray(shops.accountId, accountIds), isNull(shops.deletedAt)))
    .orderBy(asc(shops.accountId), asc(shops.id));
  return new Map(rows.map((row) => [row.accountId, row]));
}
