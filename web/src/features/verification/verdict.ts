/** What the verification page says of a document's status (issue 21: valid, corrected, cancelled). */
export type Verdict = 'valid' | 'corrected' | 'cancelled';

/** The invoice statuses (emise, corrigee, annulee) and their English names both map to the verdict. */
export function verdictOf(status: string): Verdict {
  switch (status) {
    case 'corrigee':
    case 'corrected':
      return 'corrected';
    case 'annulee':
    case 'cancelled':
      return 'cancelled';
    default:
      return 'valid';
  }
}

/** A code as a QR carries it: letters, digits, `-` and `_`, 8 to 128 of them; anything else is not looked up. */
export function isPlausibleCode(code: string | undefined): code is string {
  return typeof code === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(code);
}
