import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { files } from './accounts.js';
import { shops } from './shops.js';

/** Article categories of a shop (seed 001 Category). A live label is unique in its shop. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    libelle: text('libelle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('categories_shop_libelle_key').on(t.shopId, sql`lower(${t.libelle})`).where(sql`${t.deletedAt} is null`)],
);

/** Suppliers of a shop (seed 001 fournisseur). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    raisonSociale: text('raison_sociale').notNull(),
    telephone: text('telephone').notNull(),
    adresse: text('adresse').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('suppliers_shop_idx').on(t.shopId)],
);

/** Drivers of a shop (seed 001 chauffeur), for receptions and deliveries. */
export const drivers = pgTable(
  'drivers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    nom: text('nom').notNull(),
    telephone: text('telephone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('drivers_shop_idx').on(t.shopId)],
);

/** Accented letters (both cases: `lower` of a C collation leaves non-ASCII letters as they are) and what they sort as. */
const SORT_FROM = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ';
const SORT_TO = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy';

/**
 * Articles of a shop (seed 001 Article). Prices are whole FCFA. The stock of an article lives
 * per depot in `stock_levels`. An article with sales or receptions is soft-deleted so that its
 * history stays; a live barcode is unique in its shop.
 */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    designation: text('designation').notNull(),
    /**
     * The designation as lists order it: lower case, accents off (« Câble » before « Crayon », « ail »
     * before « Zinc »), whatever the database's collation (PGlite's and a C-collated PostgreSQL order
     * by byte). `translate` and `lower` are immutable, so it is a stored generated column.
     */
    sortKey: text('sort_key')
      .notNull()
      .generatedAlwaysAs(sql`translate(lower(designation), ${sql.raw(`'${SORT_FROM}'`)}, ${sql.raw(`'${SORT_TO}'`)})`),
    description: text('description'),
    /** Selling price (prix). */
    priceFcfa: bigint('price_fcfa', { mode: 'number' }).notNull(),
    /** Purchase price (prixAchat): the average below rounded to the franc, or the price typed. */
    costFcfa: bigint('cost_fcfa', { mode: 'number' }).notNull(),
    /**
     * The weighted average purchase price unrounded (common/stock-cost.ts), kept by receptions,
     * their corrections and goods given back, so that a correction undoes what it corrects. Null
     * when the price was typed (cost_fcfa is then exact).
     */
    costExact: numeric('cost_exact', { precision: 30, scale: 12 }),
    categoryId: integer('category_id').references(() => categories.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    barcode: text('barcode'),
    /**
     * VAT (DECISIONS §14): with `vatDefault` the shop's standard rate when it is subject to VAT,
     * none otherwise; else `vatRateBp` (percent x 100, 1800 = 18 %), null meaning exempt.
     */
    vatDefault: boolean('vat_default').notNull().default(true),
    vatRateBp: integer('vat_rate_bp'),
    imageFileId: integer('image_file_id').references(() => files.id),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('articles_shop_designation_idx').on(t.shopId, t.designation),
    // The catalogue's order over live articles: its pages and its count read the index alone.
    index('articles_shop_live_sort_idx').on(t.shopId, t.sortKey, t.id).where(sql`${t.deletedAt} is null`),
    index('articles_category_idx').on(t.categoryId),
    uniqueIndex('articles_shop_barcode_key').on(t.shopId, t.barcode).where(sql`${t.barcode} is not null and ${t.deletedAt} is null`),
    check('articles_prices_check', sql`${t.priceFcfa} >= 0 and ${t.costFcfa} >= 0`),
  ],
);

/**
 * Per shop, how many live articles and how many stock entries (levels of live articles in live
 * depots) it has: the counts of the catalogue's and the stock's whole lists, which counting took
 * 50 ms and 2.7 s at 100k articles x 3 depots (issue 11). Never written by the application:
 * triggers on `articles`, `stock_levels` and `depots` (migration 0009) keep it in the transaction of
 * every write; `catalogue_counts_rebuild(shop)` recomputes a shop's row.
 */
export const catalogueCounts = pgTable('catalogue_counts', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  liveArticles: integer('live_articles').notNull().default(0),
  liveLevels: integer('live_levels').notNull().default(0),
});

/**
 * Per depot, today's stock value at purchase price (available x the article's cost, live articles
 * only), how many live articles are in stock there, and how many units: the stock evaluation and the
 * report's stock value, which summing 300k levels took 0.6 s at 100k articles x 3 depots (issue 10).
 * Never written by the application: triggers on `stock_levels` and `articles` (migration 0010) keep
 * it in the transaction of every write; `depot_stock_values_rebuild(shop)` recomputes a shop's rows.
 * Deleted depots keep their row; readers join the live depots.
 */
export const depotStockValues = pgTable(
  'depot_stock_values',
  {
    depotId: integer('depot_id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    valueFcfa: bigint('value_fcfa', { mode: 'number' }).notNull().default(0),
    articles: integer('articles').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('depot_stock_values_shop_idx').on(t.shopId)],
);
