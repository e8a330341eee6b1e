import type { Page } from '@app/common/contracts/paging';
import type { Payment, PaymentInput } from '@app/common/contracts/payments';
import { todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { needsReference, paymentOutcome, type PaymentMethod } from '@app/common/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSalesOf } from '../../db/sales-lock.js';
import { auditLog, invoices, payments } from '../../db/schema/index.js';
import { findInMyShops, visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { paymentCashRegister } from '../cash-registers/cash-registers.service.js';
import { assertDayOpen } from '../closings/closings.service.js';
import { recordDelivery } from '../deliveries/deliveries.service.js';
import { mayDeliver, mayPay, PROFORMA_TYPE_ID, serializeInvoiceSummary } from './invoice-summary.service.js';
import {
  findPaymentRow,
  insertPayment,
  isDayClosed,
  listPayments,
  lockInvoice,
  paymentByKey,
  paymentRefs,
  paymentsOfInvoice,
  recomputeInvoice,
  type PaymentRow,
} from './payments.queries.js';

function serialize(row: PaymentRow, lang: Language): Payment {
  const { payment } = row;
  return {
    idPayement: payment.id,
    idPaiement: payment.id,
    caisse: { idCaisse: row.register.id, libelle: row.register.libelle },
    datePaiement: payment.createdAt.toISOString(),
    createdAt: payment.createdAt.toISOString(),
    facture: serializeInvoiceSummary(row, lang),
    montant: payment.handedFcfa,
    montantPaye: payment.appliedFcfa,
    reliquat: payment.changeFcfa,
    reste: payment.remainingAfterFcfa,
    solde: payment.remainingAfterFcfa === 0,
    methode: payment.method,
    reference: payment.reference,
    annule: payment.voidedAt !== null,
    user: { idUser: row.user.id, username: row.user.username },
    idLivraison: row.deliveryId,
  };
}

async function serialized(db: Db, shopId: number, paymentId: number, lang: Language): Promise<Payment> {
  const row = await findPaymentRow(db, shopId, paymentId);
  if (!row) throw new AppError('NOT_FOUND');
  return serialize(row, lang);
}

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
 * GET /api/check/commande/{id} (DECISIONS §6): true when the invoice exists in the caller's shop
 * (and is one they may pay or deliver), is live, not a proforma, and has a remainder (for a
 * payment) or is not yet delivered (for a delivery); otherwise an error saying why. Without a
 * purpose (the old client), it passes while something is left to do.
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
  if (purpose === undefined && invoice.settled && invoice.delivered) throw new AppError('INVOICE_SETTLED');
  return true;
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
    if (idempotencyKey) {
      const previous = await paymentByKey(tx, ctx.shopId, idempotencyKey);
      if (previous) {
        if (previous.invoiceId !== invoice.id) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return { paymentId: previous.id, ctx, replayed: true as const };
      }
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
    const deliveryId = input.livrer ? await recordDelivery(tx, ctx, invoice, input.chauffeure) : refs.deliveryId;
    // The answer from the rows just written (what findPaymentRow would read back after the commit).
    const row: PaymentRow = {
      payment: { ...values, id: written.id, createdAt: written.createdAt, voidedAt: null, voidedBy: null },
      invoice: { ...invoice, ...after, delivered: invoice.delivered || Boolean(input.livrer) },
      invoiceType: refs.invoiceType,
      client: invoice.clientId === null ? null : refs.client,
      register: refs.register,
      user: { id: ctx.userId, username: ctx.username },
      deliveryId,
    };
    return { row, ctx, replayed: false as const };
  });
  if (done.replayed) return { payment: await serialized(db, done.ctx.shopId, done.paymentId, lang), replayed: true };
  return { payment: serialize(done.row, lang), replayed: false };
}

/** GET /api/paiements_facture/{id}: every payment of an invoice the caller may pay (voided ones marked). */
export async function invoicePayments(db: Db, actor: Actor, invoiceId: number, lang: Language): Promise<Payment[]> {
  const { row: invoice, ctx } = await findInMyShops(db, actor, invoices, invoiceId);
  if (!mayPay(ctx, invoice)) throw new AppError('NOT_FOUND');
  return (await paymentsOfInvoice(db, ctx.shopId, invoiceId)).map((row) => serialize(row, lang));
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
    rows.map((row) => serialize(row, lang)),
    total,
    input.page,
  );
}

export async function findMyPayment(db: Db, actor: Actor, id: number) {
  return (await findInMyShops(db, actor, payments, id)).row;
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
    const outcome = outcomeOf({
      remainingFcfa: invoice.remainingFcfa + payment.appliedFcfa,
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
  return serialized(db, shopId, id, lang);
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
