import type { Page } from '@app/common/contracts/paging';
import type { Payment } from '@app/common/contracts/payments';
import type { Language } from '@app/common/languages';
import { paidForDelivery } from '@app/common/sale';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices, payments } from '../../db/schema/index.js';
import { findInMyShops, visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { mayDeliver, mayPay, PROFORMA_TYPE_ID } from './invoice-summary.service.js';
import { serializePayment } from './payment.serializer.js';
import { findPaymentRow, listPayments, paymentsOfInvoice } from './payments.queries.js';

export { serializePayment } from './payment.serializer.js';

export type { PaymentRow } from './payments.queries.js';

/** Reading payments (seed 001 paiement): the check before paying, an invoice's history, the lists. Taking, correcting and voiding one are the sales module's (features/sales/pay.service.ts). */


export async function serializedPayment(db: Db, shopId: number, paymentId: number, lang: Language): Promise<Payment> {
  const row = await findPaymentRow(db, shopId, paymentId);
  if (!row) throw new AppError('NOT_FOUND');
  return serializePayment(row, lang);
}

/**
 * GET /api/check/commande/{id} (DECISIONS §6): true when the invoice exists in the caller's shop
 * (and is one they may pay or deliver), is live, not a proforma, and has a remainder (for a
 * payment) or is not yet delivered (for a delivery); otherwise an error saying why. Without a
 * purpose (the old client), it passes while something is left to do. A delivery of a sale other
 * than on account waits for it to be settled.
 */
export async function checkInvoice(
  db: Db,
  actor: Actor,
  invoiceId: number,
  purpose: 'paiement' | 'livraison' | undefined,
): Promise<true> {
  const { row: invoice, ctx } = await findInMyShops(db, actor, invoices, invoiceId);
  const allowed =
    purpose === 'paiement'
      ? mayPay(ctx, invoice)
      : purpose === 'livraison'
        ? mayDeliver(ctx)
        : mayPay(ctx, invoice) || mayDeliver(ctx);
  if (!allowed) throw new AppError('NOT_FOUND');
  if (invoice.typeId === PROFORMA_TYPE_ID) throw new AppError('INVOICE_PROFORMA');
  if (purpose === 'paiement' && invoice.settled) throw new AppError('INVOICE_SETTLED');
  if (purpose === 'livraison' && invoice.delivered) throw new AppError('INVOICE_DELIVERED');
  if (purpose === 'livraison' && !paidForDelivery(invoice)) throw new AppError('DELIVERY_NEEDS_PAYMENT');
  if (purpose === undefined && invoice.settled && invoice.delivered) throw new AppError('INVOICE_SETTLED');
  return true;
}

/** GET /api/paiements_facture/{id}: every payment of an invoice the caller may pay (voided ones marked). */
export async function invoicePayments(db: Db, actor: Actor, invoiceId: number, lang: Language): Promise<Payment[]> {
  const { row: invoice, ctx } = await findInMyShops(db, actor, invoices, invoiceId);
  if (!mayPay(ctx, invoice)) throw new AppError('NOT_FOUND');
  return (await paymentsOfInvoice(db, ctx.shopId, invoiceId)).map((row) => serializePayment(row, lang));
}

/** Payments of the shop: directors all, sellers and cashiers their own (RECORD_SCOPES.payments); `ownOnly` forces the latter. */
export async function pagePayments(
  db: Db,
  ctx: ShopContext,
  input: { page: number; term?: string | undefined; ownOnly?: boolean },
  lang: Language,
): Promise<Page<Payment>> {
  const author = input.ownOnly ? eq(payments.userId, ctx.userId) : visibleRecords(ctx, 'payments', payments.userId);
  const { rows, total } = await listPayments(db, ctx.shopId, { author, term: input.term, page: input.page });
  return toPage(
    rows.map((row) => serializePayment(row, lang)),
    total,
    input.page,
  );
}

export async function findMyPayment(db: Db, actor: Actor, id: number) {
  return (await findInMyShops(db, actor, payments, id)).row;
}

