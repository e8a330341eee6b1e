import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';

/**
 * When an account's subscription ends: the latest end of its active lines. null means the
 * account has no active line (an account the admin made without a plan): nothing expires.
 * The one definition, as SQL for queries that need it inline (the session lookup of every request).
 */
export function subscriptionEndSql(accountId: SQL | number): SQL<Date | string | null> {
  return sql`(select max(${subscriptions.endsAt}) from ${subscriptions} where ${subscriptions.userId} = ${accountId} and ${subscriptions.status} = 'active')`;
}

export async function subscriptionEnd(db: Db, accountId: number): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: sql<Date | string | null>`max(${subscriptions.endsAt})` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, accountId), eq(subscriptions.status, 'active')));
  return row?.endsAt ? new Date(row.endsAt) : null;
}

/** A subscription (or one line of it) ending at `endsAt` has expired at `now`; no end never expires. */
export function isExpired(endsAt: Date | string | null, now = new Date()): boolean {
  return endsAt !== null && new Date(endsAt).getTime() < now.getTime();
}
