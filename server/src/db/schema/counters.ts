import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/**
 * Per-shop, per-year counters of document numbers (receptions `REC`, invoices `FAC`, proformas
 * `PRO`): numbers without gap or reuse (DECISIONS §4), taken in the transaction that writes the
 * document, as late as possible (the counter row is the hottest lock of a sale).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.series, t.year] })],
);
