import { z } from 'zod';
import { MAX_AMOUNT_FCFA } from '../money.js';
import { vatRatePercent } from './legal.js';
import { depotRef } from './depots.js';
import { categoryRef } from './categories.js';
import { shopField } from './trading-fields.js';
import { ID_MAX, requiredId } from './ids.js';
import { requiredText } from './common.js';

/** Prices and quantities: whole numbers (FCFA, units), 0 or more; a numeric text is accepted as the old client sent it. */
export const MAX_QUANTITY = 1_000_000_000;

const numericText = (value: unknown) =>
  typeof value === 'string'
    ? value.trim() === ''
      ? undefined
      : /^\s*-?\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : value
    : value;

export const wholeNumber = (max: number) =>
  z.preprocess(
    numericText,
    z
      .number({ message: 'validation.required' })
      .int({ message: 'validation.wholeNumber' })
      .min(0, { message: 'validation.wholeNumber' })
      .max(max, { message: 'validation.tooLarge' }),
  );

/** A quantity added to a stock: a whole number of at least 1. */
export const positiveQuantity = z.preprocess(
  numericText,
  z
    .number({ message: 'validation.required' })
    .int({ message: 'validation.positiveQuantity' })
    .min(1, { message: 'validation.positiveQuantity' })
    .max(MAX_QUANTITY, { message: 'validation.tooLarge' }),
);

/** An optional id chosen in a picker: none is null, 0 or empty (the old client sent 0). */
export const optionalId = z.preprocess(
  (value) => (value === 0 || value === '' || value === '0' || value === undefined ? null : numericText(value)),
  z
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .positive({ message: 'validation.invalid' })
    .max(ID_MAX, { message: 'validation.invalid' })
    .nullable(),
);

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value === undefined ? null : value),
    z.string().trim().max(max, { message: 'validation.tooLong' }).nullable(),
  );

/** A barcode as scanners read it: digits and letters (EAN-13, UPC, Code 128), unique in the shop. */
export const barcodeText = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(64, { message: 'validation.tooLong' })
  .regex(/^[0-9A-Za-z._\-/+ ]+$/, { message: 'validation.barcode' });

const optionalBarcode = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value === undefined ? null : value),
  barcodeText.nullable(),
);

export const supplierRef = z.object({ idFournisseur: z.number().int(), raisonSociale: z.string() });

/** The stock of an article in a depot (seed 001 "Article stock entry"): available = quantiteEntree - quantiteSortie. */
export const articleStock = z.object({
  idEntree: z.number().int(),
  depot: depotRef,
  stockMin: z.number().int(),
  quantiteEntree: z.number().int(),
  quantiteSortie: z.number().int(),
  /** Available <= stockMin (DECISIONS §5: the red chip). */
  enLimite: z.boolean(),
});
export type ArticleStock = z.infer<typeof articleStock>;

