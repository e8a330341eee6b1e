import { PASSWORD_RESET_TTL_MS } from '@app/common/constants';
import type { Language } from '@app/common/languages';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashChosenPassword } from '../../lib/passwords.js';
import { newToken, hashToken } from '../../lib/tokens.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';

/**
 * Forgot password (DECISIONS §3): a single-use link valid for one hour, mailed in the
 * requested language. Only the token's hash is stored. An earlier unused link of the same
 * user stops working: only the latest mail counts.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  body: { email: string; langue: Language },
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, nom: users.nom, prenom: users.prenom })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${body.email}`, isNull(users.deletedAt)));
  // The seed's screen says so ('Your email does not exist'); the call is rate-limited per address.
  if (!user?.email) throw new AppError('EMAIL_UNKNOWN');
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx
      .insert(passwordResets)
      .values({ tokenHash: hash, userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
  });
  const t = translator(body.langue);
  const link = `${publicUrl}/${body.langue}/reset-password?token=${encodeURIComponent(token)}`;
  const name = `${user.prenom} ${user.nom}`.trim();
  await mailer.send({
    to: user.email,
    subject: t('reset.subject', { ns: 'mail' }),
    text: t('reset.text', { ns: 'mail', name, link }),
  });
}

/**
 * One transaction: the token is claimed by a guarded update (unused and unexpired), so two
 * concurrent uses cannot both succeed; the new hash is set and every session of the user ends.
 */
export async function resetPassword(db: Db, body: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashChosenPassword(body.password);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new AppError('RESET_TOKEN_INVALID');
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw new AppError('RESET_TOKEN_INVALID');
    await revokeOtherSessions(tx, user.id, null);
  });
}
