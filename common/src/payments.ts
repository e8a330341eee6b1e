/**
 * The payment rules of DECISIONS §6 and §12, shared by the server (which alone decides) and the
 * pay dialogs (which show the same figures before sending). Whole FCFA only.
 */
export const PAYMENT_METHODS = ['cash', 'orange_money', 'wave', 'mtn_momo', 'moov_money', 'card', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Mobile money and card payments carry the operator's transaction reference. */
export const REFERENCE_METHODS: readonly PaymentMethod[] = ['orange_money', 'wave', 'mtn_momo', 'moov_money', 'card'];

export function needsReference(method: PaymentMethod): boolean {
  return REFERENCE_METHODS.includes(method);
}

/** Only cash gives change (reliquat): an operator or a card moves exactly what is paid. */
export function givesChange(method: PaymentMethod): boolean {
  return method === 'cash';
}

/** The one rule for "settled" (solde): nothing is left to pay. */
export function isSettled(remainingFcfa: number): boolean {
  return remainingFcfa === 0;
}

export type PaymentOutcome = {
  /** What goes to the invoice: min(amount to pay, remainder). */
  appliedFcfa: number;
  /** Handed over minus applied (reliquat). */
  changeFcfa: number;
  /** The invoice's remainder after this payment (reste). */
  remainingFcfa: number;
  /** solde: true at 0. */
  settled: boolean;
};

export type PaymentRefusal = 'INVOICE_SETTLED' | 'PAYMENT_EXCEEDS_REMAINDER' | 'PAYMENT_HANDED_TOO_LOW';

/**
 * One payment on an invoice whose remainder is `remainingFcfa` (DECISIONS §6). `payingFcfa` is
 * the amount paid toward the invoice (montantPaye); `handedFcfa` what was handed over (montant,
 * the cashier variant; the amount paid when absent). Applied = min(paying, remainder);
 * change = handed - applied, only for cash: any other method must not exceed the remainder nor
 * hand over more than it pays.
 */
export function paymentOutcome(input: {
  remainingFcfa: number;
  payingFcfa: number;
  handedFcfa?: number | null | undefined;
  method: PaymentMethod;
}): PaymentOutcome | { refused: PaymentRefusal } {
  const { remainingFcfa, payingFcfa, method } = input;
  const handedFcfa = input.handedFcfa ?? payingFcfa;
  for (const value of [remainingFcfa, payingFcfa, handedFcfa]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole FCFA amount: ${value}`);
  }
  if (payingFcfa <= 0) throw new RangeError('a payment pays something');
  if (remainingFcfa === 0) return { refused: 'INVOICE_SETTLED' };
  if (handedFcfa < payingFcfa) return { refused: 'PAYMENT_HANDED_TOO_LOW' };
  const appliedFcfa = Math.min(payingFcfa, remainingFcfa);
  const changeFcfa = handedFcfa - appliedFcfa;
  if (changeFcfa > 0 && !givesChange(method)) return { refused: 'PAYMENT_EXCEEDS_REMAINDER' };
  const remaining = remainingFcfa - appliedFcfa;
  return { appliedFcfa, changeFcfa, remainingFcfa: remaining, settled: isSettled(remaining) };
}

/** The settled-invoice dialog (seed 001 §4): what is given back = remitted - paid, never below 0. */
export function changeDue(remittedFcfa: number, paidFcfa: number): number {
  return Math.max(0, remittedFcfa - paidFcfa);
}
