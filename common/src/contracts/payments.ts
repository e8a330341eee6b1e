import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments.js';
import { MAX_AMOUNT_FCFA } from '../money.js';
import { ID_MAX, requiredId } from './ids.js';

/**
 * An amount typed in a pay dialog, at the till or on the closing screen: whole FCFA up to an
 * article's own price cap. It was 8 digits once, which left a sale of two generators (more than
 * 99 999 999 FCFA) impossible to pay in one payment.
 */
export const typedAmount = z
  .number({ message: 'validation.required' })
  .int({ message: 'validation.amountInvalid' })
  .min(0, { message: 'validation.amountInvalid' })
  .max(MAX_AMOUNT_FCFA, { message: 'validation.amountInvalid' });
/** The invoice's total or remainder as the client showed it: any amount an invoice can hold. */
const shownAmount = typedAmount.max(Number.MAX_SAFE_INTEGER, { message: 'validation.amountInvalid' });
/** 0 or absent: none (seed 001 §4: "with no driver chosen, the payload sends driver 0"). */
const optionalId = z
  .union([z.number().int().min(0).max(ID_MAX), z.object({ id: z.number().int().min(0).max(ID_MAX) }).transform((d) => d.id)])
  .nullish()
  .transform((v) => (v ? v : null));

/** The operator's transaction reference of a mobile-money or card payment (DECISIONS §12); empty is none. */
export const operatorReference = z
  .string()
  .trim()
  .max(80, { message: 'validation.tooLong' })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/paiements/livre (seed 001 §3), both variants: the invoice screen sends facture,
 * montantPaye, total, reste, livrer, chauffeure; the cashier adds caisse and montant (what was
 * handed over). `total` and `reste` are what the client showed: when they no longer match the
 * invoice the payment is refused (409 INVOICE_CHANGED). `methode` and `reference` (DECISIONS §12)
 * default to cash and none.
 */
export const paymentBody = z.object({
  facture: z.union([requiredId, z.object({ idFacture: requiredId }).transform((f) => f.idFacture)]),
  caisse: z
    .union([
      z.number().int().min(0).max(ID_MAX),
      z.object({ idCaisse: z.number().int().min(0).max(ID_MAX) }).transform((c) => c.idCaisse),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  montantPaye: typedAmount.positive({ message: 'validation.amountInvalid' }),
  montant: typedAmount.nullish(),
  total: shownAmount.nullish(),
  reste: shownAmount.nullish(),
  livrer: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  chauffeure: optionalId,
  methode: z
    .enum(PAYMENT_METHODS, { message: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? 'cash'),
  reference: operatorReference,
});
export type PaymentBody = z.input<typeof paymentBody>;
export type PaymentInput = z.output<typeof paymentBody>;

/** PUT /api/payements/{idPayement} (directors): the corrected amount, and optionally what was handed, method, reference. */
export const paymentCorrectionBody = paymentBody.pick({ montantPaye: true, montant: true, methode: true, reference: true });
export type PaymentCorrectionBody = z.input<typeof paymentCorrectionBody>;

const clientName = z.object({ idClient: z.number().int(), nom: z.string(), prenom: z.string() });

/** The invoice as the cash desk lists show it. */
export const paymentInvoice = z.object({
  idFacture: z.number().int(),
  codeFac: z.string(),
  file: z.string(),
  montantFacture: z.number().int(),
  montantPaye: z.number().int(),
  reste: z.number().int(),
  solde: z.boolean(),
  livre: z.boolean(),
  typeFacture: z.object({ idTypeFacture: z.number().int(), libelle: z.string() }),
  client: clientName.nullable(),
  createdAt: z.string(),
});
export type PaymentInvoice = z.infer<typeof paymentInvoice>;

/**
 * Seed 001 payment record: idPayement (also idPaiement), caisse, datePaiement, facture, montant
 * (handed over), montantPaye (applied), reliquat (change), reste (remainder after it), solde,
 * user.username; with methode, reference and annule (voided by a correction or a deleted invoice).
 */
export const payment = z.object({
  idPayement: z.number().int(),
  idPaiement: z.number().int(),
  caisse: z.object({ idCaisse: z.number().int(), libelle: z.string() }),
  datePaiement: z.string(),
  createdAt: z.string(),
  facture: paymentInvoice,
  montant: z.number().int(),
  montantPaye: z.number().int(),
  reliquat: z.number().int(),
  reste: z.number().int(),
  solde: z.boolean(),
  methode: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  annule: z.boolean(),
  /**
   * Money given back (DECISIONS §12): the invoice was deleted after this payment's register day
   * was closed, so the payment stays on its day and this refund, amounts negative, counts on its own.
   */
  remboursement: z.boolean(),
  user: z.object({ idUser: z.number().int(), username: z.string() }),
  /** The delivery recorded with the payment (livrer ticked), if any. */
  idLivraison: z.number().int().nullable(),
});
export type Payment = z.infer<typeof payment>;

/** GET /api/check/commande/{id}?pour=paiement|livraison: true, or an error saying why. */
export const invoiceCheckQuery = z.object({ pour: z.enum(['paiement', 'livraison']).optional() });
