import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { articles, drivers, suppliers } from './catalogue.js';
import { depots, shops } from './shops.js';

/** A goods reception from a supplier into a depot (seed 001 Reception), with its receipt number. */
export const receptions = pgTable(
  'receptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    depotId: integer('depot_id').notNull().references(() => depots.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    driverId: integer('driver_id').references(() => drivers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Receipt reference, e.g. REC-2026-000012 (per shop and year). */
    code: text('code').notNull(),
    idempotencyKey: text('idempotency_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('receptions_shop_created_idx').on(t.shopId, t.createdAt),
    uniqueIndex('receptions_shop_code_key').on(t.shopId, t.code),
    uniqueIndex('receptions_shop_idempotency_key').on(t.shopId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const receptionLines = pgTable(
  'reception_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receptionId: integer('reception_id')
      .notNull()
      .references(() => receptions.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    quantity: integer('quantity').notNull(),
    /** The article's purchase price at reception. */
    unitCostFcfa: bigint('unit_cost_fcfa', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('reception_lines_reception_article_key').on(t.receptionId, t.articleId),
    check('reception_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
