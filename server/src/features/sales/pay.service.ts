import { formatFcfa } from '@app/common/money';
import type { Payment, PaymentInput } from '@app/common/contracts/payments';
import { todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { needsReference, paymentOutcome, type PaymentMethod } from '@app/common/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSalesOf } from '../../db/sales-lock.js';
import { auditLog, invoices, payments } from '../../db/schema/index.js';
import { findInMyShops, type Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { paymentCashRegister } from '../cash-registers/cash-registers.service.js';
import { assertDayOpen } from '../closings/closings.service.js';
import { mayPay, PROFORMA_TYPE_ID } from '../payments/invoice-summary.service.js';
import { serializedPayment, serializePayment, type PaymentRow } from '../payments/payments.service.js';
import { isDayClosed, lockInvoice, paymentByKey, paymentRefs } from './payment-refs.queries.js';
import { recordDelivery } from './deliver.service.js';
import { insertPayment, recomputeInvoice } from './invoice-writes.js';
import { findStoredOnce } from '../../lib/once.js';

/**
 * Payments of an invoice at the cash desk (seed 001; DECISIONS §6, §12): taking one, a director's
 * correction and voiding. Each locks the shop's sales, then the invoice, in one transaction.
 */

/** Method and reference rules (DECISIONS §12), and the amounts of DECISIONS §6, or the refusal. */
function outcomeOf(input: {
  remainingFcfa: number;
  payingFcfa: number;
  handedFcfa: number | null | undefined;
  method: PaymentMethod;
  reference: string | null;
}) {
  if (needsReference(input.method) && !input.reference)
    throw new AppError('PAYMENT_REFERENCE_REQUIRED', { details: [{ field: 'body.reference' }] });
  const outcome = paymentOutcome(input);
  if ('refused' in outcome) throw new AppError(outcome.refused);
  return outcome;
}

/**
 * POST /api/paiements/livre (seed 001 §3, both variants; DECISIONS §6, §12). One transaction: the
 * invoice row is locked first, so payments of one invoice queue and the remainder never goes
 * below 0; the amounts come from the invoice, never from the client (whose `total` and `reste`
 * must still match it: 409 INVOICE_CHANGED otherwise). The Idempotency-Key is stored with the
 * payment (unique per shop): a retry, even after a crash that lost the answer, gets the same
 * payment back instead of paying twice. With "deliver" ticked, the delivery is recorded too.
 */
export async function createPayment(
  db: Db,
  actor: Actor,
  input: PaymentInput,
  idempotencyKey: string | null,
  lang: Language,
): Promise<{ payment: Payment; replayed: boolean }> {
  const done = await db.transaction(async (tx) => {
    // The shop's sales lock first (db/sales-lock.ts: a payment adds to today's totals, then its invoice's day).
    await lockShopSalesOf(tx, 'invoices', input.facture);
    // The invoice of one of the caller's shops, live, locked at once: payments of one invoice queue here.
    const { row: invoice, ctx } = await findInMyShops(tx, actor, invoices, input.facture, { lock: true });
    if (!mayPay(ctx, invoice)) throw new AppError('NOT_FOUND');
    const previous = await findStoredOnce(tx, { kind: 'payment', shopId: ctx.shopId, key: idempotencyKey }, (key) => paymentByKey(tx, ctx.shopId, key));
    if (previous) {
      if (previous.invoiceId !== invoice.id) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { paymentId: previous.id, ctx, replayed: true as const };
    }
    if (invoice.typeId === PROFORMA_TYPE_ID) throw new AppError('INVOICE_PROFORMA');
    if (
      (input.total != null && input.total !== invoice.totalFcfa) ||
      (input.reste != null && input.reste !== invoice.remainingFcfa)
    ) {
      throw new AppError('INVOICE_CHANGED', { details: { montantFacture: invoice.totalFcfa, reste: invoice.remainingFcfa } });
    }
    if (invoice.settled) throw new AppError('INVOICE_SETTLED');
    const outcome = outcomeOf({
      remainingFcfa: invoice.remainingFcfa,
      payingFcfa: input.montantPaye,
      handedFcfa: input.montant,
      method: input.methode,
      reference: input.reference,
    });
    if (input.livrer && invoice.delivered) throw new AppError('INVOICE_DELIVERED');
    if (input.livrer && !input.chauffeure) throw new AppError('DRIVER_REQUIRED', { details: [{ field: 'body.chauffeure' }] });
    // The register (share-locked: its day cannot be closed under us), the shop's time zone and
    // what the answer shows of the invoice, in one statement; a shop without a default register
    // gets one first, as paymentCashRegister does.
    let refs = await paymentRefs(tx, ctx.shopId, input.caisse, invoice);
    if (!refs && input.caisse === null) {
      await paymentCashRegister(tx, ctx.shopId, null);
      refs = await paymentRefs(tx, ctx.shopId, input.caisse, invoice);
    }
    if (!refs) throw new AppError('NOT_FOUND', { details: { field: 'caisse' } });
    const now = new Date();
    if (await isDayClosed(tx, ctx.shopId, refs.register.id, todayIn(refs.timeZone, now))) throw new AppError('DAY_CLOSED');
    const values = {
      shopId: ctx.shopId,
      invoiceId: invoice.id,
      cashRegisterId: refs.register.id,
      userId: ctx.userId,
      method: input.methode,
      reference: input.reference,
      handedFcfa: outcome.appliedFcfa + outcome.changeFcfa,
      appliedFcfa: outcome.appliedFcfa,
      changeFcfa: outcome.changeFcfa,
      remainingAfterFcfa: outcome.remainingFcfa,
      idempotencyKey,
    };
    const after = {
      paidFcfa: invoice.paidFcfa + outcome.appliedFcfa,
      remainingFcfa: outcome.remainingFcfa,
      settled: outcome.settled,
      updatedAt: now,
    };
    const written = await insertPayment(tx, values, after);
    // The delivery sees the invoice as this payment leaves it: settled or not (DECISIONS §6).
    const deliveryId = input.livrer ? await recordDelivery(tx, ctx, { ...invoice, ...after }, input.chauffeure) : refs.deliveryId;
    // The answer from the rows just written (what findPaymentRow would read back after the commit).
    const row: PaymentRow = {
      payment: { ...values, id: written.id, createdAt: written.createdAt, voidedAt: null, voidedBy: null, refundOf: null },
      invoice: { ...invoice, ...after, delivered: invoice.delivered || Boolean(input.livrer) },
      invoiceType: refs.invoiceType,
      client: invoice.clientId === null ? null : refs.client,
      register: refs.register,
      user: { id: ctx.userId, username: ctx.username },
      deliveryId,
    };
    return { row, ctx, replayed: false as const };
  });
  if (done.replayed) return { payment: await serializedPayment(db, done.ctx.shopId, done.paymentId, lang), replayed: true };
  return { payment: serializePayment(done.row, lang), replayed: false };
}

/**
 * Locks a payment's invoice, then the payment (the order every payment write takes), and
 * refuses a voided payment or a deleted invoice.
 */
async function lockPayment(tx: Db, actor: Actor, id: number) {
  const { row: found, ctx } = await findInMyShops(tx, actor, payments, id);
  const invoice = await lockInvoice(tx, ctx.shopId, found.invoiceId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!invoice || invoice.deletedAt || !payment) throw new AppError('NOT_FOUND');
  if (payment.voidedAt) throw new AppError('PAYMENT_VOIDED');
  // A closed day's payments stay as they were counted (DECISIONS §12).
  await assertDayOpen(tx, ctx.shopId, payment.cashRegisterId, payment.createdAt);
  return { ctx, invoice, payment };
}

const auditAmounts = (p: typeof payments.$inferSelect) => ({
  method: p.method,
  reference: p.reference,
  handedFcfa: p.handedFcfa,
  appliedFcfa: p.appliedFcfa,
  changeFcfa: p.changeFcfa,
});

/**
 * PUT /api/payements/{id} (directors): corrects a payment's amount, method or reference; the
 * invoice is recomputed from its payments, and an audit record keeps before and after.
 */
export async function correctPayment(
  db: Db,
  actor: Actor,
  id: number,
  input: { montantPaye: number; montant?: number | null | undefined; methode: PaymentMethod; reference: string | null },
  lang: Language,
): Promise<Payment> {
  const shopId = await db.transaction(async (tx) => {
    await lockShopSalesOf(tx, 'payments', id);
    const { ctx, invoice, payment } = await lockPayment(tx, actor, id);
    // What is left to pay without this payment is what the corrected one may apply.
    const dueFcfa = invoice.remainingFcfa + payment.appliedFcfa;
    // Without the amount handed over, a correction above what is due would record change nobody
    // handed (and the day's cash received with it): it names the amount paid, at most what is due.
    if ((input.montant === null || input.montant === undefined) && input.montantPaye > dueFcfa) {
      throw new AppError('PAYMENT_CORRECTION_ABOVE_DUE', { details: [{ field: 'body.montantPaye' }], params: { due: formatFcfa(dueFcfa) } });
    }
    const outcome = outcomeOf({
      remainingFcfa: dueFcfa,
      payingFcfa: input.montantPaye,
      handedFcfa: input.montant,
      method: input.methode,
      reference: input.reference,
    });
    const [updated] = await tx
      .update(payments)
      .set({
        method: input.methode,
        reference: input.reference,
        handedFcfa: outcome.appliedFcfa + outcome.changeFcfa,
        appliedFcfa: outcome.appliedFcfa,
        changeFcfa: outcome.changeFcfa,
        // Provisional: recomputeInvoice sets every live payment's remainder in order.
        remainingAfterFcfa: 0,
      })
      .where(eq(payments.id, id))
      .returning();
    const after = await recomputeInvoice(tx, invoice);
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'payment.correct',
      entity: 'payment',
      entityId: id,
      before: { ...auditAmounts(payment), invoice: { paidFcfa: invoice.paidFcfa, remainingFcfa: invoice.remainingFcfa } },
      after: { ...auditAmounts(updated!), invoice: { paidFcfa: after.paidFcfa, remainingFcfa: after.remainingFcfa } },
    });
    return ctx.shopId;
  });
  return serializedPayment(db, shopId, id, lang);
}

/** DELETE /api/payements/{id} (directors): voids the payment (its row stays), recomputes the invoice, keeps an audit record. */
export async function voidPayment(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShopSalesOf(tx, 'payments', id);
    const { ctx, invoice, payment } = await lockPayment(tx, actor, id);
    const now = new Date();
    await tx.update(payments).set({ voidedAt: now, voidedBy: ctx.userId }).where(eq(payments.id, id));
    const after = await recomputeInvoice(tx, invoice);
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'payment.void',
      entity: 'payment',
      entityId: id,
      before: { ...auditAmounts(payment), invoice: { paidFcfa: invoice.paidFcfa, remainingFcfa: invoice.remainingFcfa } },
      after: { voidedAt: now.toISOString(), invoice: { paidFcfa: after.paidFcfa, remainingFcfa: after.remainingFcfa } },
    });
  });
}
