import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments.js';
import { ID_MAX, requiredId } from './ids.js';
import { discountInput, INVOICE_MAX_LINES, invoice, lineQuantity } from './invoices.js';
import { operatorReference } from './payments.js';
import { MAX_AMOUNT_FCFA } from '../money.js';
import { INVOICE_TYPE } from './invoice-types.js';

/** More payments than a counter ever splits a sale into is a mistake. */
export const SALE_MAX_PAYMENTS = 10;

/** 0, null or absent: none. */
const optionalId = z
  .number({ message: 'validation.invalid' })
  .int({ message: 'validation.invalid' })
  .min(0, { message: 'validation.invalid' })
  .max(ID_MAX, { message: 'validation.invalid' })
  .nullish()
  .transform((v) => (v ? v : null));

/** A provisional ticket reference made offline: the device's code and its own counter, e.g. `T7K2-000042`. */
export const TICKET_REF_PATTERN = /^[A-Z0-9]{2,12}-[0-9]{1,9}$/;

export const saleLineInput = z.object({
  article: requiredId,
  quantite: lineQuantity,
  /**
   * The unit price the device charged offline (whole FCFA). Accepted only with `horsLigne`
   * (DECISIONS §13): online, the server's prices stand.
   */
  prix: z
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.amountInvalid' })
    .min(0, { message: 'validation.amountInvalid' })
    .max(MAX_AMOUNT_FCFA, { message: 'validation.amountInvalid' })
    .nullish()
    .transform((v) => v ?? null),
});

export const salePaymentInput = z.object({
  methode: z.enum(PAYMENT_METHODS, { message: 'validation.invalid' }),
  /** What the customer handed over with this method (cash may exceed what is due: change), up to an article's price cap. */
  montant: z
    .number({ message: 'validation.required' })
    .int({ message: 'validation.amountInvalid' })
    .positive({ message: 'validation.amountInvalid' })
    .max(MAX_AMOUNT_FCFA, { message: 'validation.amountInvalid' }),
  /** The operator's transaction reference: required for mobile money and card (DECISIONS §12). */
  reference: operatorReference,
});

/**
 * POST /api/ventes (DECISIONS §13): a whole sale in one request. `id` is made by the device (a
 * UUID) and stored with the invoice: the same id sent again answers the stored sale. `vendueLe`
 * is the device's time of the sale. Totals are never taken from the caller, prices only offline (below).
 *
 * Offline (`horsLigne`, sent later by the device's queue): the sale is a fact. Each line keeps the
 * price the device charged (`prix`; a line charged at another price than the current one comes
 * back with `prixModifie` and `prixActuel`); short stock is recorded (the stock goes down to 0, the
 * rest becomes a stock discrepancy); a sale of a closed register day goes to the register's next
 * open day (`enRetard`, `vendueLe` its real time). Online, the server's prices stand, short stock is
 * 409 INSUFFICIENT_STOCK and a closed day 409 DAY_CLOSED.
 *
 * What the queue may rely on: 201 recorded, 200 the same sale recorded before (the same body). Any
 * other 4xx is FINAL (the sale will never be recorded as sent: keep it on the device with the
 * answer's code and message for the cashier and the manager), except 401 (sign in again, then
 * resend), 403 (the session's shop, role or subscription: keep it and resend after the next
 * sign-in), 408 and 429 (resend later). 5xx (503 BUSY_RETRY included) and no answer at all are
 * RETRYABLE: resend with the same `id`, which never records it twice.
 */
export const saleBody = z.object({
  id: z.uuid({ message: 'validation.invalid' }),
  vendueLe: z.iso.datetime({ offset: true, message: 'validation.invalid' }),
  boutique: requiredId,
  depot: requiredId,
  /** The register the payments go to; none: the shop's default one. */
  caisse: optionalId,
  client: optionalId,
  typeFacture: requiredId.nullish().transform((v) => v ?? INVOICE_TYPE.cash),
  remise: discountInput,
  lignes: z
    .array(saleLineInput)
    .min(1, { message: 'validation.emptyCart' })
    .max(INVOICE_MAX_LINES, { message: 'validation.tooManyLines' })
    .refine((lines) => new Set(lines.map((l) => l.article)).size === lines.length, { message: 'validation.duplicateLine' }),
  paiements: z
    .array(salePaymentInput)
    .max(SALE_MAX_PAYMENTS, { message: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? []),
  /** Taken away at the counter (default): the goods left with the customer, nothing to deliver. */
  aEmporter: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  /** Made on the device without network and sent later by its queue (DECISIONS §13). */
  horsLigne: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  /** The provisional reference printed on the offline ticket; required with `horsLigne`, refused without. */
  refTicket: z
    .string({ message: 'validation.invalid' })
    .regex(TICKET_REF_PATTERN, { message: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? null),
})
  .refine((s) => s.horsLigne === (s.refTicket !== null), { message: 'validation.invalid', path: ['refTicket'] })
  .refine((s) => s.horsLigne || s.lignes.every((l) => l.prix === null), { message: 'validation.invalid', path: ['lignes'] });
export type SaleBody = z.input<typeof saleBody>;
export type SaleInput = z.output<typeof saleBody>;

export const salePayment = z.object({
  idPaiement: z.number().int(),
  methode: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  /** Handed over. */
  montant: z.number().int(),
  /** Applied to the invoice. */
  montantPaye: z.number().int(),
  reliquat: z.number().int(),
  /** The invoice's remainder after this payment. */
  reste: z.number().int(),
  /** When it was recorded (ISO): the sale's time (a late offline sale's: the open day it went to). */
  datePaiement: z.string(),
});
export type SalePayment = z.infer<typeof salePayment>;

/** The recorded sale: the invoice (number, lines, totals), its payments, the change given and the remainder. */
export const sale = invoice.extend({
  idVente: z.string(),
  vendueLe: z.string(),
  paiements: z.array(salePayment),
  /** Change given back over all payments. */
  reliquat: z.number().int(),
});
export type Sale = z.infer<typeof sale>;
