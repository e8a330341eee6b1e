import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of POST requests sent with an Idempotency-Key, so that a repeated request (a double
 * tap on a slow connection) returns the first answer instead of writing twice.
 * `scope` is the user id, or 0 for public calls.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: integer('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the request payload: the same key with another payload is refused (422). */
    fingerprint: text('fingerprint'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    headers: jsonb('headers'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
