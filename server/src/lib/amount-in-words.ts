import { toCardinal } from 'n2words/fr-FR';

/**
 * A whole FCFA amount in French words (n2words, a maintained library), as the zone's invoices
 * write it in French whatever the document's language: "quatre mille cinq cents francs CFA",
 * "un million de francs CFA" (a round million, milliard, billion or billiard takes "de"), "zéro franc CFA" and "un franc CFA"
 * (singular below two).
 */
export function fcfaInWords(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not a whole FCFA amount: ${amount}`);
  const words = toCardinal(amount);
  // French puts the noun in the singular below two: "zéro franc", "un franc", "deux francs".
  const unit = amount < 2 ? 'franc CFA' : 'francs CFA';
  return `${words}${/(million|milliard|billion|billiard)s?$/.test(words) ? ' de' : ''} ${unit}`;
}

/** The closing sentence of an invoice or a credit note: « de » elides before « un » (« à la somme d'un million de francs CFA »). */
export function closingSentence(kind: 'facture' | 'avoir' | 'proforma', amount: number): string {
  const opening = kind === 'facture' ? 'Arrêtée la présente facture' : kind === 'proforma' ? 'Arrêtée la présente facture proforma' : 'Arrêté le présent avoir';
  const words = fcfaInWords(amount);
  return `${opening} à la somme ${/^un\b/.test(words) ? "d'" : 'de '}${words}`;
}
