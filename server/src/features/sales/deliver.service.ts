import type { Delivery } from '@app/common/contracts/deliveries';
import type { Language } from '@app/common/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSalesOf } from '../../db/sales-lock.js';
import { auditLog, deliveries, invoices } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { getDelivery } from '../deliveries/deliveries.service.js';
import { requireShopDriver } from '../drivers/drivers.service.js';
import { mayDeliver, PROFORMA_TYPE_ID } from '../payments/invoice-summary.service.js';
import { paidForDelivery } from '@app/common/sale';
import { driverName } from './audit-words.js';

/** Deliveries of invoices by a driver, and their cancellation (seed 001; DECISIONS §6). */

/**
 * Records the delivery of a locked, live, non-proforma invoice not yet delivered, by a driver of
 * its shop, and marks it delivered (DECISIONS §6). In the caller's transaction: a delivery on
 * its own, or a payment with "deliver" ticked (then `invoice` carries the state after that
 * payment). Goods leave unpaid only on account: a cash sale is delivered once settled.
 */
export async function recordDelivery(
  tx: Db,
  ctx: ShopContext,
  invoice: typeof invoices.$inferSelect,
  driverId: number | null,
): Promise<number> {
  if (invoice.typeId === PROFORMA_TYPE_ID) throw new AppError('INVOICE_PROFORMA');
  if (invoice.delivered) throw new AppError('INVOICE_DELIVERED');
  if (!paidForDelivery(invoice)) throw new AppError('DELIVERY_NEEDS_PAYMENT');
  if (!driverId) throw new AppError('DRIVER_REQUIRED');
  // A driver of another shop or deleted is refused like any bad reference of a body (422).
  await requireShopDriver(tx, ctx, driverId, 'body.chauffeure');
  const [delivery] = await tx
    .insert(deliveries)
    .values({ shopId: invoice.shopId, invoiceId: invoice.id, driverId, userId: ctx.userId })
    .returning({ id: deliveries.id });
  await tx.update(invoices).set({ delivered: true, updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
  return delivery!.id;
}

/** POST /api/livraisons_liv: directors and warehouse keepers deliver any invoice of their shop. */
export async function createDelivery(
  db: Db,
  actor: Actor,
  input: { facture: number; chauffeure: number },
  lang: Language,
): Promise<Delivery> {
  const { id, ctx } = await db.transaction(async (tx) => {
    // The invoice row lock queues a delivery behind a payment or another delivery of it.
    await lockShopSalesOf(tx, 'invoices', input.facture);
    const { row: invoice, ctx } = await findInMyShops(tx, actor, invoices, input.facture, { lock: true });
    if (!mayDeliver(ctx)) throw new AppError('NOT_FOUND');
    return { id: await recordDelivery(tx, ctx, invoice, input.chauffeure), ctx };
  });
  return getDelivery(db, ctx.shopId, id, lang);
}

/**
 * Cancels a delivery (directors): the invoice goes back to not delivered (DECISIONS §6), with an
 * audit record. Locks the invoice first, as payments and deliveries do, then the delivery.
 */
export async function cancelDelivery(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShopSalesOf(tx, 'deliveries', id);
    const { row: found, ctx } = await findInMyShops(tx, actor, deliveries, id);
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, found.invoiceId)).for('update');
    const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
    if (!delivery) throw new AppError('NOT_FOUND');
    if (delivery.cancelledAt) throw new AppError('DELIVERY_CANCELLED');
    const now = new Date();
    await tx.update(deliveries).set({ cancelledAt: now, cancelledBy: ctx.userId }).where(eq(deliveries.id, id));
    const [invoice] = await tx
      .update(invoices)
      .set({ delivered: false, updatedAt: now })
      .where(eq(invoices.id, delivery.invoiceId))
      .returning({ code: invoices.code, totalFcfa: invoices.totalFcfa });
    // Readable in the trail (issue 22 item 15): the invoice's number, the driver's name and the money.
    await tx.insert(auditLog).values({
      shopId: delivery.shopId,
      userId: ctx.userId,
      action: 'delivery.cancel',
      entity: 'delivery',
      entityId: delivery.id,
      before: { invoiceCode: invoice?.code ?? null, totalFcfa: invoice?.totalFcfa ?? null, driver: await driverName(tx, delivery.driverId), delivered: true },
      after: { delivered: false, cancelledAt: now.toISOString() },
    });
  });
}

