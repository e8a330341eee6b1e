import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { articles } from './catalogue.js';
import { depots, shops } from './shops.js';

/**
 * The stock of an article in a depot (the seeds' entree): quantity in, quantity out and a
 * minimum; available = in - out. Written only by the stock ledger (features/stock), always
 * together with a `stock_movements` row. The CHECK is the last guard: available stock is
 * never negative, whatever the code above it does.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    depotId: integer('depot_id').notNull().references(() => depots.id),
    qtyIn: integer('qty_in').notNull().default(0),
    qtyOut: integer('qty_out').notNull().default(0),
    stockMin: integer('stock_min').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_levels_article_depot_key').on(t.articleId, t.depotId),
    index('stock_levels_shop_depot_idx').on(t.shopId, t.depotId),
    check('stock_levels_available_check', sql`${t.qtyIn} >= ${t.qtyOut} and ${t.qtyOut} >= 0 and ${t.stockMin} >= 0`),
  ],
);

/** What moved stock (DECISIONS §5); the seeds' inventaire rows. */
export const MOVEMENT_KINDS = [
  'addition',
  'reception',
  'reception_reversal',
  'sale',
  'sale_reversal',
  'transfer_out',
  'transfer_in',
  'count_adjustment',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Every change of a stock level, written in the same transaction as the change: `quantity` is
 * signed (+ adds to what is available, - takes from it) and `balanceAfter` is the available
 * quantity right after, so that the movements of an (article, depot) always add up to its level.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    depotId: integer('depot_id').notNull().references(() => depots.id),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** The record that caused it: an invoice, a reception, a transfer or a count. */
    invoiceId: integer('invoice_id'),
    receptionId: integer('reception_id'),
    transferId: integer('transfer_id'),
    countId: integer('count_id'),
    reason: text('reason'),
    /** The purchase price of one unit the movement carries (a reception line's, DECISIONS §5); null for the others. */
    unitCostFcfa: bigint('unit_cost_fcfa', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_shop_created_idx').on(t.shopId, t.createdAt),
    index('stock_movements_article_depot_idx').on(t.articleId, t.depotId),
    index('stock_movements_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

/** A move of one article between two depots of a shop: one transfer-out and one transfer-in movement. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    fromDepotId: integer('from_depot_id').notNull().references(() => depots.id),
    toDepotId: integer('to_depot_id').notNull().references(() => depots.id),
    quantity: integer('quantity').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_transfers_shop_idx').on(t.shopId),
    check('stock_transfers_check', sql`${t.quantity} > 0 and ${t.fromDepotId} <> ${t.toDepotId}`),
  ],
);

/** A physical stock count of a depot (app/inventaire): each difference becomes an adjustment movement. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    depotId: integer('depot_id').notNull().references(() => depots.id),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_counts_shop_idx').on(t.shopId)],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    countId: integer('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull().references(() => articles.id),
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countId, t.articleId] }), check('stock_count_lines_counted_check', sql`${t.counted} >= 0`)],
);

/** How a stock discrepancy was resolved: by a count of the depot, or by a reception into it. */
export const DISCREPANCY_RESOLUTIONS = ['count', 'reception'] as const;
export type DiscrepancyResolution = (typeof DISCREPANCY_RESOLUTIONS)[number];

/**
 * A stock discrepancy (DECISIONS §13): an offline sale reached the server when its depot held
 * less than it sold. The sale is recorded in full; the ledger took what was available (never
 * below zero) and `quantity` is what it could not take. A reception of the article into the depot
 * then takes the shortfall out (a sale movement naming the invoice; `covered` counts it), oldest
 * first; a count resolves what remains (the counted quantity already reflects the sale). Open
 * while `resolvedAt` is null.
 */
export const stockDiscrepancies = pgTable(
  'stock_discrepancies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    depotId: integer('depot_id').notNull().references(() => depots.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    /** The sale (an invoice) that was short. */
    invoiceId: integer('invoice_id').notNull(),
    /** Units sold that the depot's books did not hold. */
    quantity: integer('quantity').notNull(),
    /** Of those, units a later reception has taken out of stock since. */
    covered: integer('covered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution', { enum: DISCREPANCY_RESOLUTIONS }),
    receptionId: integer('reception_id'),
    countId: integer('count_id'),
  },
  (t) => [
    index('stock_discrepancies_shop_created_idx').on(t.shopId, t.createdAt),
    index('stock_discrepancies_open_idx').on(t.depotId, t.articleId, t.id).where(sql`${t.resolvedAt} is null`),
    index('stock_discrepancies_invoice_idx').on(t.invoiceId),
    check(
      'stock_discrepancies_quantity_check',
      sql`${t.quantity} > 0 and ${t.covered} >= 0 and ${t.covered} <= ${t.quantity} and (${t.resolvedAt} is null) = (${t.resolution} is null)`,
    ),
  ],
);

/**
 * A sale the server refused for good when a device sent it from its offline queue, as the device
 * reported it (DECISIONS §13, issue 20 item 5): the device keeps its copy; this row shows it to the
 * shop's managers until one marks it handled. One row per sale id and shop.
 */
export const refusedSales = pgTable(
  'refused_sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    saleId: text('sale_id').notNull(),
    /** Who made the sale (the device's signed-in user, who reports it). */
    userId: integer('user_id').notNull().references(() => users.id),
    ticketRef: text('ticket_ref').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    totalFcfa: bigint('total_fcfa', { mode: 'number' }).notNull(),
    reasonCode: text('reason_code').notNull(),
    reasonMessage: text('reason_message').notNull(),
    /** `[{ designation, quantite }]` as printed on the device's ticket. */
    lines: jsonb('lines').$type<{ designation: string; quantite: number }[]>().notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('refused_sales_shop_sale_key').on(t.shopId, t.saleId),
    index('refused_sales_shop_reported_idx').on(t.shopId, t.reportedAt),
    check('refused_sales_handled_check', sql`(${t.handledAt} is null) = (${t.handledBy} is null)`),
  ],
);
