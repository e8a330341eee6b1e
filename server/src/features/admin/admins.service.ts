import type { AdminRow, CreateAdminBody, UpdateAdminBody } from '@app/common/contracts/admin';
import { ROLE } from '@app/common/roles';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashChosenPassword } from '../../lib/passwords.js';
import type { Actor } from '../../lib/access.js';
import { personColumns, serializePerson, type PersonInput } from '../../lib/person.js';
import { assertIdentityFree } from '../identity/identity.service.js';
import { hasRole } from './directors.queries.js';
import { savePersonEdit } from './person-edit.js';

const isAdmin = () => and(isNull(users.deletedAt), hasRole(ROLE.admin));

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db.select().from(users).where(isAdmin()).orderBy(asc(users.username));
  return rows.map(serializePerson);
}

async function adminRow(db: Db, userId: number): Promise<AdminRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isAdmin()));
  if (!row) throw new AppError('NOT_FOUND');
  return serializePerson(row);
}

/** Another platform admin, active at once. */
export async function createAdmin(db: Db, body: CreateAdminBody): Promise<AdminRow> {
  return addAdmin(db, body, await hashChosenPassword(body.password));
}

/** As `createAdmin`, with the password already hashed (hashing is slow: a caller creating many accounts may hash once). */
export async function addAdmin(db: Db, body: PersonInput, passwordHash: string): Promise<AdminRow> {
  const userId = await db.transaction(async (tx) => {
    const identity = personColumns(body);
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
  const passwordHash = body.password ? await hashChosenPassword(body.password) : null;
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isAdmin()))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND');
    await savePersonEdit(tx, userId, body, passwordHash, userId === actor.userId ? actor.sessionId : null);
  });
  return adminRow(db, userId);
}
