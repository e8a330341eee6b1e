import { createRequire } from 'node:module';
import type { Country } from '@app/common/contracts/clients';
import { LANGUAGES, type Language } from '@app/common/languages';
import countries from 'i18n-iso-countries/index.js';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';

// The library's core without its Node entry, which would load every one of its ~80 locales.
const require = createRequire(import.meta.url);
for (const lang of LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as countries.LocaleData);

const cache = new Map<Language, Country[]>();

/**
 * Countries with names from i18n-iso-countries and dial prefixes from libphonenumber-js
 * (maintained data, not a hand-typed list), sorted by name in the caller's language. Only
 * countries with a calling code are listed: registration validates the phone against it.
 */
export function listCountries(lang: Language): Country[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const names = countries.getNames(lang, { select: 'official' });
  const collator = new Intl.Collator(lang);
  const list = Object.entries(names)
    .filter(([id]) => isSupportedCountry(id))
    .map(([id, nom]) => ({ id, nom, indicatif: `+${getCountryCallingCode(id as Parameters<typeof getCountryCallingCode>[0])}` }))
    .sort((a, b) => collator.compare(a.nom, b.nom));
  cache.set(lang, list);
  return list;
}
