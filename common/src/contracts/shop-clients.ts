import { z } from 'zod';
import { legalNumber, requiredText } from './common.js';
import { requiredId } from './ids.js';

/**
 * A shop's client (seed 001 Client): nom, prenom, telephone, adresse, and what the client still
 * owes (`solde`: the sum of the remainders of their live, non-proforma invoices, whole FCFA).
 */
export const shopClient = z.object({
  idClient: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  telephone: z.string(),
  adresse: z.string(),
  email: z.string().nullable(),
  /** The client's tax id (NINEA, NCC, NIU, IFU, NIF), printed on the invoices issued to them (issue 21). */
  idFiscal: z.string().nullable(),
  boutique: z.object({ idBoutique: z.number().int() }),
  solde: z.number().int(),
});
export type ShopClient = z.infer<typeof shopClient>;

/** A client as an invoice names it (may be absent: client 0). */
export const clientRef = z.object({ idClient: z.number().int(), nom: z.string(), prenom: z.string() });
export type ClientRef = z.infer<typeof clientRef>;

/** Digits with an optional leading + (spaces, dots and dashes dropped): seed 001 §5 "phone (numeric)". */
export const clientPhone = z
  .string({ message: 'validation.phoneRequired' })
  .trim()
  .min(1, { message: 'validation.phoneRequired' })
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, { message: 'validation.phoneInvalid' }));

/**
 * POST /api/clients and PUT /api/clients/{idClient}: last name, first name, phone and address required (seed 001 §5).
 * `idFiscal` (issue 21) is optional: letters, digits, spaces and - / . (as the shop's own); blank or null
 * clears it; left out of a PUT, the stored one stays (seed 001's clients do not send it).
 */
export const shopClientBody = z.object({
  nom: requiredText(100),
  prenom: requiredText(100),
  telephone: clientPhone,
  adresse: requiredText(255),
  idFiscal: legalNumber(40).optional(),
  boutique: z.union([requiredId, z.object({ idBoutique: requiredId })], { message: 'validation.required' }),
});
export type ShopClientBody = z.input<typeof shopClientBody>;
export type ShopClientInput = z.output<typeof shopClientBody>;

/** A client's statement: their invoices, their payments and what they still owe. */
export const clientStatement = z.object({
  client: shopClient,
  factures: z.array(
    z.object({
      idFacture: z.number().int(),
      codeFac: z.string(),
      typeFacture: z.object({ idTypeFacture: z.number().int(), libelle: z.string() }),
      montantFacture: z.number().int(),
      montantPaye: z.number().int(),
      reste: z.number().int(),
      solde: z.boolean(),
      createdAt: z.string(),
      file: z.string(),
    }),
  ),
  paiements: z.array(
    z.object({
      idPaiement: z.number().int(),
      idFacture: z.number().int(),
      codeFac: z.string(),
      methode: z.string(),
      montant: z.number().int(),
      datePaiement: z.string(),
    }),
  ),
  totalFacture: z.number().int(),
  totalPaye: z.number().int(),
  solde: z.number().int(),
});
export type ClientStatement = z.infer<typeof clientStatement>;
