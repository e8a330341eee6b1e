import { z } from 'zod';
import { requiredText } from './common.js';
import { depotRef } from './depots.js';
import { ID_MAX, requiredId } from './ids.js';
import { MAX_QUANTITY } from './articles.js';

/**
 * Stock lists, movements, transfers and counts (seed 001 §3 "Article stock entry" and
 * "Stock movement"; DECISIONS §5). Wire names are the seed's.
 */

/** A body's shop, as an id or as the `{ idBoutique }` object the old client sent. */
const shopField = z.union([requiredId, z.object({ idBoutique: requiredId })], { message: 'validation.required' });

/** What a stock level, a transfer or a count may hold: the articles' own cap. */
export const MAX_STOCK_QUANTITY = MAX_QUANTITY;

const quantity = (min: number) =>
  z
    .number({ message: 'validation.required' })
    .int({ message: min > 0 ? 'validation.countInvalid' : 'validation.invalid' })
    .min(min, { message: min > 0 ? 'validation.countInvalid' : 'validation.invalid' })
    .max(MAX_STOCK_QUANTITY, { message: 'validation.invalid' });

/** The article as a stock row shows it. */
export const stockArticle = z.object({
  idArticle: z.number().int(),
  designation: z.string(),
  prix: z.number().int(),
  /** Left out for a caller without `articles:cost` (a seller, a cashier). */
  prixAchat: z.number().int().optional(),
  description: z.string().nullable(),
  codeBarre: z.string().nullable(),
  image: z.string().nullable(),
  categorie: z.object({ idCategorie: z.number().int(), libelle: z.string() }).nullable(),
  fournisseur: z.object({ idFournisseur: z.number().int(), raisonSociale: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** VAT (issue 21): the rate in percent a sale takes now, null when exempt or the shop is not subject to VAT. */
  tauxTva: z.number().nullable().optional(),
  /** The shop's shelf prices include VAT (true unless it is subject to VAT and set prices without it): the till's total rule. */
  prixTtc: z.boolean().optional(),
});

/** One article in one depot (the seeds' entree): available = quantiteEntree - quantiteSortie. */
export const stockRow = z.object({
  id: z.number().int(),
  idEntree: z.number().int(),
  article: stockArticle,
  boutique: z.object({ idBoutique: z.number().int() }),
  depot: depotRef,
  stockMin: z.number().int(),
  quantiteEntree: z.number().int(),
  quantiteSortie: z.number().int(),
  quantiteDisponible: z.number().int(),
  /** Available <= minimum: the red chip (DECISIONS §5). */
  enLimite: z.boolean(),
});
export type StockRow = z.infer<typeof stockRow>;

/** Which stock a list shows (seed 001 §4 "Stock lists: all, in stock, sold out"). */
export const STOCK_VIEWS = ['all', 'stock', 'rupture'] as const;
export type StockView = (typeof STOCK_VIEWS)[number];

/** A depot or category filter in a path: 0 means none (seed 001 §7). */
export const filterParam = z.coerce.number().int().min(0).max(ID_MAX);

/** What moved stock (DECISIONS §5), as the server stores it. */
export const MOVEMENT_TYPES = [
  'addition',
  'reception',
  'reception_reversal',
  'sale',
  'sale_reversal',
  'transfer_out',
  'transfer_in',
  'count_adjustment',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** A stock movement (seed 001 "Stock movement (inventaire)"), with its kind, depot and balance. */
export const movement = z.object({
  idInventaire: z.number().int(),
  ligneArticle: z.object({
    articlesPK: z.object({
      article: z.object({
        idArticle: z.number().int(),
        designation: z.string(),
        prix: z.number().int(),
        description: z.string().nullable(),
        categorie: z.object({ libelle: z.string() }).nullable(),
      }),
    }),
  }),
  type: z.enum(MOVEMENT_TYPES),
  /** The kind in the caller's language. */
  libelle: z.string(),
  /** Signed: + adds to what is available, - takes from it. */
  quantite: z.number().int(),
  /** Available in the depot right after the movement. */
  stockApres: z.number().int(),
  depot: depotRef,
  motif: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ idUser: z.number().int(), username: z.string(), nom: z.string().nullable(), prenom: z.string().nullable() }).nullable(),
});
export type Movement = z.infer<typeof movement>;

/** POST /api/transferts: move a quantity of an article from one depot of the shop to another. */
export const transferBody = z.object({
  boutique: shopField,
  article: requiredId,
  depotSource: requiredId,
  depotDestination: requiredId,
  quantite: quantity(1),
});
export type TransferBody = z.infer<typeof transferBody>;

export const transferResult = z.object({
  idTransfert: z.number().int(),
  article: z.object({ idArticle: z.number().int(), designation: z.string() }),
  depotSource: depotRef.extend({ quantiteDisponible: z.number().int() }),
  depotDestination: depotRef.extend({ quantiteDisponible: z.number().int() }),
  quantite: z.number().int(),
  createdAt: z.string(),
});
export type TransferResult = z.infer<typeof transferResult>;

/**
 * POST /api/inventaires: a physical count of articles of a depot (app/inventaire). Each line
 * gives the counted quantity; the difference with what the books say becomes an adjustment.
 */
export const countBody = z.object({
  boutique: shopField,
  depot: requiredId,
  motif: requiredText(300),
  lignes: z
    .array(z.object({ article: requiredId, quantiteComptee: quantity(0) }), { message: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(5000, { message: 'validation.invalid' }),
});
export type CountBody = z.infer<typeof countBody>;

export const countResult = z.object({
  idComptage: z.number().int(),
  depot: depotRef,
  motif: z.string(),
  createdAt: z.string(),
  lignes: z.array(
    z.object({
      article: z.object({ idArticle: z.number().int(), designation: z.string() }),
      quantiteAttendue: z.number().int(),
      quantiteComptee: z.number().int(),
      ecart: z.number().int(),
    }),
  ),
});
export type CountResult = z.infer<typeof countResult>;
