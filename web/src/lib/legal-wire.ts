import { legalIdentityBody } from '@app/common/contracts/legal';
import { z } from 'zod';

/*
 * The wire of issue 21 ("Wire") that `common/src/contracts/legal.ts` does not hold yet (invoice
 * status, credit notes, verification, the chain check), as the web reads it; to move there once
 * the server's routes define them.
 */

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

export type InvoiceStatus = 'emise' | 'corrigee' | 'annulee';

/** A credit note (avoir) as the lists and the invoice answer carry it. */
export type CreditNote = {
  idAvoir: number;
  codeAvoir: string;
  idFacture?: number;
  codeFac?: string;
  montant: number;
  createdAt: string;
};

/** What issue 21 adds to an invoice answer. */
export type InvoiceLegal = {
  totalHt?: number;
  tva?: { taux: number; base: number; montant: number }[];
  totalTtc?: number;
  montantEnLettres?: string;
  verification?: { code: string; url: string };
  statut?: InvoiceStatus;
  avoirs?: CreditNote[];
};

/** GET /api/verifier/{code}: the five public fields, nothing else. */
export type Verification = {
  emetteur: string;
  numero: string;
  date: string;
  totalTtc: number;
  statut: InvoiceStatus;
};

/** GET /api/documents/controle/{b}. */
export type DocumentsControl = {
  ok: boolean;
  documents: number;
  premierDefaut: unknown;
};

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
