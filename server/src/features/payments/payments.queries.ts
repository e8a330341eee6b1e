import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashRegisters, clients, deliveries, invoiceTypes, invoices, payments, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';
import { invoiceClientJoin, invoiceSummaryColumns, invoiceTypeJoin, type InvoiceSummaryRow } from './invoice-summary.service.js';

export type PaymentRow = InvoiceSummaryRow & {
  payment: typeof payments.$inferSelect;
  register: { id: number; libelle: string };
  user: { id: number; username: string };
  deliveryId: number | null;
};

function baseQuery(db: Db) {
  return db
    .select({
      ...invoiceSummaryColumns,
      payment: payments,
      register: { id: cashRegisters.id, libelle: cashRegisters.libelle },
      user: { id: users.id, username: users.username },
      // The invoice's live delivery, if any (made with this payment when livrer was ticked).
      deliveryId: sql<
        number | null
      >`(select ${deliveries.id} from ${deliveries} where ${deliveries.invoiceId} = ${invoices.id} and ${deliveries.cancelledAt} is null limit 1)`,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(invoiceTypes, invoiceTypeJoin)
    .leftJoin(clients, invoiceClientJoin)
    .innerJoin(cashRegisters, eq(cashRegisters.id, payments.cashRegisterId))
    .innerJoin(users, eq(users.id, payments.userId));
}

/**
 * Payments of one shop, newest first. `author` is the own-versus-all condition; the term is
 * looked for in the invoice number, the client's names, the cashier's username and the
 * operator's reference. Voided payments are left out of the lists (the history shows them).
 */
export async function listPayments(
  db: Db,
  shopId: number,
  options: { author?: SQL | undefined; term?: string | undefined; page: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const term = options.term?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    eq(payments.shopId, shopId),
    sql`${payments.voidedAt} is null`,
    options.author,
    pattern
      ? or(
          ilike(invoices.code, pattern),
          sql`(${clients.nom} || ' ' || ${clients.prenom}) ilike ${pattern}`,
          ilike(users.username, pattern),
          ilike(payments.reference, pattern),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    baseQuery(db).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .leftJoin(clients, invoiceClientJoin)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where),
  ]);
  return { rows: rows as PaymentRow[], total: count?.n ?? 0 };
}

/** Every payment of an invoice, voided ones too, oldest first. */
export async function paymentsOfInvoice(db: Db, shopId: number, invoiceId: number): Promise<PaymentRow[]> {
  return (await baseQuery(db)
    .where(and(eq(payments.shopId, shopId), eq(payments.invoiceId, invoiceId)))
    .orderBy(asc(payments.createdAt), asc(payments.id))) as PaymentRow[];
}

export async function findPaymentRow(db: Db, shopId: number, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await baseQuery(db).where(and(eq(payments.shopId, shopId), eq(payments.id, paymentId)));
  return row as PaymentRow | undefined;
}
