import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { newToken } from '../../lib/tokens.js';

/** A new session: the token goes to the client once; only its hash is stored (DECISIONS §3). */
export async function openSession(db: Db, userId: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({ tokenHash: hash, userId });
  return token;
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user but the one given (password change, DECISIONS §3), or all of
 * them (`keepSessionId` null: the account is deleted or its password set by someone else).
 */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number | null): Promise<void> {
  const where =
    keepSessionId === null
      ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(where);
}
