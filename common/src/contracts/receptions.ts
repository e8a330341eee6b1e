import { z } from 'zod';
import { requiredId } from './ids.js';
import { shopField } from './trading-fields.js';
import { MAX_AMOUNT_FCFA } from '../money.js';
import { MAX_QUANTITY, wholeNumber } from './articles.js';

/** Most lines a reception takes in one call (a delivery note is rarely longer). */
export const RECEPTION_MAX_LINES = 200;

/** An id the old client sends as 0 (or null) for "none": a driver or supplier left unchosen. */
const optionalId = z.preprocess(
  (value) => (value === 0 || value === null || value === '' ? undefined : value),
  requiredId.optional(),
);

/** A line of the creation payload: `{ articles: item id, nombre: integer }` (seed 001 §3). */
export const receptionLineBody = z.object({
  articles: requiredId,
  nombre: z
    .number({ message: 'validation.required' })
    .int({ message: 'validation.countInvalid' })
    .min(1, { message: 'validation.countInvalid' })
    // A stock level's cap: a barcode typed into the quantity is refused here, not by the database.
    .max(MAX_QUANTITY, { message: 'validation.quantityMax' }),
  /** The purchase price of one unit (whole FCFA); absent: the article's current one (DECISIONS §5). */
  prixAchat: wholeNumber(MAX_AMOUNT_FCFA).optional(),
});

/**
 * POST /api/reception and PUT /api/reception/{idReception} (seed 001 §3, §5): driver
 * (`chauffeure`) and supplier optional (0 = none), depot required, the shop (`boutique`, the id or
 * `{ idBoutique }`), and at least one line, each article once.
 */
export const receptionBody = z.object({
  chauffeure: optionalId,
  fournisseur: optionalId,
  depot: requiredId,
  boutique: shopField,
  article: z
    .array(receptionLineBody, { message: 'validation.linesRequired' })
    .min(1, { message: 'validation.linesRequired' })
    .max(RECEPTION_MAX_LINES, { message: 'validation.tooManyReceptionLines' })
    .refine((lines) => new Set(lines.map((line) => line.articles)).size === lines.length, {
      message: 'validation.lineDuplicate',
    }),
});
export type ReceptionBody = z.input<typeof receptionBody>;
export type ReceptionInput = z.output<typeof receptionBody>;

/** A line as the list and the receipt show it. */
export const receptionLine = z.object({
  articles: z.object({
    idArticle: z.number().int(),
    designation: z.string(),
    prix: z.number().int(),
    prixAchat: z.number().int(),
  }),
  nombre: z.number().int(),
});
export type ReceptionLine = z.infer<typeof receptionLine>;

/**
 * Reception of seed 001 §3: who made it, the depot, the driver (as a record and as the seeds'
 * nomChaufeur / contactChauffeur), the supplier, the date, its lines, and the receipt: `code`
 * (REC-2026-000012) and `file`, the document to open with /api/downloadFile/{file}.
 */
export const reception = z.object({
  idReception: z.number().int(),
  code: z.string(),
  file: z.string(),
  dateReception: z.string(),
  createdAt: z.string(),
  boutique: z.object({ idBoutique: z.number().int() }),
  user: z.object({ idUser: z.number().int(), username: z.string() }),
  depot: z.object({ idDepot: z.number().int(), libelle: z.string() }),
  fournisseur: z.object({ idFournisseur: z.number().int(), raisonSociale: z.string() }).nullable(),
  chauffeure: z.object({ id: z.number().int(), nom: z.string(), telephone: z.string() }).nullable(),
  nomChaufeur: z.string().nullable(),
  contactChauffeur: z.string().nullable(),
  article: z.array(receptionLine),
});
export type Reception = z.infer<typeof reception>;

/** The `file` of a reception's receipt. */
export const receptionFile = (idReception: number) => `reception-${idReception}.pdf`;
