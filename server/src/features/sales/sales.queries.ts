import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashRegisters, invoices, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createDefaultCashRegister } from '../cash-registers/cash-registers.service.js';

/**
 * The register a sale's payments go to (the shop's default one when none is chosen; made first if
 * the shop has none), share-locked so that its day cannot be closed until the sale commits.
 */
export async function saleRegister(tx: Db, shopId: number, chosenId: number | null): Promise<{ id: number; libelle: string }> {
  const find = async () => {
    const [row] = await tx
      .select({ id: cashRegisters.id, libelle: cashRegisters.libelle })
      .from(cashRegisters)
      .where(
        and(
          eq(cashRegisters.shopId, shopId),
          isNull(cashRegisters.deletedAt),
          chosenId === null ? eq(cashRegisters.isDefault, true) : eq(cashRegisters.id, chosenId),
        ),
      )
      .for('share');
    return row;
  };
  let row = await find();
  if (!row && chosenId === null) {
    await createDefaultCashRegister(tx, shopId);
    row = await find();
  }
  if (!row) throw new AppError('NOT_FOUND', { details: [{ field: 'body.caisse' }] });
  return row;
}

export type SalePaymentRow = Pick<
  typeof payments.$inferSelect,
  'id' | 'method' | 'reference' | 'handedFcfa' | 'appliedFcfa' | 'changeFcfa' | 'remainingAfterFcfa' | 'createdAt'
>;

/** The device's id and time of a sale, and its live payments in the order they were applied. */
export async function saleOfInvoice(db: Db, shopId: number, invoiceId: number) {
  const [[invoice], paid] = await Promise.all([
    db
      .select({ saleId: invoices.idempotencyKey, soldAt: invoices.createdAt, lateSoldAt: invoices.lateSoldAt })
      .from(invoices)
      .where(and(eq(invoices.shopId, shopId), eq(invoices.id, invoiceId))),
    db
      .select({
        id: payments.id,
        method: payments.method,
        reference: payments.reference,
        handedFcfa: payments.handedFcfa,
        appliedFcfa: payments.appliedFcfa,
        changeFcfa: payments.changeFcfa,
        remainingAfterFcfa: payments.remainingAfterFcfa,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(eq(payments.shopId, shopId), eq(payments.invoiceId, invoiceId), isNull(payments.voidedAt)))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  if (!invoice) throw new AppError('NOT_FOUND');
  // A late sale's real device time (DECISIONS §13), not the open day it was recorded on.
  return { saleId: invoice.saleId, soldAt: invoice.lateSoldAt ?? invoice.soldAt, payments: paid };
}
