import type { SigninBody, SigninResponse } from '@app/common/contracts/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { openSession } from '../sessions/sessions.service.js';
import { loadSessionUser } from './session-user.service.js';

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
  const token = await openSession(db, user.id);
  return { accessToken: token, tokenType: 'Bearer', user: await loadSessionUser(db, user.id) };
}
