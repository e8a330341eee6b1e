import { z } from 'zod';

/** A user as these screens name them: by first name and name (printedName), the username kept. */
const userRef = z.object({ idUser: z.number().int(), username: z.string(), nom: z.string(), prenom: z.string() });

/**
 * The manager's review of offline sales (DECISIONS §13, issue 20): stock discrepancies (an
 * offline sale found its depot short), late sales (recorded on the register's next open day) and
 * prices charged offline that differ from the current ones.
 */

export const DISCREPANCY_STATES = ['ouverts', 'tous'] as const;
/** `?etat=ouverts`: the open discrepancies only; `tous` (default): open first, then resolved. */
export const discrepancyQuery = z.object({ etat: z.enum(DISCREPANCY_STATES).optional() });

export const stockDiscrepancy = z.object({
  idEcart: z.number().int(),
  article: z.object({ idArticle: z.number().int(), designation: z.string() }),
  depot: z.object({ idDepot: z.number().int(), libelle: z.string() }),
  /** Units sold that the depot's books did not hold when the sale arrived. */
  quantite: z.number().int(),
  /** Of those, units a later reception took out of stock. */
  couvert: z.number().int(),
  facture: z.object({ idFacture: z.number().int(), codeFac: z.string(), refTicket: z.string().nullable() }),
  createdAt: z.string(),
  /** Null while open. */
  resoluLe: z.string().nullable(),
  resoluPar: userRef.nullable(),
  /** `inventaire` (a count, idComptage) or `reception` (idReception); null while open. */
  resolution: z.enum(['inventaire', 'reception']).nullable(),
  idReception: z.number().int().nullable(),
  idComptage: z.number().int().nullable(),
});
export type StockDiscrepancy = z.infer<typeof stockDiscrepancy>;

/** An offline sale the manager should look at: late, or with a line charged at another price. */
export const offlineSaleReview = z.object({
  idFacture: z.number().int(),
  codeFac: z.string(),
  refTicket: z.string().nullable(),
  montantFacture: z.number().int(),
  /** When it was recorded (for a late sale, on the register's next open day). */
  createdAt: z.string(),
  /** Its real device time when late; null otherwise. */
  vendueLe: z.string().nullable(),
  enRetard: z.boolean(),
  user: userRef,
  /** The lines charged at another price than the article's when the sale arrived. */
  prixModifies: z.array(
    z.object({ idArticle: z.number().int(), designation: z.string(), nombre: z.number().int(), prix: z.number().int(), prixActuel: z.number().int() }),
  ),
});
export type OfflineSaleReview = z.infer<typeof offlineSaleReview>;

/**
 * A sale the server refused for good when the device sent it from its queue (DECISIONS §13,
 * issue 20 item 5): the device reports it so that the shop's managers see it too. Sent once per
 * sale id (a second report of the same id answers the stored one).
 */
const invalid = { message: 'validation.invalid' };
export const refusedSaleReport = z.object({
  /** The sale's own id (the device's UUID, the `id` it was sent with). */
  id: z.uuid(invalid),
  boutique: z.number(invalid).int(invalid).positive(invalid),
  /** The provisional reference printed on its ticket. */
  refTicket: z.string(invalid).trim().min(1, invalid).max(40, invalid),
  /** The device's time of the sale. */
  vendueLe: z.iso.datetime({ offset: true, ...invalid }),
  /** The total the device charged, FCFA. */
  montant: z.number(invalid).int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
  /** The server's refusal as the device received it: its code and translated message. */
  code: z.string(invalid).trim().min(1, invalid).max(80, invalid),
  message: z.string(invalid).trim().max(500, invalid),
  /** The sale's lines as printed (designation × quantity), for the manager to recognise it. */
  lignes: z
    .array(z.object({ designation: z.string(invalid).trim().min(1, invalid).max(200, invalid), quantite: z.number(invalid).int(invalid).min(1, invalid).max(1_000_000, invalid) }))
    .max(500, invalid),
});
export type RefusedSaleReport = z.input<typeof refusedSaleReport>;

export const refusedSale = z.object({
  idRefus: z.number().int(),
  idVente: z.string(),
  refTicket: z.string(),
  vendueLe: z.string(),
  montant: z.number().int(),
  code: z.string(),
  message: z.string(),
  lignes: z.array(z.object({ designation: z.string(), quantite: z.number().int() })),
  user: userRef,
  signaleLe: z.string(),
  /** Null until a manager marks it handled. */
  traiteLe: z.string().nullable(),
  traitePar: userRef.nullable(),
});
export type RefusedSale = z.infer<typeof refusedSale>;
