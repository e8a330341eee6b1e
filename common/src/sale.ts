/**
 * The amounts of a sale (DECISIONS §6, §12, §13), one set of pure functions that the server uses to
 * record and the web to show: what the till shows is what the server will record. Whole FCFA only.
 */
import { INVOICE_TYPE } from './contracts/invoice-types.js';
import { givesChange, isSettled, needsReference, type PaymentMethod } from './payments.js';
import { vatBreakdown } from './vat.js';

export { isSettled };

/**
 * When goods may leave (DECISIONS §6, README « Livraisons »): a sale on account (Crédit) may be
 * delivered before it is paid, since the client owes it by name; every other sale (Comptant and a
 * shop's own types) is delivered only once settled, so goods never leave a cash sale half paid.
 */
export function mayDeliverUnpaid(typeId: number): boolean {
  return typeId === INVOICE_TYPE.credit;
}

/** Paid enough to be delivered: settled, or a sale on account. */
export function paidForDelivery(invoice: { typeId: number; settled: boolean }): boolean {
  return invoice.settled || mayDeliverUnpaid(invoice.typeId);
}

export type SaleLine = { quantity: number; unitPriceFcfa: number };

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole FCFA ${what}: ${value}`);
}

/** A line's amount: quantity x unit price. */
export function lineTotalFcfa(line: SaleLine): number {
  assertAmount(line.quantity, 'quantity');
  assertAmount(line.unitPriceFcfa, 'price');
  return line.quantity * line.unitPriceFcfa;
}

export type SaleAmounts = { subtotalFcfa: number; discountFcfa: number; totalFcfa: number };
export type SaleAmountsRefusal = 'DISCOUNT_TOO_HIGH' | 'AMOUNT_TOO_LARGE';

/**
 * How the sale's prices stand with VAT (DECISIONS §14). Absent, or `pricesIncludeVat` true: the
 * prices are what the customer pays. `pricesIncludeVat` false (a shop subject to VAT whose shelf
 * prices are without VAT): the VAT of each line's `rateBp` (common/vat.ts) is added on top.
 * A sale made offline is priced as its device charged it: always `pricesIncludeVat` true.
 */
export type SaleVat = { pricesIncludeVat: boolean };

/**
 * The one amounts rule of a sale, for the till and the server alike.
 * Prices VAT included (or no VAT): total = sum of lines - discount.
 * Prices VAT excluded: total = the total with VAT of common/vat.ts (the VAT rounded once per rate
 * after the discount), and subtotal = total + discount, so that total = subtotal - discount holds.
 * The discount cannot exceed the sum of the lines (DECISIONS §6).
 */
export function saleAmounts(
  lines: readonly (SaleLine & { rateBp?: number | null })[],
  discountFcfa: number,
  vat?: SaleVat,
): SaleAmounts | { refused: SaleAmountsRefusal; max?: number } {
  assertAmount(discountFcfa, 'discount');
  let subtotalFcfa = 0;
  for (const line of lines) subtotalFcfa += lineTotalFcfa(line);
  if (!Number.isSafeInteger(subtotalFcfa)) return { refused: 'AMOUNT_TOO_LARGE' };
  if (discountFcfa > subtotalFcfa) return { refused: 'DISCOUNT_TOO_HIGH', max: subtotalFcfa };
  if (vat && !vat.pricesIncludeVat) {
    const breakdown = vatBreakdown(
      lines.map((l) => ({ quantity: l.quantity, unitPriceFcfa: l.unitPriceFcfa, rateBp: l.rateBp ?? null })),
      discountFcfa,
      false,
    );
    if (!Number.isSafeInteger(breakdown.totalTtcFcfa + discountFcfa)) return { refused: 'AMOUNT_TOO_LARGE' };
    return { subtotalFcfa: breakdown.totalTtcFcfa + discountFcfa, discountFcfa, totalFcfa: breakdown.totalTtcFcfa };
  }
  return { subtotalFcfa, discountFcfa, totalFcfa: subtotalFcfa - discountFcfa };
}

/** The one rule for the remainder (reste): total - what was applied, never below 0. */
export function remainderFcfa(totalFcfa: number, paidFcfa: number): number {
  assertAmount(totalFcfa, 'total');
  assertAmount(paidFcfa, 'paid amount');
  if (paidFcfa > totalFcfa) throw new RangeError(`paid ${paidFcfa} above the total ${totalFcfa}`);
  return totalFcfa - paidFcfa;
}

export type SalePaymentInput = { method: PaymentMethod; handedFcfa: number; reference?: string | null };
export type SettledPayment = {
  method: PaymentMethod;
  reference: string | null;
  /** What was handed over (montant). */
  handedFcfa: number;
  /** What goes to the invoice (montantPaye). */
  appliedFcfa: number;
  /** Given back (reliquat): only cash. */
  changeFcfa: number;
  /** The invoice's remainder after this payment (reste). */
  remainingAfterFcfa: number;
};
export type SaleSettlement = {
  payments: SettledPayment[];
  paidFcfa: number;
  changeFcfa: number;
  remainingFcfa: number;
  settled: boolean;
};
export type SettlementRefusal =
  | 'PAYMENT_REFERENCE_REQUIRED'
  | 'PAYMENT_EXCEEDS_REMAINDER'
  | 'PAYMENT_NOTHING_DUE'
  | 'PAYMENT_AMOUNT_INVALID';

/**
 * Several payments of one sale against its total (split payment, DECISIONS §12, §13). Payments
 * other than cash are applied first, in the order given: they move exactly what they pay, so
 * together they may not exceed the total. Cash comes last and covers what is left; only cash gives
 * change (reliquat = handed - applied). A payment that would apply nothing (the total is already
 * covered) is refused, so that every recorded payment pays something. `index` names the refused
 * payment in the input's order.
 */
export function settleSale(
  totalFcfa: number,
  input: readonly SalePaymentInput[],
): SaleSettlement | { refused: SettlementRefusal; index: number } {
  assertAmount(totalFcfa, 'total');
  const order = input.map((payment, index) => ({ payment, index }));
  order.sort((a, b) => Number(a.payment.method === 'cash') - Number(b.payment.method === 'cash') || a.index - b.index);
  let remaining = totalFcfa;
  let changeFcfa = 0;
  const settled: { at: number; payment: SettledPayment }[] = [];
  for (const { payment, index } of order) {
    const handed = payment.handedFcfa;
    if (!Number.isSafeInteger(handed) || handed <= 0) return { refused: 'PAYMENT_AMOUNT_INVALID', index };
    const reference = payment.reference?.trim() || null;
    if (needsReference(payment.method) && !reference) return { refused: 'PAYMENT_REFERENCE_REQUIRED', index };
    if (remaining === 0) return { refused: 'PAYMENT_NOTHING_DUE', index };
    const applied = Math.min(handed, remaining);
    const change = handed - applied;
    if (change > 0 && !givesChange(payment.method)) return { refused: 'PAYMENT_EXCEEDS_REMAINDER', index };
    remaining -= applied;
    changeFcfa += change;
    settled.push({
      at: index,
      payment: { method: payment.method, reference, handedFcfa: handed, appliedFcfa: applied, changeFcfa: change, remainingAfterFcfa: remaining },
    });
  }
  return {
    payments: settled.map((s) => s.payment),
    paidFcfa: totalFcfa - remaining,
    changeFcfa,
    remainingFcfa: remaining,
    settled: isSettled(remaining),
  };
}

/**
 * The quick amounts of the cash pad (issue "fast till"): the exact amount, then the next 500, the
 * next 1 000, and the 2 000, 5 000 and 10 000 notes (rounded up to the next such note when the
 * total is above), without repeats, ascending.
 */
export function quickCashAmounts(totalFcfa: number): number[] {
  assertAmount(totalFcfa, 'total');
  if (totalFcfa === 0) return [];
  const up = (step: number) => Math.ceil(totalFcfa / step) * step;
  const amounts = [totalFcfa, up(500), up(1000), up(2000), up(5000), up(10000)];
  return [...new Set(amounts)].sort((a, b) => a - b);
}
