import { randomBytes } from 'node:crypto';
import { ROLE } from '@app/common/roles';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { userRoles, users } from './schema/index.js';

/** The advisory-lock class of the first admin's creation (beside migrations' 1002). */
const ADMIN_LOCK_CLASS = 1003;

/**
 * First start: create the platform admin from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin` with a
 * random password printed once. Later starts leave an existing admin untouched. Servers started
 * together on a new database create it once: the creation holds a transaction advisory lock and
 * looks again under it (without, all but one died on `users_username_key`, issue 23).
 */
export async function ensureAdmin(
  db: Db,
  options: { username?: string | undefined; password?: string | undefined },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const existing = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, ROLE.admin)).limit(1);
  if (existing.length > 0) return;
  const username = (options.username ?? 'admin').toLowerCase();
  const password = options.password ?? randomBytes(9).toString('base64url');
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_CLASS}, 0)`);
    const again = await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, ROLE.admin)).limit(1);
    if (again.length > 0) return false;
    const [admin] = await tx
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password), nom: 'Admin', prenom: 'Platform', active: true })
      .returning({ id: users.id });
    if (!admin) throw new Error('admin insert returned nothing');
    await tx.insert(userRoles).values({ userId: admin.id, roleId: ROLE.admin });
    return true;
  });
  if (!created) return;
  if (options.password) {
    log.info({ username }, 'platform admin created from ADMIN_USERNAME/ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose: this is the only time the generated password is known.
    process.stdout.write(`\n  Platform admin created: username "${username}", password "${password}" (shown once; change it in the profile).\n\n`);
  }
}
