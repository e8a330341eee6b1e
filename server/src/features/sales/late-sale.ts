import type { SaleInput } from '@app/common/contracts/sales';
import { dayRange, todayIn } from '@app/common/dates';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashClosings, invoices, stockDiscrepancies } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ShopContext } from '../../lib/access.js';
import type { Shortfall } from '../stock/stock-ledger.service.js';
import type { PricedLine } from './invoice-writes.js';

/**
 * What the server does with a sale made offline when it arrives (DECISIONS §13, issue 20): it is
 * a fact (the money was taken, the goods left). Its lines keep the price the device charged, its
 * short stock becomes a discrepancy, and a sale of a closed register day goes to the register's
 * next open day, marked late. Called by `recordSale` only when the body says `horsLigne`.
 */

/**
 * The lines at the price the device charged (`prix`; absent: the current one). A line whose
 * charged price differs from the article's current price keeps that current price beside it
 * (`listPriceFcfa`), flagged for the manager (prixModifie).
 */
export function offlinePriced(lines: PricedLine[], input: SaleInput['lignes']): PricedLine[] {
  return lines.map((line, index) => {
    const charged = input[index]?.prix ?? null;
    if (charged === null || charged === line.unitPriceFcfa) return { ...line, listPriceFcfa: null };
    return { ...line, unitPriceFcfa: charged, listPriceFcfa: line.unitPriceFcfa };
  });
}

/**
 * A provisional reference names one sale of the shop: another sale (another id) with the same one
 * is refused for good (a device that reused its counter), never recorded under a duplicate.
 */
export async function assertTicketRefFree(tx: Db, shopId: number, ticketRef: string): Promise<void> {
  const [taken] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.shopId, shopId), eq(invoices.ticketRef, ticketRef)));
  if (taken) throw new AppError('SALE_TICKET_REF_TAKEN', { details: [{ field: 'body.refTicket' }] });
}

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Where a sale paid on `registerId` and made at `soldAt` goes. Its own day when that day is open:
 * at its device time. Otherwise the register's next open day (the register is share-locked by the
 * caller, so no closing slips in): now when that is today, the start of that day when it is an
 * earlier day left open, and the start of tomorrow when today is closed too. `lateSoldAt` then
 * keeps the real device time (enRetard).
 */
export async function placeOnOpenDay(
  tx: Db,
  shopId: number,
  registerId: number,
  timeZone: string,
  soldAt: Date,
  now: Date,
): Promise<{ recordedAt: Date; lateSoldAt: Date | null }> {
  const saleDay = todayIn(timeZone, soldAt);
  const closed = new Set(
    (
      await tx
        .select({ day: cashClosings.businessDate })
        .from(cashClosings)
        .where(and(eq(cashClosings.shopId, shopId), eq(cashClosings.cashRegisterId, registerId), gte(cashClosings.businessDate, saleDay)))
    ).map((r) => String(r.day)),
  );
  if (!closed.has(saleDay)) return { recordedAt: soldAt, lateSoldAt: null };
  let day = nextDay(saleDay);
  while (closed.has(day)) day = nextDay(day);
  const today = todayIn(timeZone, now);
  const recordedAt = day === today ? now : dayRange(day, timeZone).start;
  return { recordedAt, lateSoldAt: soldAt };
}

/** The shortfalls of a sale just written, as open stock discrepancies naming its invoice. */
export async function recordDiscrepancies(tx: Db, ctx: ShopContext, invoiceId: number, shortfalls: Shortfall[]): Promise<void> {
  if (shortfalls.length === 0) return;
  await tx.insert(stockDiscrepancies).values(
    shortfalls.map((s) => ({ shopId: ctx.shopId, depotId: s.depotId, articleId: s.articleId, invoiceId, quantity: s.quantity })),
  );
}
