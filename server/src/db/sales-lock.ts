import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/** The advisory-lock class of a shop's sales writes (the second key is the shop's id). */
const SALES_LOCK_CLASS = 1001;

/**
 * Takes the shop's sales lock for the rest of the transaction: every write of a shop's invoices,
 * payments and deliveries takes it first, before any row lock.
 *
 * Those writes add to the shop's per-day totals (`sales_daily_totals`, kept by triggers): a sale
 * locks today's row, then its stock levels; an invoice edit or deletion locks stock levels, then the
 * rows of the invoice's day and its payments' days; a payment locks today's row, then its invoice's
 * day. Taken in those orders, two cashiers could each wait for the other (PostgreSQL then aborts one:
 * a 500). Sales of one shop already queued one behind the other on today's row and on the invoice
 * number counter, so queueing them all here first costs no parallelism and leaves no cycle.
 * A shop's time zone change, which rebuilds its days, takes it too.
 */
export async function lockShopSales(tx: Db, shopId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SALES_LOCK_CLASS}, ${shopId}::int)`);
}

/**
 * The sales lock of the shop of an invoice or a payment named by its id, taken before the row itself
 * is locked (and checked against the caller's shops by the caller). Nothing when there is no such row.
 */
export async function lockShopSalesOf(tx: Db, table: 'invoices' | 'payments' | 'deliveries', id: number): Promise<void> {
  const [row] = rowsOf<{ shop_id: number }>(await tx.execute(sql`select shop_id from ${sql.identifier(table)} where id = ${id}`));
  if (row) await lockShopSales(tx, Number(row.shop_id));
}
