import type { Language } from '@app/common/languages';

/**
 * The FCFA-zone countries a shop may name in its legal identity (DECISIONS §14), with the name
 * their tax office gives the tax id and the VAT rates preset when the director picks one. The
 * presets are a starting point the director edits (the server keeps what is saved).
 */
export type CountryPreset = { code: string; taxIdName: string; vatRates: number[] };

export const LEGAL_COUNTRIES: readonly CountryPreset[] = [
  { code: 'SN', taxIdName: 'NINEA', vatRates: [18] },
  { code: 'CI', taxIdName: 'NCC', vatRates: [18] },
  { code: 'CM', taxIdName: 'NIU', vatRates: [19.25] },
  { code: 'BJ', taxIdName: 'IFU', vatRates: [18] },
  { code: 'BF', taxIdName: 'IFU', vatRates: [18] },
  { code: 'ML', taxIdName: 'NIF', vatRates: [18] },
  { code: 'NE', taxIdName: 'NIF', vatRates: [18] },
  { code: 'TG', taxIdName: 'NIF', vatRates: [18] },
  { code: 'GA', taxIdName: 'NIF', vatRates: [18] },
  { code: 'TD', taxIdName: 'NIF', vatRates: [18] },
  { code: 'CG', taxIdName: 'NIF', vatRates: [18] },
  { code: 'CF', taxIdName: 'NIF', vatRates: [19] },
];

export const DEFAULT_COUNTRY = 'SN';

/** NINEA in Senegal, NCC in Côte d'Ivoire, NIU in Cameroon, IFU in Benin and Burkina Faso, NIF elsewhere. */
export function taxIdName(country: string | null | undefined): string {
  return LEGAL_COUNTRIES.find((c) => c.code === country)?.taxIdName ?? 'NIF';
}

/** The rates preset for a country; 18 % when the country has no preset. */
export function presetRates(country: string | null | undefined): number[] {
  return [...(LEGAL_COUNTRIES.find((c) => c.code === country)?.vatRates ?? [18])];
}

/** A rate as people write it: `18 %`, `19,25 %` in French, `19.25%` in English. */
export function formatRate(rate: number, lang: Language): string {
  const number = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }).format(rate);
  return lang === 'fr' ? `${number}\u00a0%` : `${number}%`;
}

/** Country options for a select, named in the screen's language and sorted by that name. */
export function countryOptions(lang: Language): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return LEGAL_COUNTRIES.map((c) => ({ value: c.code, label: names.of(c.code) ?? c.code })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}
