export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks fr or en from a `langue` field, an Accept-Language header or a path segment. */
export function toLanguage(value: string | null | undefined): Language {
  const first = (value ?? '').trim().slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** A word starts with a vowel sound French elides before (h and y left out: « de Hamidou », « de Yaoundé »). */
const ELIDING = /^[aeiouàâäéèêëîïôöùûü]/i;

/**
 * « de » before a name, elided in French before a vowel: « d’Awa Mode », « de Boutique Plateau ».
 * The catalogues write `{{shop, de}}` where French says « de {{shop}} » (a formatter the web
 * registers; English never uses it).
 */
export function frenchOf(name: string): string {
  return ELIDING.test(name.trim()) ? `d’${name.trim()}` : `de ${name}`;
}
