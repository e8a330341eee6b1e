/** The largest price of an article and the largest amount typed in one payment (13 digits). */
export const MAX_AMOUNT_FCFA = 1_000_000_000_000;

/** Whole FCFA (XOF/XAF have no minor unit in use): integers only, formatted the French way. */
const groupFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * `15 000 FCFA` in both languages. `Intl` groups with U+202F, which the PDF standard fonts
 * lack, so `forPdf` swaps it for U+00A0.
 */
export function formatFcfa(amountFcfa: number, options: { forPdf?: boolean } = {}): string {
  return `${groupFcfa(amountFcfa, options)}\u00a0FCFA`;
}

/** The amount's digits grouped the French way (`15 000`), without the unit: for a screen that sets the unit apart. */
export function groupFcfa(amountFcfa: number, options: { forPdf?: boolean } = {}): string {
  if (!Number.isSafeInteger(amountFcfa)) throw new RangeError(`not a whole FCFA amount: ${amountFcfa}`);
  return groupFr.format(amountFcfa).replace(/\u202f/g, options.forPdf ? '\u00a0' : '\u202f');
}

/** Days of a plan year: registration offers 365, 730 or 1095 days; the admin 1 to 4 years of 365. */
export const DAYS_PER_YEAR = 365;

/**
 * The price of a plan for a period (DECISIONS §2), the one rule of registration, the admin's
 * plan-and-period dialog and the screens that show the amount: the yearly price times the whole
 * years, and for a period that is not whole years the yearly price pro rata of its days, rounded
 * to the nearest FCFA (365 being odd, no period lands on exactly half a franc). Null when the plan has no list price (Personaliser is quoted).
 */
export function planPriceFcfa(yearlyPriceFcfa: number | null | undefined, days: number): number | null {
  if (yearlyPriceFcfa === null || yearlyPriceFcfa === undefined) return null;
  if (!Number.isSafeInteger(yearlyPriceFcfa) || yearlyPriceFcfa < 0)
    throw new RangeError(`not a yearly price: ${yearlyPriceFcfa}`);
  if (!Number.isSafeInteger(days) || days <= 0) throw new RangeError(`not a period in days: ${days}`);
  // Whole integers throughout: floor((2·price·days + 365) / 730) is price·days/365 rounded to the
  // nearest, and subtracting the remainder first keeps the division exact.
  const halfUp = 2 * yearlyPriceFcfa * days + DAYS_PER_YEAR;
  if (!Number.isSafeInteger(halfUp)) throw new RangeError(`price out of range: ${yearlyPriceFcfa} × ${days} days`);
  return (halfUp - (halfUp % (2 * DAYS_PER_YEAR))) / (2 * DAYS_PER_YEAR);
}
