import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The advisory-lock class of a shop's sales writes (the second key is the shop's id). */
const SALES_LOCK_CLASS = 1001;

/**
 * Takes the shop's sales lock for the rest of the transaction, before any row lock. Taken by every
 * write of a shop's invoices, payments and deliveries except the sale itself, and by a change of
 * the shop's time zone (which rebuilds its days).
 *
 * Those writes add to the shop's per-day totals (`sales_daily_totals`, kept by triggers), a row per
 * day, and several of them lock more than one day or lock days and stock levels: an invoice edit or
 * deletion locks stock levels, then its payments' days and its own day; a payment locks today's row,
 * then its invoice's day. In different orders two cashiers could each wait for the other (PostgreSQL
 * then aborts one). Queued on this lock first, they never hold a day while waiting for another.
 * A sale does not take it: it locks its stock levels first, in the ledger's order, and today's row
 * last, as an edit or a deletion does, so it never holds a day while waiting for a level; sales of a
 * shop thus run side by side up to their last statements.
 */
export async function lockShopSales(tx: Db, shopId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SALES_LOCK_CLASS}, ${shopId}::int)`);
}

/**
 * The sales lock of the shop of an invoice, payment or delivery named by its id, in one statement,
 * taken before the row itself is locked (and checked against the caller's shops by the caller).
 * Nothing when there is no such row.
 */
export async function lockShopSalesOf(tx: Db, table: 'invoices' | 'payments' | 'deliveries', id: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SALES_LOCK_CLASS}, shop_id) from ${sql.identifier(table)} where id = ${id}`,
  );
}
