import { z } from 'zod';
import { MAX_AMOUNT_FCFA } from '../money.js';
import { percentToBp, VAT_PRESETS_BP } from '../vat.js';
import { legalNumber, optionalText } from './common.js';
import { documentStatus } from './invoices.js';

/**
 * A shop's legal identity (issue 21, DECISIONS §14): GET|PUT /api/boutiques/{idBoutique}/identite.
 * `tauxTva` are percentages (18, 19.25), the first one the shop's standard rate; `libelleIdFiscal`
 * names the tax id in the shop's country (NINEA, NCC, NIU, IFU, NIF).
 */
export const legalIdentity = z.object({
  idBoutique: z.number().int(),
  raisonSociale: z.string().nullable(),
  formeJuridique: z.string().nullable(),
  /** Share capital in whole FCFA, and head office (siège social) when it is not the shop's address: printed after the company's name. */
  capitalSocial: z.number().int().nullable(),
  siegeSocial: z.string().nullable(),
  rccm: z.string().nullable(),
  idFiscal: z.string().nullable(),
  libelleIdFiscal: z.string(),
  pays: z.string(),
  assujettiTva: z.boolean(),
  prixTtc: z.boolean(),
  tauxTva: z.array(z.number()),
  piedDePage: z.string().nullable(),
  /** The logo's `file` reference (GET /api/downloadFile/{file}), or null. */
  logo: z.string().nullable(),
  /** The shop's name, address and phone, as documents show them (edited in the shop dialog). */
  nom: z.string(),
  adresse: z.string(),
  telephone: z.string(),
});
export type LegalIdentity = z.infer<typeof legalIdentity>;


export const vatRatePercent = z
  .number({ message: 'validation.vatRate' })
  .refine((value) => percentToBp(value) !== null, { message: 'validation.vatRate' });

/** Digits of an amount typed with its groups (« 1 000 000 »): the spaces go; blank is null. */
const groupedDigits = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const digits = value.replace(/[\s\u00a0\u202f]/g, '');
  return digits === '' ? null : /^\d+$/.test(digits) ? Number(digits) : value;
};

/** A company's share capital: whole FCFA; blank, null or absent: not printed. */
const shareCapital = z.preprocess(
  groupedDigits,
  z
    .number({ message: 'validation.shareCapital' })
    .int({ message: 'validation.shareCapital' })
    .min(0, { message: 'validation.shareCapital' })
    .max(MAX_AMOUNT_FCFA, { message: 'validation.tooLarge' })
    .nullish()
    .transform((value) => value ?? null),
);

export const legalIdentityBody = z
  .object({
    raisonSociale: optionalText(200),
    formeJuridique: optionalText(60),
    capitalSocial: shareCapital,
    siegeSocial: optionalText(200),
    rccm: legalNumber(60),
    idFiscal: legalNumber(40),
    pays: z
      .string({ message: 'validation.countryRequired' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { message: 'validation.countryRequired' })
      // One of the FCFA zone's countries the identity form offers (those with a VAT preset).
      .refine((code) => Object.hasOwn(VAT_PRESETS_BP, code), { message: 'validation.countryRequired' }),
    assujettiTva: z.boolean().default(false),
    prixTtc: z.boolean().default(true),
    /** Omitted: the country's preset rates. */
    tauxTva: z.array(vatRatePercent).max(5, { message: 'validation.vatRates' }).optional(),
    piedDePage: optionalText(500),
  })
  .superRefine((body, ctx) => {
    const rates = body.tauxTva ?? [];
    if (new Set(rates.map(percentToBp)).size !== rates.length) {
      ctx.addIssue({ code: 'custom', path: ['tauxTva'], message: 'validation.vatRates' });
    }
    if (body.assujettiTva && body.tauxTva !== undefined && rates.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tauxTva'], message: 'validation.vatRatesRequired' });
    }
  });
export type LegalIdentityBody = z.infer<typeof legalIdentityBody>;

/** GET /api/verifier/{code} (public): the five fields, nothing more. */
export const verification = z.object({
  emetteur: z.string(),
  numero: z.string(),
  date: z.string(),
  /** The issuing shop's time zone, in which the document's date is read (an invoice issued at 00:30 in Douala is of that day). */
  fuseau: z.string(),
  total: z.number().int(),
  statut: documentStatus,
});
export type Verification = z.infer<typeof verification>;

/** GET /api/documents/controle/{b}: every chain of the shop checked; the first broken link named. */
export const documentsControl = z.object({
  ok: z.boolean(),
  documents: z.number().int(),
  premierDefaut: z
    .object({
      serie: z.string(),
      sequence: z.number().int(),
      numero: z.string().nullable(),
      raison: z.enum(['contenu', 'chaine', 'manquant', 'sans_document']),
    })
    .nullable(),
});
export type DocumentsControl = z.infer<typeof documentsControl>;

/** A credit note (avoir, issue 21): GET /api/avoirs/{id} and the pages of GET /api/avoirs/boutique/{b}/{p}. */
export const creditNote = z.object({
  idAvoir: z.number().int(),
  numero: z.string(),
  date: z.string(),
  motif: z.enum(['corrigee', 'annulee']),
  idBoutique: z.number().int(),
  facture: z.object({ idFacture: z.number().int(), codeFac: z.string(), date: z.string() }),
  articles: z.array(
    z.object({ designation: z.string(), nombre: z.number().int(), prix: z.number().int(), tauxTva: z.number().nullable(), montant: z.number().int() }),
  ),
  remise: z.number().int(),
  totalHt: z.number().int(),
  tva: z.array(z.object({ taux: z.number().nullable(), base: z.number().int(), montant: z.number().int() })),
  totalTtc: z.number().int(),
  montantEnLettres: z.string(),
  verification: z.object({ code: z.string(), url: z.string() }),
  file: z.string(),
});
export type CreditNote = z.infer<typeof creditNote>;
