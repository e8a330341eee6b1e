import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stockMovements } from '../../db/schema/index.js';

/**
 * For the demo seed only, which back-dates the records it makes through the services: the stock
 * movements take the date of what caused them, so that the ledger reads in order of date. Never
 * called by a route (a movement's date is when it was written).
 */
export async function dateInvoiceMovements(db: Db, invoiceId: number, at: Date): Promise<void> {
  await db.update(stockMovements).set({ createdAt: at }).where(eq(stockMovements.invoiceId, invoiceId));
}

/** The shop's movements not caused by a sale (opening stock, receptions) dated `at`. */
export async function dateMovementsOutsideSales(db: Db, shopId: number, at: Date): Promise<void> {
  await db
    .update(stockMovements)
    .set({ createdAt: at })
    .where(and(eq(stockMovements.shopId, shopId), isNull(stockMovements.invoiceId)));
}
