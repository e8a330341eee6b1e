import { DEFAULT_LANGUAGE, frenchOf, LANGUAGES, type Language, isLanguage } from '@app/common/languages';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Namespaces every screen needs; the others load with the screen that uses them. */
export const BASE_NAMESPACES = ['common', 'errors'] as const;
export const LANG_STORAGE_KEY = 'lang';

// One catalogue for web, PDFs and mails (common/locales); each file is its own small chunk.
const catalogues = import.meta.glob<Record<string, unknown>>('../../../common/locales/*/*.json', { import: 'default' });

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = catalogues[`../../../common/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Starts i18next with the base catalogues and `more` (the first screen's) of `language`. */
export async function initI18n(language: Language, more: readonly string[] = []): Promise<void> {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // fr and en have the same keys (checked by a test): no fallback catalogue to download.
      fallbackLng: false,
      load: 'languageOnly',
      ns: [...BASE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  // `{{shop, de}}`: « de Boutique Plateau », « d’Awa Mode » (common/languages.ts).
  i18n.services.formatter?.add('de', (value: unknown, lng: string | undefined) =>
    lng === 'fr' ? frenchOf(String(value)) : String(value),
  );
  document.documentElement.lang = language;
  if (more.length > 0) await i18n.loadNamespaces([...more]);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, language);
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