/** Article of seed 001 §3, with its stock in each depot of the shop and its total available. */
export const article = z.object({
  idArticle: z.number().int(),
  designation: z.string(),
  prix: z.number().int(),
  /** Left out for a caller without `articles:cost` (a seller, a cashier). */
  prixAchat: z.number().int().optional(),
  description: z.string().nullable(),
  codeBarre: z.string().nullable(),
  /** The `file` reference of its image, served by GET /api/downloadFile/{image}. */
  image: z.string().nullable(),
  categorie: categoryRef.nullable(),
  fournisseur: supplierRef.nullable(),
  boutique: z.object({ idBoutique: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  stocks: z.array(articleStock),
  quantite: z.number().int(),
  enLimite: z.boolean(),
  /**
   * VAT (issue 21): the rate in percent (18, 19.25) a sale takes now, null when exempt or the shop is
   * not subject to VAT; `tvaParDefaut` when the article follows the shop's standard rate.
   */
  tauxTva: z.number().nullable().optional(),
  tvaParDefaut: z.boolean().optional(),
});
export type Article = z.infer<typeof article>;

const articleFields = {
  designation: requiredText(200),
  description: optionalText(1000),
  prix: wholeNumber(MAX_AMOUNT_FCFA),
  prixAchat: wholeNumber(MAX_AMOUNT_FCFA),
  categorie: optionalId,
  fournisseur: optionalId,
  codeBarre: optionalBarcode,
  /** A percentage (18, 19.25), null for exempt; left out: the shop's standard rate on create, unchanged on edit. */
  tauxTva: vatRatePercent.nullable().optional(),
  /** true: follow the shop's standard rate again. */
  tvaParDefaut: z.boolean().optional(),
};

/**
 * POST /api/articles_all (seed 001 §7): the article, its stock entry in `depot` with its minimum,
 * and the first quantity, in one transaction.
 */
export const createArticleBody = z.object({
  ...articleFields,
  boutique: shopField,
  depot: requiredId,
  stockMin: wholeNumber(MAX_QUANTITY),
  quantite: wholeNumber(MAX_QUANTITY),
});
export type CreateArticleBody = z.infer<typeof createArticleBody>;

/**
 * PUT /api/articles/{id}. `stockMin` and `quantite` (the available quantity) apply to the entry of
 * `depot` when given. A manager may send them back unchanged but not change them, nor the prices.
 */
export const updateArticleBody = z.object({
  ...articleFields,
  boutique: shopField.optional(),
  depot: optionalId.optional(),
  stockMin: wholeNumber(MAX_QUANTITY).optional(),
  quantite: wholeNumber(MAX_QUANTITY).optional(),
});
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;

/** PUT /api/ajouter: add a quantity to the article's stock in a depot of the shop. */
export const addStockBody = z.object({ boutique: shopField, article: requiredId, depot: requiredId, quantite: positiveQuantity });
export type AddStockBody = z.infer<typeof addStockBody>;

/** PUT /api/ajouter1: add a quantity to a stock entry named by its id. */
export const addToEntryBody = z.object({ idEntree: requiredId, quantite: positiveQuantity });
export type AddToEntryBody = z.infer<typeof addToEntryBody>;

/** PUT /api/ajouter2: put the article into another depot of the shop, with its minimum and a first quantity. */
export const addToDepotBody = z.object({
  boutique: shopField,
  article: requiredId,
  depot: requiredId,
  stockMin: wholeNumber(MAX_QUANTITY),
  quantite: wholeNumber(MAX_QUANTITY),
});
export type AddToDepotBody = z.infer<typeof addToDepotBody>;

/** The answer of a stock addition: the entry after it. */
export const stockEntry = articleStock.extend({ article: z.object({ idArticle: z.number().int(), designation: z.string() }) });
export type StockEntry = z.infer<typeof stockEntry>;

/** Image types accepted for an article (checked again by content on the server). */
export const ARTICLE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/bmp,image/webp';

/** CSV import: columns of the file (first line), in this order. */
export const ARTICLE_CSV_COLUMNS = [
  'designation',
  'categorie',
  'prix',
  'prixAchat',
  'stockMin',
  'quantite',
  'codeBarre',
  'description',
] as const;

/** POST /api/articles/import/{b}: the CSV text, for a depot; `apply` false only checks it (the preview). */
export const importArticlesBody = z.object({
  depot: requiredId,
  csv: z.string().min(1, { message: 'validation.required' }).max(5_000_000, { message: 'validation.tooLong' }),
  apply: z.boolean().default(false),
});
export type ImportArticlesBody = z.infer<typeof importArticlesBody>;

export const importRow = z.object({
  line: z.number().int(),
  designation: z.string(),
  categorie: z.string().nullable(),
  prix: z.number().int(),
  prixAchat: z.number().int(),
  stockMin: z.number().int(),
  quantite: z.number().int(),
  codeBarre: z.string().nullable(),
});
export const importError = z.object({ line: z.number().int(), reason: z.string() });
export const importResult = z.object({ rows: z.array(importRow), errors: z.array(importError), created: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;
