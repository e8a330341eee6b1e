import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { PersonInput } from '../../lib/person.js';
import { assertIdentityFree } from '../identity/identity.service.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';

/**
 * The admin's edit of an account's person fields (a director or a platform admin), inside the
 * caller's transaction: the username, e-mail and phone must be free; a missing phone or
 * password is left unchanged; a new password ends the account's sessions but `keepSessionId`
 * (DECISIONS §3).
 */
export async function savePersonEdit(
  tx: Db,
  userId: number,
  body: PersonInput,
  passwordHash: string | null,
  keepSessionId: number | null,
): Promise<void> {
  await assertIdentityFree(tx, { username: body.username, email: body.email, telephone: body.telephone ?? null }, userId);
  await tx
    .update(users)
    .set({
      username: body.username,
      nom: body.nom,
      prenom: body.prenom,
      email: body.email,
      ...(body.telephone === undefined ? {} : { telephone: body.telephone }),
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where(eq(users.id, userId));
  if (passwordHash) await revokeOtherSessions(tx, userId, keepSessionId);
}
