import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request limits (sign-in and the like per address, writes per user) counted in the database, so
 * that they hold across several app servers (issue 23 C). One row per limited key: a window that
 * starts at the key's first request and ends at `expires_at`, and the requests counted in it
 * (plugins/rate-limit-store.ts). Created UNLOGGED by its migration: counters need no WAL (a commit
 * that wrote only them is not flushed to disk); a crash empties them, which only resets the limits.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  n: integer('n').notNull(),
});
