import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { frenchOf, LANGUAGES, toLanguage, type Language } from '@app/common/languages';
import i18next, { type TFunction } from 'i18next';

const require = createRequire(import.meta.url);
/** Every catalogue of common/locales: errors, mails, and each feature's words for its documents. */
const NAMESPACES = fs
  .readdirSync(path.dirname(require.resolve('@app/common/locales/fr/errors.json')))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

function load(lang: Language, ns: string): Record<string, unknown> {
  return require(`@app/common/locales/${lang}/${ns}.json`) as Record<string, unknown>;
}

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, Object.fromEntries(NAMESPACES.map((ns) => [ns, load(lang, ns)]))]),
);

/** The same catalogues as the web (common/locales), for API messages and mails. */
const instance = i18next.createInstance();
void instance.init({
  resources,
  fallbackLng: 'fr',
  ns: [...NAMESPACES],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  initAsync: false,
});
// `{{shop, de}}`: « de Boutique Plateau », « d’Awa Mode » (common/languages.ts).
instance.services.formatter?.add('de', (value: unknown, lng: string | undefined) =>
  lng === 'fr' ? frenchOf(String(value)) : String(value),
);

export function translator(lang: Language): TFunction {
  return instance.getFixedT(lang);
}

/** The caller's language: `?lang=`, then Accept-Language, then fr. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>, query?: unknown): Language {
  const fromQuery = typeof query === 'object' && query && 'lang' in query ? String((query as { lang: unknown }).lang) : undefined;
  if (fromQuery) return toLanguage(fromQuery);
  const header = headers['accept-language'];
  return toLanguage(Array.isArray(header) ? header[0] : header);
}
