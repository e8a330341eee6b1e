/** Whole FCFA (XOF/XAF have no minor unit in use): integers only, formatted the French way. */
const groupFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * `15 000 FCFA` in both languages. `Intl` groups with U+202F, which the PDF standard fonts
 * lack, so `forPdf` swaps it for U+00A0.
 */
export function formatFcfa(amountFcfa: number, options: { forPdf?: boolean } = {}): string {
  if (!Number.isSafeInteger(amountFcfa)) throw new RangeError(`not a whole FCFA amount: ${amountFcfa}`);
  const grouped = groupFr.format(amountFcfa).replace(/\u202f/g, options.forPdf ? '\u00a0' : '\u202f');
  return `${grouped}\u00a0FCFA`;
}
