import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/common/languages';

/** The language segment of a path (`/en/app/accueil` → `en`), or null when there is none. */
export function langFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : null;
}

/** `/{lang}/{path}`: every route of the app lives under a language segment (seed 000 §2). */
export function withLang(lang: Language, path = ''): string {
  const rest = path.replace(/^\/+/, '');
  return rest ? `/${lang}/${rest}` : `/${lang}`;
}

/** The same page in another language: only the first segment changes. */
export function switchLangInPath(pathname: string, lang: Language): string {
  const segments = pathname.split('/');
  if (isLanguage(segments[1] ?? '')) {
    segments[1] = lang;
    return segments.join('/');
  }
  return withLang(lang, pathname);
}

/**
 * Where a path without a valid language goes. A segment that looks like a language code
 * (`/de/login`) is an unknown language: it falls back to fr. Any other path (`/login`) gets
 * the preferred language put in front of it.
 */
export function normalizeLangPath(pathname: string, preferred: Language): string {
  const segments = pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first === undefined) return withLang(preferred);
  if (isLanguage(first)) return withLang(first, rest.join('/'));
  if (/^[a-z]{2}(-[a-z]{2})?$/i.test(first)) return withLang(DEFAULT_LANGUAGE, rest.join('/'));
  return withLang(preferred, segments.join('/'));
}

/** The stored choice, else the first browser language we speak, else fr. */
export function preferredLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const candidate of browserLanguages) {
    const code = candidate.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
