import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, depots, drivers, receptionLines, receptions, suppliers, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

const headColumns = {
  reception: receptions,
  username: users.username,
  depotLibelle: depots.libelle,
  driver: { id: drivers.id, nom: drivers.nom, telephone: drivers.telephone },
  supplier: { id: suppliers.id, raisonSociale: suppliers.raisonSociale },
};

export type ReceptionHead = {
  reception: typeof receptions.$inferSelect;
  username: string;
  depotLibelle: string;
  driver: { id: number; nom: string; telephone: string } | null;
  supplier: { id: number; raisonSociale: string } | null;
};

export type ReceptionLineRow = {
  receptionId: number;
  articleId: number;
  designation: string;
  priceFcfa: number;
  unitCostFcfa: number;
  quantity: number;
};

function heads(db: Db) {
  return db
    .select(headColumns)
    .from(receptions)
    .innerJoin(users, eq(users.id, receptions.userId))
    .innerJoin(depots, eq(depots.id, receptions.depotId))
    .leftJoin(drivers, eq(drivers.id, receptions.driverId))
    .leftJoin(suppliers, eq(suppliers.id, receptions.supplierId));
}

/**
 * Live receptions of one shop, newest first, that `visible` lets the caller see (own versus all),
 * searched by receipt number, depot, driver, supplier or user; one page or all of them.
 */
export async function listReceptions(
  db: Db,
  shopId: number,
  options: { visible?: SQL | undefined; page?: number; term?: string },
): Promise<{ rows: ReceptionHead[]; total: number }> {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(receptions.shopId, shopId),
    isNull(receptions.deletedAt),
    options.visible,
    pattern
      ? or(
          ilike(receptions.code, pattern),
          ilike(depots.libelle, pattern),
          ilike(drivers.nom, pattern),
          ilike(drivers.telephone, pattern),
          ilike(suppliers.raisonSociale, pattern),
          ilike(users.username, pattern),
        )
      : undefined,
  );
  const query = heads(db).where(where).orderBy(desc(receptions.receivedAt), desc(receptions.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(receptions)
    .innerJoin(users, eq(users.id, receptions.userId))
    .innerJoin(depots, eq(depots.id, receptions.depotId))
    .leftJoin(drivers, eq(drivers.id, receptions.driverId))
    .leftJoin(suppliers, eq(suppliers.id, receptions.supplierId))
    .where(where);
  const [rows, [total]] = await Promise.all([query.limit(limit).offset(offset), count]);
  return { rows, total: total?.n ?? 0 };
}

/** One reception of the shop (deleted ones too when asked). */
export async function findReception(
  db: Db,
  shopIds: number[],
  id: number,
  options: { visible?: SQL | undefined; includeDeleted?: boolean } = {},
): Promise<ReceptionHead | undefined> {
  if (shopIds.length === 0) return undefined;
  const [row] = await heads(db).where(
    and(
      eq(receptions.id, id),
      inArray(receptions.shopId, shopIds),
      options.includeDeleted ? undefined : isNull(receptions.deletedAt),
      options.visible,
    ),
  );
  return row;
}

/** The lines of some receptions, in the order they were entered. */
export async function linesOf(db: Db, receptionIds: number[]): Promise<ReceptionLineRow[]> {
  if (receptionIds.length === 0) return [];
  return db
    .select({
      receptionId: receptionLines.receptionId,
      articleId: receptionLines.articleId,
      designation: articles.designation,
      priceFcfa: articles.priceFcfa,
      unitCostFcfa: receptionLines.unitCostFcfa,
      quantity: receptionLines.quantity,
    })
    .from(receptionLines)
    .innerJoin(articles, eq(articles.id, receptionLines.articleId))
    .where(inArray(receptionLines.receptionId, receptionIds))
    .orderBy(asc(receptionLines.id));
}

/** Live articles of the shop among `ids`, with their current purchase price. */
export function shopArticles(db: Db, shopId: number, ids: number[]) {
  return db
    .select({ id: articles.id, designation: articles.designation, costFcfa: articles.costFcfa })
    .from(articles)
    .where(and(eq(articles.shopId, shopId), inArray(articles.id, ids), isNull(articles.deletedAt)));
}

/** A live depot of the shop. */
export async function shopDepot(db: Db, shopId: number, depotId: number) {
  const [row] = await db
    .select({ id: depots.id, libelle: depots.libelle })
    .from(depots)
    .where(and(eq(depots.id, depotId), eq(depots.shopId, shopId), isNull(depots.deletedAt)));
  return row;
}
