import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, invoiceTypes, invoices, payments } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

/**
 * What a client still owes: the remainders of their live invoices (proformas are quotes, not debts).
 * The outer row is named with its table on purpose: in a select from one table, drizzle writes
 * `${clients.id}` as a bare "id", which inside this subquery would be the invoice's own id.
 */
const owed = sql<number>`(select coalesce(sum(i.remaining_fcfa), 0)::bigint from invoices i
  where i.client_id = ${clients}.id and i.shop_id = ${clients}.shop_id and i.deleted_at is null and i.type_id <> 3)`.mapWith(
  Number,
);

const columns = { client: clients, owed };
export type ClientWithBalance = { client: typeof clients.$inferSelect; owed: number };

export async function listShopClients(db: Db, shopId: number, options: { page?: number; term?: string | undefined } = {}) {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(clients.shopId, shopId),
    isNull(clients.deletedAt),
    pattern
      ? or(
          sql`(${clients.nom} || ' ' || ${clients.prenom}) ilike ${pattern}`,
          sql`(${clients.prenom} || ' ' || ${clients.nom}) ilike ${pattern}`,
          ilike(clients.telephone, pattern),
          ilike(clients.adresse, pattern),
        )
      : undefined,
  );
  const query = db.select(columns).from(clients).where(where).orderBy(asc(clients.nom), asc(clients.prenom), asc(clients.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(clients)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findShopClient(db: Db, shopIds: number[], clientId: number): Promise<ClientWithBalance | undefined> {
  if (shopIds.length === 0) return undefined;
  const [row] = await db
    .select(columns)
    .from(clients)
    .where(
      and(
        eq(clients.id, clientId),
        sql`${clients.shopId} in (${sql.join(
          shopIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        isNull(clients.deletedAt),
      ),
    );
  return row;
}

/** A client's live invoices (optionally only the caller's), newest first. */
export function clientInvoices(db: Db, shopId: number, clientId: number, author: SQL | undefined) {
  return db
    .select({ invoice: invoices, typeLibelle: invoiceTypes.libelle, typeLibelleEn: invoiceTypes.libelleEn })
    .from(invoices)
    .innerJoin(invoiceTypes, eq(invoiceTypes.id, invoices.typeId))
    .where(and(eq(invoices.shopId, shopId), eq(invoices.clientId, clientId), isNull(invoices.deletedAt), author))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** Live payments of a client's live invoices (optionally only of the caller's invoices). */
export function clientPayments(db: Db, shopId: number, clientId: number, author: SQL | undefined) {
  return db
    .select({ payment: payments, code: invoices.code })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.shopId, shopId),
        eq(invoices.clientId, clientId),
        isNull(invoices.deletedAt),
        isNull(payments.voidedAt),
        ne(invoices.typeId, 3),
        author,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
}
