import { z } from 'zod';

/*
 * The wire of issue 21 ("Wire"), as the web reads and sends it. The server's contracts
 * (branch legal-server) replace these once merged; the names here are the issue's.
 */

const optionalText = (max: number, pattern?: { regex: RegExp; message: string }) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
    (pattern
      ? z.string().trim().max(max, { message: 'validation.tooLong' }).regex(pattern.regex, { message: pattern.message })
      : z.string().trim().max(max, { message: 'validation.tooLong' })
    ).nullable(),
  );

/** A VAT rate in percent: above 0, at most 100, at most two decimals (18, 19.25). */
export const vatRate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim().replace(',', '.')) : value),
  z
    .number({ message: 'legal.vatRate' })
    .gt(0, { message: 'legal.vatRate' })
    .max(100, { message: 'legal.vatRate' })
    .refine((rate) => Number.isInteger(Math.round(rate * 100)) && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, {
      message: 'legal.vatRate',
    }),
);

export const identityBody = z
  .object({
    raisonSociale: optionalText(200),
    formeJuridique: optionalText(60),
    // RCCM numbers read like SN-DKR-2024-B-12345 or RB/COT/19 B 2345.
    rccm: optionalText(60, { regex: /^[0-9A-Za-z][0-9A-Za-z ./-]*$/, message: 'legal.rccm' }),
    idFiscal: optionalText(40, { regex: /^[0-9A-Za-z][0-9A-Za-z ./-]*$/, message: 'legal.taxId' }),
    pays: z.string().regex(/^[A-Z]{2}$/, { message: 'validation.countryRequired' }),
    assujettiTva: z.boolean(),
    prixTtc: z.boolean(),
    tauxTva: z.array(vatRate).max(5, { message: 'legal.vatRatesTooMany' }),
    piedDePage: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (body.assujettiTva && body.tauxTva.length === 0)
      ctx.addIssue({ code: 'custom', path: ['tauxTva'], message: 'legal.vatRatesRequired' });
    if (new Set(body.tauxTva).size !== body.tauxTva.length)
      ctx.addIssue({ code: 'custom', path: ['tauxTva'], message: 'legal.vatRatesDuplicate' });
  });
export type IdentityBody = z.input<typeof identityBody>;

export type Identity = {
  raisonSociale: string | null;
  formeJuridique: string | null;
  rccm: string | null;
  idFiscal: string | null;
  pays: string | null;
  assujettiTva: boolean;
  prixTtc: boolean;
  tauxTva: number[];
  piedDePage: string | null;
  /** The tax id's name in the shop's country, the logo's file, the shop's own name and address. */
  libelleIdFiscal?: string;
  logo?: string | null;
  nom?: string;
  adresse?: string;
  telephone?: string;
};

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
 * default: its standard rate when subject to VAT, none otherwise). On the wire: a number, null
 * for exempt, left out for the default.
 */
export const articleVatChoice = z.preprocess(
  (value) =>
    value === 'exempt'
      ? null
      : value === '' || value === undefined
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
  z
    .number({ message: 'legal.vatRate' })
    .gt(0, { message: 'legal.vatRate' })
    .max(100, { message: 'legal.vatRate' })
    .nullable()
    .optional(),
);

/** The form's value of an article's rate (see `articleVatChoice`). */
export function vatChoiceOf(rate: number | null | undefined): string {
  return rate === undefined ? '' : rate === null ? 'exempt' : String(rate);
}
