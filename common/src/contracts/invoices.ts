import { z } from 'zod';

import { ID_MAX, requiredId } from './ids.js';
import { clientRef } from './shop-clients.js';

/** An issued document's status (issue 21): valid, corrected (an edit), cancelled (a deletion). */
export const documentStatus = z.enum(['emise', 'corrigee', 'annulee']);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** A credit note as an invoice lists it. */
export const creditNoteRef = z.object({
  idAvoir: z.number().int(),
  numero: z.string(),
  date: z.string(),
  montant: z.number().int(),
  motif: z.enum(['corrigee', 'annulee']),
});
export type CreditNoteRef = z.infer<typeof creditNoteRef>;

/** Discounts are typed with an 8-digit mask (seed 001 §5). */
export const DISCOUNT_MAX_FCFA = 99_999_999;
/** More lines than a counter ever sells at once is a mistake (or an attack). */
export const INVOICE_MAX_LINES = 200;
export const LINE_MAX_QUANTITY = 1_000_000;

/** A discount in whole FCFA, 8 digits at most (seed 001 §5); empty is 0. */
export const discountInput = z
  .number({ message: 'validation.invalid' })
  .int({ message: 'validation.invalid' })
  .min(0, { message: 'validation.invalid' })
  .max(DISCOUNT_MAX_FCFA, { message: 'validation.invalid' })
  .nullish()
  .transform((v) => v ?? 0);

/** A line's whole quantity above zero (seed 001 §5), in the invoice dialog and at the till. */
export const lineQuantity = z
  .number({ message: 'validation.required' })
  .int({ message: 'validation.quantityInvalid' })
  .positive({ message: 'validation.quantityInvalid' })
  .max(LINE_MAX_QUANTITY, { message: 'validation.quantityInvalid' });

/** One line of the create/update payload: article id and a whole quantity (seed 001 §3). */
export const invoiceLineInput = z.object({ articles: requiredId, nombre: lineQuantity });

const idOf = z.union([requiredId, z.object({ idDepot: requiredId }).transform((d) => d.idDepot)]);

/**
 * POST /api/factures_generate and PUT /api/factures/update/{id} (seed 001 §3): client (0 =
 * none), boutiques, articles [{articles, nombre}], depot, remise (0 if none), typeFactures,
 * imprimante. Prices and totals are never taken from the caller: the server computes them.
 */
export const invoiceBody = z.object({
  client: z
    .union([z.number().int().min(0).max(ID_MAX), z.object({ idClient: z.number().int().min(0).max(ID_MAX) }).transform((c) => c.idClient)])
    .nullish()
    .transform((v) => (v ? v : null)),
  boutiques: z.union([requiredId, z.object({ idBoutique: requiredId })], { message: 'validation.required' }),
  articles: z
    .array(invoiceLineInput)
    .min(1, { message: 'validation.emptyCart' })
    .max(INVOICE_MAX_LINES)
    .refine((lines) => new Set(lines.map((l) => l.articles)).size === lines.length, { message: 'validation.duplicateLine' }),
  depot: idOf,
  remise: discountInput,
  typeFactures: z.union([requiredId, z.object({ idTypeFacture: requiredId }).transform((t) => t.idTypeFacture)]),
  imprimante: z.boolean().optional().default(false),
  id: z.number().int().optional(),
});
export type InvoiceBody = z.input<typeof invoiceBody>;
export type InvoiceInput = z.output<typeof invoiceBody>;

/** POST /api/factures/convert/{id}: the proforma becomes an invoice of another type. */
export const convertProformaBody = z.object({
  typeFactures: z.union([requiredId, z.object({ idTypeFacture: requiredId }).transform((t) => t.idTypeFacture)]),
  /** The client of the invoice when the proforma names none (a Crédit sale names its client); 0 or absent: the proforma's. */
  client: z
    .union([z.number().int().min(0), z.object({ idClient: z.number().int().min(0) }).transform((c) => c.idClient)])
    .optional()
    .transform((id) => (id ? id : null)),
});
export type ConvertProformaBody = z.input<typeof convertProformaBody>;

export const invoiceLine = z.object({
  idArticle: z.number().int(),
  designation: z.string(),
  /** Selling price of the moment of sale (whole FCFA). */
  prix: z.number().int(),
  nombre: z.number().int(),
  montant: z.number().int(),
  /**
   * An offline sale's line charged at another price than the article's price when the sale
   * reached the server (DECISIONS §13): flagged for the manager, with that price (`prixActuel`).
   */
  prixModifie: z.boolean(),
  prixActuel: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/**
 * Seed 001 facture, with the seller (`ligneBoutique.boutiquesPK.user.username`) and its lines
 * (`articles`). Amounts are whole FCFA: montantFacture = sum of lines - remise; montantPaye + reste = montantFacture.
 */
export const invoice = z.object({
  idFacture: z.number().int(),
  numeroFacture: z.number().int(),
  codeFac: z.string(),
  idBoutique: z.number().int(),
  commande: z.object({ client: clientRef.nullable() }),
  client: clientRef.nullable(),
  file: z.string(),
  sousTotal: z.number().int(),
  remise: z.number().int(),
  montantFacture: z.number().int(),
  montantPaye: z.number().int(),
  reste: z.number().int(),
  solde: z.boolean(),
  livre: z.boolean(),
  imprimante: z.boolean(),
  typeFacture: z.object({ idTypeFacture: z.number().int(), libelle: z.string() }),
  depot: z.object({ idDepot: z.number().int(), libelle: z.string() }),
  user: z.object({ idUser: z.number().int(), username: z.string() }),
  ligneBoutique: z.object({ boutiquesPK: z.object({ user: z.object({ username: z.string() }) }) }),
  /** The proforma this invoice was made from, or the invoice a proforma became. */
  convertedFromId: z.number().int().nullable(),
  convertedToId: z.number().int().nullable(),
  /** Their numbers (FAC-…, PRO-…), shown with a link. */
  convertedFromCode: z.string().nullable(),
  convertedToCode: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
  articles: z.array(invoiceLine),
  /** The provisional reference of a sale made offline (its ticket's), or null. */
  refTicket: z.string().nullable(),
  /** A late sale (DECISIONS §13): made offline on a register day closed when it arrived, recorded on the next open day (`createdAt`). */
  enRetard: z.boolean(),
  /** A late sale's real time (the device's, ISO); absent for any other invoice. */
  vendueLe: z.string().optional(),
  // Issued documents (issue 21, DECISIONS §14), from the invoice's frozen document; absent for a
  // proforma and in lists.
  totalHt: z.number().int().optional(),
  /** VAT per rate: `taux` in percent, null for the exempt lines. */
  tva: z.array(z.object({ taux: z.number().nullable(), base: z.number().int(), montant: z.number().int() })).optional(),
  /** Whether the issuer was subject to VAT when issued: not, the document says « TVA non applicable » instead of `tva`. */
  assujettiTva: z.boolean().optional(),
  totalTtc: z.number().int().optional(),
  montantEnLettres: z.string().optional(),
  verification: z.object({ code: z.string(), url: z.string() }).nullable().optional(),
  statut: documentStatus.optional(),
  avoirs: z.array(creditNoteRef).optional(),
  /** The versions an edit replaced, oldest first, each printable as issued (`file`, GET /api/downloadFile/{file}). */
  versions: z
    .array(z.object({ idDocument: z.number().int(), date: z.string(), montant: z.number().int(), statut: documentStatus, file: z.string() }))
    .optional(),
});
export type Invoice = z.infer<typeof invoice>;
