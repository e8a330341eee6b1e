import { and, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, deliveries, drivers, invoiceTypes, invoices, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';
import {
  invoiceClientJoin,
  invoiceSummaryColumns,
  invoiceTypeJoin,
  PROFORMA_TYPE_ID,
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

/** Live invoices of the shop that can be delivered: not proforma, not yet delivered; newest first. */
export async function listInvoicesToDeliver(db: Db, shopId: number, options: { term?: string | undefined; page: number }) {
  const where = and(
    eq(invoices.shopId, shopId),
    isNull(invoices.deletedAt),
    eq(invoices.delivered, false),
    ne(invoices.typeId, PROFORMA_TYPE_ID),
    searchOf(options.term),
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    db
      .select(invoiceSummaryColumns)
      .from(invoices)
      .innerJoin(invoiceTypes, invoiceTypeJoin)
      .leftJoin(clients, invoiceClientJoin)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .leftJoin(clients, invoiceClientJoin)
      .where(where),
  ]);
  return { rows: rows as InvoiceSummaryRow[], total: count?.n ?? 0 };
}
