import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, deliveries, drivers, invoiceTypes, invoices, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';
import {
  invoiceClientJoin,
  invoiceSummaryColumns,
  invoiceTypeJoin,
  type InvoiceSummaryRow,
} from '../payments/invoice-summary.service.js';

export type DeliveryRow = InvoiceSummaryRow & {
  delivery: typeof deliveries.$inferSelect;
  driver: { id: number; nom: string; telephone: string };
  user: { id: number; username: string };
};

function baseQuery(db: Db) {
  return db
    .select({
      ...invoiceSummaryColumns,
      delivery: deliveries,
      driver: { id: drivers.id, nom: drivers.nom, telephone: drivers.telephone },
      user: { id: users.id, username: users.username },
    })
    .from(deliveries)
    .innerJoin(invoices, eq(invoices.id, deliveries.invoiceId))
    .innerJoin(invoiceTypes, invoiceTypeJoin)
    .leftJoin(clients, invoiceClientJoin)
    .innerJoin(drivers, eq(drivers.id, deliveries.driverId))
    .innerJoin(users, eq(users.id, deliveries.userId));
}

function searchOf(term: string | undefined, extra: SQL[] = []): SQL | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  const pattern = likePattern(trimmed);
  return or(
    ilike(invoices.code, pattern),
    sql`(${clients.nom} || ' ' || ${clients.prenom}) ilike ${pattern}`,
    ...extra.map((e) => sql`${e} ilike ${pattern}`),
  );
}

/** Deliveries of one shop (of live invoices), newest first; searched by number, client, driver, user. */
export async function listDeliveries(
  db: Db,
  shopId: number,
  options: { author?: SQL | undefined; term?: string | undefined; page: number },
) {
  const where = and(
    eq(deliveries.shopId, shopId),
    isNull(invoices.deletedAt),
    options.author,
    searchOf(options.term, [sql`${drivers.nom}`, sql`${users.username}`]),
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    baseQuery(db).where(where).orderBy(desc(deliveries.createdAt), desc(deliveries.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .innerJoin(invoices, eq(invoices.id, deliveries.invoiceId))
      .leftJoin(clients, invoiceClientJoin)
      .innerJoin(drivers, eq(drivers.id, deliveries.driverId))
      .innerJoin(users, eq(users.id, deliveries.userId))
      .where(where),
  ]);
  return { rows: rows as DeliveryRow[], total: count?.n ?? 0 };
}

export async function findDeliveryRow(db: Db, shopId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await baseQuery(db).where(and(eq(deliveries.shopId, shopId), eq(deliveries.id, id)));
  return row as DeliveryRow | undefined;
}

/**
 * Deliveries (cancelled ones too) of live invoices of some shops (the caller's), newest first, at
 * most `limit`: the seed's non-paged lookups. `live`: only those not cancelled.
 */
export async function lookupDeliveries(
  db: Db,
  shopIds: number[],
  options: { author?: SQL | undefined; live?: boolean; limit?: number },
): Promise<DeliveryRow[]> {
  if (shopIds.length === 0) return [];
  const where = and(
    inArray(deliveries.shopId, shopIds),
    isNull(invoices.deletedAt),
    options.live ? isNull(deliveries.cancelledAt) : undefined,
    options.author,
  );
  return (await baseQuery(db)
    .where(where)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(options.limit ?? 500)) as DeliveryRow[];
}
