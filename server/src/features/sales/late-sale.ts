import type { SaleInput } from '@app/common/contracts/sales';
import { dayRange, todayIn } from '@app/common/dates';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stockDiscrepancies } from '../../db/schema/index.js';
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

/** The unique index that keeps a provisional reference to one sale of the shop (migration 0013). */
const TICKET_REF_INDEX = 'invoices_shop_ticket_ref_key';

/**
 * A provisional reference names one sale of the shop: another sale (another id) with the same one
 * is refused for good (a device that reused its counter), never recorded under a duplicate. The
 * unique index on (shop, reference) is the check: the sale's write fails on it, the transaction
 * rolls back whole, and this maps that failure to SALE_TICKET_REF_TAKEN (any other error is
 * returned as it is).
 */
export function ticketRefTaken(error: unknown): unknown {
  for (let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    const named = e.constraint === TICKET_REF_INDEX || (typeof e.message === 'string' && e.message.includes(`"${TICKET_REF_INDEX}"`));
    if (e.code === '23505' && named) return new AppError('SALE_TICKET_REF_TAKEN', { details: [{ field: 'body.refTicket' }] });
  }
  return error;
}

/**
 * A sale the device queued with a provisional reference although the server had recorded it (its
 * answer was lost, or came too late): sent again, it answers the stored invoice, which takes that
 * reference if it has none, so that the customer's ticket finds it (DECISIONS §13). A reference
 * another sale of the shop already holds is left alone.
 */
export async function keepTicketRef(tx: Db, shopId: number, invoiceId: number, ticketRef: string): Promise<void> {
  await tx.execute(sql`update invoices set ticket_ref = ${ticketRef}
    where id = ${invoiceId} and shop_id = ${shopId} and ticket_ref is null
      and not exists (select 1 from invoices other where other.shop_id = ${shopId} and other.ticket_ref = ${ticketRef})`);
}

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Where a sale paid on a register whose closed days are `closedDays` (at least every one from the
 * sale's own day on; saleRefs reads them with the sale's references) and made at `soldAt` goes.
 * Its own day when that day is open:
 * at its device time. Otherwise the register's next open day (the register is share-locked by the
 * caller, so no closing slips in): now when that is today, the start of that day when it is an
 * earlier day left open, and the start of tomorrow when today is closed too. `lateSoldAt` then
 * keeps the real device time (enRetard).
 */
export function placeAmongClosedDays(closedDays: readonly string[], timeZone: string, soldAt: Date, now: Date): { recordedAt: Date; lateSoldAt: Date | null } {
  const saleDay = todayIn(timeZone, soldAt);
  const closed = new Set(closedDays);
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
