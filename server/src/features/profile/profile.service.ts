import type { SessionUser } from '@app/common/contracts/auth';
import type { ProfileBody } from '@app/common/contracts/profile';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashChosenPassword, verifyPassword } from '../../lib/passwords.js';
import type { Actor } from '../../lib/access.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';
import { loadSessionUser } from '../auth/session-user.service.js';
import { assertIdentityFree } from '../identity/identity.service.js';

type ParsedProfile = {
  username: string;
  changePassword: boolean;
  currentPassword?: string | undefined;
  password?: string | undefined;
};

/**
 * A user edits only their own profile. A new password needs the current one, and ends the
 * user's other sessions (DECISIONS §3), in the same transaction as the change.
 */
export async function updateProfile(db: Db, actor: Actor, userId: number, body: ParsedProfile): Promise<SessionUser> {
  if (userId !== actor.userId) throw new AppError('FORBIDDEN');
  const changing = body.changePassword && body.password !== undefined;
  if (changing) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(row.passwordHash, body.currentPassword ?? ''))) {
      throw new AppError('CURRENT_PASSWORD_WRONG', { details: [{ field: 'body.currentPassword' }] });
    }
  }
  const passwordHash = changing ? await hashChosenPassword(body.password!) : null;
  await db.transaction(async (tx) => {
    await assertIdentityFree(tx, { username: body.username }, userId);
    await tx
      .update(users)
      .set(passwordHash ? { username: body.username, passwordHash } : { username: body.username })
      .where(eq(users.id, userId));
    if (passwordHash) await revokeOtherSessions(tx, userId, actor.sessionId);
  });
  return loadSessionUser(db, userId);
}

export type { ProfileBody };
