import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { articles, clients, depots, invoiceLines, invoiceTypes, invoices, payments, shops, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';
import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice a proforma became, and the proforma an invoice came from: their numbers are shown. */
const convertedTo = alias(invoices, 'converted_to');
const convertedFrom = alias(invoices, 'converted_from');

const columns = {
  invoice: invoices,
  convertedTo: { code: convertedTo.code },
  convertedFrom: { code: convertedFrom.code },
  type: { id: invoiceTypes.id, libelle: invoiceTypes.libelle, libelleEn: invoiceTypes.libelleEn },
  client: { id: clients.id, nom: clients.nom, prenom: clients.prenom },
  depot: { id: depots.id, libelle: depots.libelle },
  seller: { id: users.id, username: users.username },
};

export type InvoiceListRow = {
  invoice: InvoiceRow;
  /** Absent when the row is built from what a sale just wrote (a new sale is neither). */
  convertedTo?: { code: string } | null;
  convertedFrom?: { code: string } | null;
  type: { id: number; libelle: string; libelleEn: string | null };
  client: { id: number; nom: string; prenom: string } | null;
  depot: { id: number; libelle: string };
  seller: { id: number; username: string };
};

export type LineRow = { invoiceId: number; articleId: number; designation: string; quantity: number; unitPriceFcfa: number; unitCostFcfa: number };

/** Which invoices a list shows (seed 001 §7): every live one, unsettled, settled, or to deliver. */
export type InvoiceFilter = 'all' | 'unsettled' | 'settled' | 'toDeliver' | 'notProforma';

const PROFORMA = INVOICE_TYPE.proforma;

function filterCondition(filter: InvoiceFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'unsettled':
      return and(eq(invoices.settled, false), ne(invoices.typeId, PROFORMA));
    case 'settled':
      return and(eq(invoices.settled, true), ne(invoices.typeId, PROFORMA));
    case 'toDeliver':
      // What may leave now (DECISIONS §6): not delivered, not a quote, and settled or on account.
      return and(
        eq(invoices.delivered, false),
        ne(invoices.typeId, PROFORMA),
        or(eq(invoices.settled, true), eq(invoices.typeId, INVOICE_TYPE.credit)),
      );
    case 'notProforma':
      return ne(invoices.typeId, PROFORMA);
  }
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(invoiceTypes, eq(invoiceTypes.id, invoices.typeId))
    .innerJoin(depots, eq(depots.id, invoices.depotId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(convertedTo, and(eq(convertedTo.id, invoices.convertedToId), eq(convertedTo.shopId, invoices.shopId)))
    .leftJoin(convertedFrom, and(eq(convertedFrom.id, invoices.convertedFromId), eq(convertedFrom.shopId, invoices.shopId)));
}

/**
 * Invoices of the shop whose number, client's name (either order) or seller's username contains
 * the term, as one id set: each branch can use its own index (the trigram indexes on the code and
 * on the client's name, the shop-and-seller index), where an OR across the joined tables made
 * PostgreSQL filter every invoice of the shop (1.2 s at 100k invoices, issue 11).
 */
function matchingInvoices(shopId: number, pattern: string): SQL {
  return sql`${invoices.id} in (
    select i.id from invoices i where i.shop_id = ${shopId} and i.code ilike ${pattern}
    union all
    select i.id from invoices i join clients c on c.id = i.client_id
    where i.shop_id = ${shopId} and c.shop_id = ${shopId}
      and ((c.nom || ' ' || c.prenom) ilike ${pattern} or (c.prenom || ' ' || c.nom) ilike ${pattern})
    union all
    select i.id from invoices i join users u on u.id = i.user_id where i.shop_id = ${shopId} and u.username ilike ${pattern})`;
}

/**
 * Live invoices of one shop, newest first. `author` is the own-versus-all condition
 * (undefined: every invoice of the shop); the term is looked for in the number, the client's
 * names and the seller's username.
 */
export async function listInvoices(
  db: Db,
  shopId: number,
  options: { filter: InvoiceFilter; author?: SQL | undefined; term?: string | undefined; page?: number; clientId?: number; limit?: number },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(invoices.shopId, shopId),
    isNull(invoices.deletedAt),
    filterCondition(options.filter),
    options.author,
    options.clientId === undefined ? undefined : eq(invoices.clientId, options.clientId),
    pattern ? matchingInvoices(shopId, pattern) : undefined,
  );
  const order = [desc(invoices.createdAt), desc(invoices.id)];
  if (options.page === undefined) {
    const rows = (await baseQuery(db).where(where).orderBy(...order).limit(options.limit ?? 500)) as InvoiceListRow[];
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  // The day totals count every undelivered invoice, paid or not; what may leave now (unpaid cash
  // sales wait) is counted on the partial index of undelivered invoices instead.
  const plain = !pattern && !options.author && options.clientId === undefined && options.filter !== 'toDeliver';
  if (plain) {
    // The page's ids first, from `invoices` alone (an index scan in the list's order), then the joins
    // for those ten rows only: joining before the offset cost page 2,000 its 20,000 skipped rows.
    const pageIds = db.select({ id: invoices.id }).from(invoices).where(where).orderBy(...order).limit(limit).offset(offset);
    const [rows, total] = await Promise.all([
      baseQuery(db).where(inArray(invoices.id, pageIds)).orderBy(...order),
      countFromTotals(db, shopId, options.filter),
    ]);
    return { rows: rows as InvoiceListRow[], total };
  }
  // A search, one seller's or one client's invoices: the page's ids and the number of matches in one
  // pass (a window count), then the joins for those rows only.
  const page = await db
    .select({ id: invoices.id, total: sql<number>`(count(*) over ())::int` })
    .from(invoices)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (page.length === 0) return { rows: [], total: await countInvoices(db, where) };
  const rows = await baseQuery(db)
    .where(inArray(invoices.id, page.map((r) => r.id)))
    .orderBy(...order);
  return { rows: rows as InvoiceListRow[], total: page[0]!.total };
}

/** Every condition is on `invoices` alone (the term through `matchingInvoices`): the count needs no join. */
async function countInvoices(db: Db, where: SQL | undefined): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(where);
  return count?.n ?? 0;
}

/**
 * The count of a whole list (no term, no author, no client) from the per-day totals the triggers
 * keep: a row a day instead of every live invoice of the shop (40-160 ms at 100k invoices).
 */
async function countFromTotals(db: Db, shopId: number, filter: InvoiceFilter): Promise<number> {
  const column: Record<InvoiceFilter, SQL> = {
    all: sql`live_invoices`,
    unsettled: sql`unsettled`,
    settled: sql`invoices - unsettled`,
    toDeliver: sql`undelivered`, // not used: see listInvoices
    notProforma: sql`invoices`,
  };
  const [row] = rowsOf<{ n: unknown }>(
    await db.execute(sql`select coalesce(sum(${column[filter]}), 0)::bigint as n from sales_daily_totals where shop_id = ${shopId}`),
  );
  return toSafeInteger(row?.n ?? 0);
}

/** One invoice of one shop (deleted ones too when asked), with its type, client, depot and seller. */
export async function findInvoiceRow(db: Db, shopId: number, invoiceId: number, options: { includeDeleted?: boolean } = {}) {
  const [row] = await baseQuery(db).where(
    and(eq(invoices.id, invoiceId), eq(invoices.shopId, shopId), options.includeDeleted ? undefined : isNull(invoices.deletedAt)),
  );
  return row as InvoiceListRow | undefined;
}

/**
 * The invoice's document in one statement: the invoice (deleted ones too) of one of `shopIds`,
 * with its type, client, depot, seller and the shop's header (GET /api/downloadFile/facture-{id}.pdf).
 */
export async function findInvoiceForDocument(db: Db, shopIds: number[], invoiceId: number) {
  if (shopIds.length === 0) return undefined;
  const [row] = await db
    .select({ ...columns, shop: { nom: shops.nom, adresse: shops.adresse, telephone: shops.telephone, timeZone: shops.timeZone } })
    .from(invoices)
    .innerJoin(invoiceTypes, eq(invoiceTypes.id, invoices.typeId))
    .innerJoin(depots, eq(depots.id, invoices.depotId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(shops, eq(shops.id, invoices.shopId))
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(convertedTo, and(eq(convertedTo.id, invoices.convertedToId), eq(convertedTo.shopId, invoices.shopId)))
    .leftJoin(convertedFrom, and(eq(convertedFrom.id, invoices.convertedFromId), eq(convertedFrom.shopId, invoices.shopId)))
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.shopId, shopIds)));
  return row;
}

export async function linesOf(db: Db, invoiceIds: number[]): Promise<LineRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      invoiceId: invoiceLines.invoiceId,
      articleId: invoiceLines.articleId,
      designation: articles.designation,
      quantity: invoiceLines.quantity,
      unitPriceFcfa: invoiceLines.unitPriceFcfa,
      unitCostFcfa: invoiceLines.unitCostFcfa,
    })
    .from(invoiceLines)
    .innerJoin(articles, eq(articles.id, invoiceLines.articleId))
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.id));
}

export async function shopOf(db: Db, shopId: number) {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  return row;
}

/** An invoice's live payments in the order they were applied, as its ticket lists them. */
export async function livePaymentsOf(db: Db, shopId: number, invoiceId: number) {
  return db
    .select({
      methode: payments.method,
      reference: payments.reference,
      montant: payments.handedFcfa,
      montantPaye: payments.appliedFcfa,
      reliquat: payments.changeFcfa,
    })
    .from(payments)
    .where(and(eq(payments.shopId, shopId), eq(payments.invoiceId, invoiceId), isNull(payments.voidedAt)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
