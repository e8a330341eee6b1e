import type { Language } from '@app/common/languages';
import { bpToPercent, taxIdLabel, VAT_PRESETS_BP, vatPresetBp } from '@app/common/vat';

/** The FCFA-zone countries a shop may name in its legal identity (DECISIONS §14): those with a VAT preset. */
export const LEGAL_COUNTRY_CODES: readonly string[] = Object.keys(VAT_PRESETS_BP);

/** NINEA in Senegal, NCC in Côte d'Ivoire, NIU in Cameroon, IFU in Benin and Burkina Faso, NIF elsewhere. */
export function taxIdName(country: string | null | undefined): string {
  return taxIdLabel(country ?? '');
}

/** The rates preset for a country in percent (a fresh copy the form may change). */
export function presetRates(country: string | null | undefined): number[] {
  return vatPresetBp(country ?? '').map(bpToPercent);
}

/** A rate as people write it: `18 %`, `19,25 %` in French, `19.25%` in English. */
export function formatRate(rate: number, lang: Language): string {
  const number = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }).format(rate);
  return lang === 'fr' ? `${number}\u00a0%` : `${number}%`;
}

/** Country options for a select, named in the screen's language and sorted by that name. */
export function countryOptions(lang: Language): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return LEGAL_COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}
