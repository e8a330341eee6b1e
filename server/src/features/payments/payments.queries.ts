import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashClosings, cashRegisters, clients, deliveries, invoiceTypes, invoices, payments, shops, users } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';
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

export async function paymentByKey(db: Db, shopId: number, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.shopId, shopId), eq(payments.idempotencyKey, key)));
  return row;
}

/** The invoice row, locked for the rest of the transaction (payments of one invoice queue here). */
export async function lockInvoice(tx: Db, shopId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.shopId, shopId)))
    .for('update');
  return row;
}

/**
 * Recomputes an invoice from its live payments (after a correction or a void): each payment's
 * remainder after it, in order, and the invoice's paid, remainder and settled.
 */
export async function recomputeInvoice(tx: Db, invoice: typeof invoices.$inferSelect) {
  const live = await tx
    .select({ id: payments.id, applied: payments.appliedFcfa, after: payments.remainingAfterFcfa })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), sql`${payments.voidedAt} is null`))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  let remaining = invoice.totalFcfa;
  for (const p of live) {
    remaining -= p.applied;
    if (p.after !== remaining) await tx.update(payments).set({ remainingAfterFcfa: remaining }).where(eq(payments.id, p.id));
  }
  const [updated] = await tx
    .update(invoices)
    .set({ paidFcfa: invoice.totalFcfa - remaining, remainingFcfa: remaining, settled: remaining === 0, updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated!;
}

/**
 * What a payment needs once its invoice is locked, in one statement: the register (live, of the
 * shop; the default one when none is chosen), share-locked so that its day cannot be closed
 * until the payment commits, the shop's time zone, and what the answer shows of the invoice
 * (its type, its client, its live delivery). Undefined when there is no such register.
 */
export async function paymentRefs(
  tx: Db,
  shopId: number,
  chosenRegisterId: number | null,
  invoice: { id: number; typeId: number; clientId: number | null },
) {
  const [row] = await tx
    .select({
      register: { id: cashRegisters.id, libelle: cashRegisters.libelle },
      timeZone: shops.timeZone,
      invoiceType: { id: invoiceTypes.id, libelle: invoiceTypes.libelle, libelleEn: invoiceTypes.libelleEn },
      client: { id: clients.id, nom: clients.nom, prenom: clients.prenom },
      deliveryId: sql<
        number | null
      >`(select ${deliveries.id} from ${deliveries} where ${deliveries.invoiceId} = ${invoice.id} and ${deliveries.cancelledAt} is null limit 1)`,
    })
    .from(cashRegisters)
    .innerJoin(shops, eq(shops.id, cashRegisters.shopId))
    .innerJoin(invoiceTypes, eq(invoiceTypes.id, invoice.typeId))
    .leftJoin(clients, eq(clients.id, invoice.clientId ?? 0))
    .where(
      and(
        eq(cashRegisters.shopId, shopId),
        isNull(cashRegisters.deletedAt),
        chosenRegisterId === null ? eq(cashRegisters.isDefault, true) : eq(cashRegisters.id, chosenRegisterId),
      ),
    )
    .for('share', { of: cashRegisters });
  return row;
}

/** Whether the register's business day `date` is closed (take the register's share lock first). */
export async function isDayClosed(tx: Db, shopId: number, registerId: number, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: cashClosings.id })
    .from(cashClosings)
    .where(and(eq(cashClosings.shopId, shopId), eq(cashClosings.cashRegisterId, registerId), eq(cashClosings.businessDate, date)));
  return row !== undefined;
}

/**
 * Records a payment and its invoice's new amounts in one statement; returns the payment's id and
 * time. The invoice row is the caller's, locked.
 */
export async function insertPayment(
  tx: Db,
  payment: Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'voidedAt' | 'voidedBy'>,
  invoice: { paidFcfa: number; remainingFcfa: number; settled: boolean; updatedAt: Date },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = rowsOf<{ id: number; created_at: Date | string }>(
    await tx.execute(sql`
      with p as (
        insert into payments (shop_id, invoice_id, cash_register_id, user_id, method, reference, handed_fcfa, applied_fcfa,
          change_fcfa, remaining_after_fcfa, idempotency_key)
        values (${payment.shopId}, ${payment.invoiceId}, ${payment.cashRegisterId}, ${payment.userId}, ${payment.method},
          ${payment.reference ?? null}, ${payment.handedFcfa}, ${payment.appliedFcfa}, ${payment.changeFcfa},
          ${payment.remainingAfterFcfa}, ${payment.idempotencyKey ?? null})
        returning id, created_at)
      update invoices set paid_fcfa = ${invoice.paidFcfa}, remaining_fcfa = ${invoice.remainingFcfa}, settled = ${invoice.settled},
        updated_at = ${invoice.updatedAt.toISOString()}
      from p where invoices.id = ${payment.invoiceId}
      returning p.id, p.created_at`),
  );
  if (!row) throw new Error(`invoice ${payment.invoiceId} not updated`);
  // As drizzle maps the column (the drivers hand timestamps over as text to drizzle).
  const createdAt = row.created_at instanceof Date ? row.created_at : (payments.createdAt.mapFromDriverValue(row.created_at) as Date);
  return { id: Number(row.id), createdAt };
}

/**
 * Live payments of some shops (the caller's), newest first, at most `limit`: the seed's non-paged
 * lookups (`/api/paiements_boutique/{b}`, `_not_deleted`, `_caisse_connect`). `author` is the
 * own-versus-all condition.
 */
export async function lookupPayments(db: Db, shopIds: number[], author: SQL | undefined, limit = 500): Promise<PaymentRow[]> {
  if (shopIds.length === 0) return [];
  return (await baseQuery(db)
    .where(and(inArray(payments.shopId, shopIds), isNull(payments.voidedAt), author))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)) as PaymentRow[];
}
