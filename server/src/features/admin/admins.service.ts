import type { AdminRow, CreateAdminBody, UpdateAdminBody } from '@app/common/contracts/admin';
import { ROLE } from '@app/common/roles';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Actor } from '../../lib/access.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';
import { assertIdentityFree } from '../identity/identity.service.js';
import { serializeAdmin } from './admin.serializer.js';
import { hasRole } from './directors.queries.js';

const isAdmin = () => and(isNull(users.deletedAt), hasRole(ROLE.admin));

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db.select().from(users).where(isAdmin()).orderBy(asc(users.username));
  return rows.map(serializeAdmin);
}

async function adminRow(db: Db, userId: number): Promise<AdminRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isAdmin()));
  if (!row) throw new AppError('NOT_FOUND');
  return serializeAdmin(row);
}

/** Another platform admin, active at once. */
export async function createAdmin(db: Db, body: CreateAdminBody): Promise<AdminRow> {
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const identity = {
      username: body.username,
      nom: body.nom,
      prenom: body.prenom,
      email: body.email,
      telephone: body.telephone ?? null,
    };
    await assertIdentityFree(tx, identity);
    const [user] = await tx
      .insert(users)
      .values({ ...identity, passwordHash, active: true })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(userRoles).values({ userId: user.id, roleId: ROLE.admin });
    return user.id;
  });
  return adminRow(db, userId);
}

/** Edits a platform admin; anyone else is "not found". A new password ends their other sessions. */
export async function updateAdmin(db: Db, actor: Actor, userId: number, body: UpdateAdminBody): Promise<AdminRow> {
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isAdmin()))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND');
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
    if (passwordHash) await revokeOtherSessions(tx, userId, userId === actor.userId ? actor.sessionId : null);
  });
  return adminRow(db, userId);
}
