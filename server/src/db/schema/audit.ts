import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { shops } from './shops.js';

/**
 * Who did what, when, with the amounts before and after (sensitive actions: invoice delete,
 * payment correction, delivery cancel, reception change and delete, stock count, user and role changes,
 * subscription activation). Written in the transaction of the action; never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').references(() => shops.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_shop_created_idx').on(t.shopId, t.createdAt)],
);
