import type { SessionUser } from '@app/common/contracts/auth';
import { ROLE_LABEL, isRoleId } from '@app/common/roles';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { serializePerson } from '../../lib/person.js';
import { shopsOfUser } from '../shops/shops.service.js';
import { isExpired, subscriptionEnd } from '../subscriptions/subscriptions.service.js';

/** The user as the client stores it after sign-in: roles, shops and subscription state. */
export async function loadSessionUser(db: Db, userId: number, now = new Date()): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND');
  const [roleRows, shopList, endsAt] = await Promise.all([
    db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.roleId)),
    shopsOfUser(db, userId),
    subscriptionEnd(db, user.accountId ?? user.id),
  ]);
  return {
    ...serializePerson(user),
    role: roleRows.map((r) => r.roleId).filter(isRoleId).map((id) => ({ idRole: id, libelle: ROLE_LABEL[id] })),
    boutiques: shopList,
    subscription: endsAt ? { expired: isExpired(endsAt, now), endsAt: endsAt.toISOString() } : null,
  };
}
