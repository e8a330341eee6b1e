import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers, depots, shops, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

const columns = {
  depotId: depots.id,
  libelle: depots.libelle,
  shopId: shops.id,
  shopNom: shops.nom,
  userId: users.id,
  username: users.username,
  nom: users.nom,
  prenom: users.prenom,
};
export type DepotUserRow = {
  depotId: number;
  libelle: string;
  shopId: number;
  shopNom: string;
  userId: number;
  username: string;
  nom: string;
  prenom: string;
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(depotUsers)
    .innerJoin(depots, and(eq(depots.id, depotUsers.depotId), isNull(depots.deletedAt)))
    .innerJoin(shops, and(eq(shops.id, depotUsers.shopId), isNull(shops.deletedAt)))
    .innerJoin(users, and(eq(users.id, depotUsers.userId), isNull(users.deletedAt)));
}

/** Depot-user links of one shop, searched by depot label, username or name. */
export async function listDepotUsers(db: Db, shopId: number, options: { page: number; term?: string }) {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : '';
  const where = and(
    eq(depotUsers.shopId, shopId),
    term
      ? or(
          ilike(depots.libelle, pattern),
          ilike(users.username, pattern),
          ilike(users.nom, pattern),
          ilike(users.prenom, pattern),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(asc(depots.libelle), asc(users.username), asc(depots.id), asc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(depotUsers)
      .innerJoin(depots, and(eq(depots.id, depotUsers.depotId), isNull(depots.deletedAt)))
      .innerJoin(shops, and(eq(shops.id, depotUsers.shopId), isNull(shops.deletedAt)))
      .innerJoin(users, and(eq(users.id, depotUsers.userId), isNull(users.deletedAt)))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findDepotUser(db: Db, depotId: number, userId: number): Promise<DepotUserRow | undefined> {
  const [row] = await joined(db).where(and(eq(depotUsers.depotId, depotId), eq(depotUsers.userId, userId)));
  return row;
}
