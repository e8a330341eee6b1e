import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export type Identity = { username?: string; email?: string | null; telephone?: string | null };

/**
 * Usernames and e-mails stay taken after a soft delete (the unique indexes cover deleted rows);
 * a phone number is taken only by a live account (no index: checked here).
 */
const usernameTaken = (username: string) => eq(users.username, username.trim().toLowerCase());
const emailTaken = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;
const phoneTaken = (telephone: string) => and(eq(users.telephone, telephone), isNull(users.deletedAt));

async function exists(db: Db, where: SQL | undefined, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? where : and(where, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export const usernameExists = (db: Db, username: string) => exists(db, usernameTaken(username));
export const emailExists = (db: Db, email: string) => exists(db, emailTaken(email));
export const phoneExists = (db: Db, telephone: string) => exists(db, phoneTaken(telephone));

/**
 * Inside the transaction that writes the account: serializes writers of the same username,
 * e-mail or phone (transaction-scoped advisory locks, taken in a fixed order), then refuses a
 * value another account holds with USERNAME_TAKEN / EMAIL_TAKEN / PHONE_TAKEN. Nothing is
 * written before this check, so a refusal leaves no half-made account.
 */
export async function assertIdentityFree(tx: Db, identity: Identity, exceptUserId?: number): Promise<void> {
  const keys = [
    identity.username && `username:${identity.username.toLowerCase()}`,
    identity.email && `email:${identity.email.toLowerCase()}`,
    identity.telephone && `telephone:${identity.telephone}`,
  ]
    .filter((key): key is string => Boolean(key))
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  if (identity.username && (await exists(tx, usernameTaken(identity.username), exceptUserId))) {
    throw new AppError('USERNAME_TAKEN', { details: [{ field: 'body.username' }] });
  }
  if (identity.email && (await exists(tx, emailTaken(identity.email), exceptUserId))) {
    throw new AppError('EMAIL_TAKEN', { details: [{ field: 'body.email' }] });
  }
  if (identity.telephone && (await exists(tx, phoneTaken(identity.telephone), exceptUserId))) {
    throw new AppError('PHONE_TAKEN', { details: [{ field: 'body.telephone' }] });
  }
}
