import type { InstantRange } from '@app/common/dates';
import type { PaymentMethod } from '@app/common/payments';
import { and, desc, eq, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashClosings, cashRegisters, invoices, payments, shops, users } from '../../db/schema/index.js';
import { sumFcfa } from '../../db/sums.js';
import { pageWindow } from '../../lib/paging.js';
import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';

export type ClosingRow = {
  closing: typeof cashClosings.$inferSelect;
  register: { id: number; libelle: string };
  user: { id: number; username: string; nom: string; prenom: string };
};

/** The proforma type (DECISIONS §6): never paid, but left out of every money figure all the same. */
const PROFORMA_TYPE_ID = INVOICE_TYPE.proforma;

/**
 * What the live payments of one register took over one day of the shop: the amounts applied
 * to invoices per method, the change given back (cash only) and how many payments. Voided
 * payments and proformas are left out. Refunds (an invoice deleted after its payment's day was
 * closed) count on their own day, negative, and not as payments; the closed day keeps the
 * payment they give back (its invoice deleted, the payment not voided).
 */
export async function registerDayTotals(
  db: Db,
  shopId: number,
  registerId: number,
  day: InstantRange,
): Promise<{ totalsByMethod: Partial<Record<PaymentMethod, number>>; changeGivenFcfa: number; paymentCount: number }> {
  const rows = await db
    .select({
      method: payments.method,
      applied: sumFcfa(payments.appliedFcfa),
      change: sumFcfa(payments.changeFcfa),
      n: sql<number>`count(*) filter (where ${payments.refundOf} is null)`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.shopId, shopId),
        eq(payments.cashRegisterId, registerId),
        isNull(payments.voidedAt),
        ne(invoices.typeId, PROFORMA_TYPE_ID),
        gte(payments.createdAt, day.start),
        lt(payments.createdAt, day.end),
      ),
    )
    .groupBy(payments.method);
  const totalsByMethod: Partial<Record<PaymentMethod, number>> = {};
  let changeGivenFcfa = 0;
  let paymentCount = 0;
  for (const row of rows) {
    totalsByMethod[row.method] = row.applied;
    changeGivenFcfa += row.change;
    paymentCount += row.n;
  }
  return { totalsByMethod, changeGivenFcfa, paymentCount };
}

function baseQuery(db: Db) {
  return db
    .select({
      closing: cashClosings,
      register: { id: cashRegisters.id, libelle: cashRegisters.libelle },
      user: { id: users.id, username: users.username, nom: users.nom, prenom: users.prenom },
    })
    .from(cashClosings)
    .innerJoin(cashRegisters, eq(cashRegisters.id, cashClosings.cashRegisterId))
    .innerJoin(users, eq(users.id, cashClosings.userId));
}

export async function closingOfDay(db: Db, shopId: number, registerId: number, date: string): Promise<ClosingRow | undefined> {
  const [row] = await baseQuery(db).where(
    and(eq(cashClosings.shopId, shopId), eq(cashClosings.cashRegisterId, registerId), eq(cashClosings.businessDate, date)),
  );
  return row;
}

export async function closingById(db: Db, shopId: number, id: number): Promise<ClosingRow | undefined> {
  const [row] = await baseQuery(db).where(and(eq(cashClosings.shopId, shopId), eq(cashClosings.id, id)));
  return row;
}

export async function closingByKey(db: Db, shopId: number, key: string) {
  const [row] = await db
    .select()
    .from(cashClosings)
    .where(and(eq(cashClosings.shopId, shopId), eq(cashClosings.idempotencyKey, key)));
  return row;
}

/** Closings of a shop, newest day first; `author` is the own-versus-all condition. */
export async function listClosings(
  db: Db,
  shopId: number,
  options: { author?: SQL | undefined; page: number },
): Promise<{ rows: ClosingRow[]; total: number }> {
  const where = and(eq(cashClosings.shopId, shopId), options.author);
  const { limit, offset } = pageWindow(options.page);
  const [rows, [counted]] = await Promise.all([
    baseQuery(db).where(where).orderBy(desc(cashClosings.businessDate), desc(cashClosings.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cashClosings)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Whether a register's day is closed, with the register row share-locked until the end of the
 * transaction. Closing a day takes the same row FOR UPDATE, so a payment and the closing of its
 * day never interleave: either the payment commits first and the closing counts it, or the
 * closing commits first and the payment sees it and is refused.
 */
export async function isDayClosedLocked(tx: Db, shopId: number, registerId: number, date: string): Promise<boolean> {
  await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(eq(cashRegisters.id, registerId)).for('share');
  const [row] = await tx
    .select({ id: cashClosings.id })
    .from(cashClosings)
    .where(
      and(eq(cashClosings.shopId, shopId), eq(cashClosings.cashRegisterId, registerId), eq(cashClosings.businessDate, date)),
    );
  return row !== undefined;
}

/** What a document's header shows of the shop, and its time zone (the business day's zone). */
export async function shopHeader(db: Db, shopId: number) {
  const [row] = await db
    .select({ nom: shops.nom, adresse: shops.adresse, telephone: shops.telephone, timeZone: shops.timeZone })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!row) throw new Error(`shop ${shopId} not found`);
  return { nom: row.nom, adresse: row.adresse ?? '', telephone: row.telephone ?? '', timeZone: row.timeZone };
}

export async function shopTimeZone(db: Db, shopId: number): Promise<string> {
  return (await shopHeader(db, shopId)).timeZone;
}

/**
 * The late sales of a register's day (DECISIONS §13): live invoices marked late (`late_sold_at`)
 * with a live payment on the register in the day: how many, and their total.
 */
export async function lateSalesOfDay(db: Db, shopId: number, registerId: number, day: InstantRange): Promise<{ nombre: number; montant: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, total: sumFcfa(invoices.totalFcfa) })
    .from(invoices)
    .where(
      and(
        eq(invoices.shopId, shopId),
        isNull(invoices.deletedAt),
        sql`${invoices.lateSoldAt} is not null`,
        sql`exists (select 1 from ${payments} p where p.invoice_id = ${invoices.id} and p.cash_register_id = ${registerId}
          and p.voided_at is null and p.created_at >= ${day.start.toISOString()}::timestamptz and p.created_at < ${day.end.toISOString()}::timestamptz)`,
      ),
    );
  return { nombre: Number(row?.n ?? 0), montant: row?.total ?? 0 };
}
