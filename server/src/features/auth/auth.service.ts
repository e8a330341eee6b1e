import type { SigninBody, SigninResponse } from '@app/common/contracts/auth';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { newToken } from '../../lib/tokens.js';
import { loadSessionUser } from './session-user.queries.js';

export async function signin(db: Db, body: SigninBody): Promise<SigninResponse> {
  const username = body.username.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)));
  if (!user) {
    await burnPasswordCheck(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError('INVALID_CREDENTIALS');
  // Said only after the password matched, so that it reveals nothing to a guesser.
  if (!user.active) throw new AppError('ACCOUNT_INACTIVE');
  const { token, hash } = newToken();
  await db.insert(sessions).values({ tokenHash: hash, userId: user.id });
  return { accessToken: token, tokenType: 'Bearer', user: await loadSessionUser(db, user.id) };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but the one given (password change, DECISIONS §3). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number | null): Promise<void> {
  const where = keepSessionId === null
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(where);
}
