import { PAYMENT_METHODS, type PaymentMethod } from './payments.js';

/**
 * The figures of a register's day (clôture de caisse, DECISIONS §12), shared by the server (which
 * alone decides and stores them) and the closing screen (which shows the difference live while
 * the cashier types the counted cash). Whole FCFA only.
 *
 * Only cash lands in the drawer: expected cash = opening float + cash handed over by customers
 * - change given back (reliquat). Cash handed over = cash applied to invoices + change, so the
 * expected cash is also float + cash applied.
 */
export type ClosingFigures = {
  /** Cash handed over by customers (montant of the cash payments). */
  cashReceivedFcfa: number;
  expectedCashFcfa: number;
  /** counted - expected: below 0 the drawer is short, above 0 it holds too much. */
  differenceFcfa: number | null;
};

export function closingFigures(input: {
  openingFloatFcfa: number;
  /** Amounts applied to invoices, per method. */
  totalsByMethod: Partial<Record<PaymentMethod, number>>;
  changeGivenFcfa: number;
  countedCashFcfa: number | null;
}): ClosingFigures {
  const cashApplied = input.totalsByMethod.cash ?? 0;
  const cashReceivedFcfa = cashApplied + input.changeGivenFcfa;
  const expectedCashFcfa = input.openingFloatFcfa + cashReceivedFcfa - input.changeGivenFcfa;
  const differenceFcfa = input.countedCashFcfa === null ? null : input.countedCashFcfa - expectedCashFcfa;
  return { cashReceivedFcfa, expectedCashFcfa, differenceFcfa };
}

/** Every method, in the order of DECISIONS §12, with 0 for the ones not used that day. */
export function allMethods(totals: Partial<Record<PaymentMethod, number>>): { methode: PaymentMethod; montant: number }[] {
  return PAYMENT_METHODS.map((methode) => ({ methode, montant: totals[methode] ?? 0 }));
}
