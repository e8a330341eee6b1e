import { createRequire } from 'node:module';
import { LANGUAGES, toLanguage, type Language } from '@app/common/languages';
import i18next, { type TFunction } from 'i18next';

const require = createRequire(import.meta.url);
const NAMESPACES = ['errors', 'common', 'mail'] as const;

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
