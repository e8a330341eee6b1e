import type { Language } from '@app/common/languages';
import { formatRate, presetRates } from '../../lib/legal-countries';
import type { LegalIdentity as Identity } from '@app/common/contracts/legal';

/**
 * The article dialog's VAT choices (issue 21): the shop's rates (its country's preset when it
 * has none yet), the article's own rate if the shop no longer lists it, and "exempt".
 */
export function vatSelectOptions(
  identity: Identity,
  current: number | null | undefined,
  lang: Language,
  exemptLabel: string,
): { value: string; label: string }[] {
  const rates = identity.tauxTva.length > 0 ? [...identity.tauxTva] : presetRates(identity.pays);
  if (typeof current === 'number' && !rates.includes(current)) rates.push(current);
  return [
    ...rates.map((rate) => ({ value: String(rate), label: formatRate(rate, lang) })),
    { value: 'exempt', label: exemptLabel },
  ];
}

/** What an article without a chosen rate gets: the shop's standard (first) rate when subject, exempt otherwise. */
export function defaultVatLabel(identity: Identity, lang: Language, exemptLabel: string): string {
  const standard = identity.tauxTva[0];
  return identity.assujettiTva && standard !== undefined ? formatRate(standard, lang) : exemptLabel;
}

/** An article's rate in a list: `18 %`, "Exonéré", or nothing when the answer has no rate. */
export function vatLabel(rate: number | null | undefined, lang: Language, exemptLabel: string): string {
  return rate === undefined ? '' : rate === null ? exemptLabel : formatRate(rate, lang);
}
