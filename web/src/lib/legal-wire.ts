import { legalIdentityBody } from '@app/common/contracts/legal';
import { z } from 'zod';

/* The issue 21 forms' values as the contracts of `common/src/contracts/legal.ts` and `articles.ts` read them. */

/**
 * The identity form's values as the contract `legalIdentityBody` reads them: the rates typed in
 * the tags input are texts ("19,25"), the contract's are numbers.
 */
export const identityFormSchema = z.preprocess((values) => {
  if (values === null || typeof values !== 'object') return values;
  const { tauxTva, ...rest } = values as { tauxTva?: unknown };
  return {
    ...rest,
    tauxTva: Array.isArray(tauxTva)
      ? tauxTva.map((rate) => (typeof rate === 'string' ? Number(rate.trim().replace(',', '.')) : rate))
      : tauxTva,
  };
}, legalIdentityBody);

/**
 * An article's rate as the article form holds it: `exempt`, a rate ("18"), or empty (the shop's
 * standard rate, which follows the shop's changes). On the wire (`articleFields` of the contract):
 * `tauxTva` a number or null for exempt, or `tvaParDefaut: true`.
 */
export function articleVatBody(choice: string): { tauxTva?: number | null; tvaParDefaut?: boolean } {
  if (choice === '') return { tvaParDefaut: true };
  if (choice === 'exempt') return { tauxTva: null };
  return { tauxTva: Number(choice.replace(',', '.')) };
}

/** The form's value of an article's rate: its own rate, exempt, or '' when it follows the shop's. */
export function vatChoiceOf(article: { tauxTva?: number | null; tvaParDefaut?: boolean } | null): string {
  if (!article || article.tvaParDefaut !== false || article.tauxTva === undefined) return '';
  return article.tauxTva === null ? 'exempt' : String(article.tauxTva);
}
