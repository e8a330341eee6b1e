import { isLanguage, type Language } from '@app/common/languages';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { currentLanguage } from './i18n';
import { withLang } from './lang-path';

/** The language of the current URL (`/{lang}/...`). */
export function useLang(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : currentLanguage();
}

/** Builds links under the current language: `to('app/accueil')` → `/fr/app/accueil`. */
export function useLangPath(): (path?: string) => string {
  const lang = useLang();
  return useCallback((path?: string) => withLang(lang, path), [lang]);
}
