import type { SessionUser } from '@app/common/contracts/auth';
import { ROLE_LABEL, isRoleId } from '@app/common/roles';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shopMembers, shops, subscriptions, userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { serializeShop } from '../shops/shops.serializer.js';

/** The user as the client stores it after sign-in: roles, shops and subscription state. */
export async function loadSessionUser(db: Db, userId: number, now = new Date()): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND');
  const [roleRows, shopRows, [subscription]] = await Promise.all([
    db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.roleId)),
    db
      .select({ shop: shops })
      .from(shopMembers)
      .innerJoin(shops, and(eq(shops.id, shopMembers.shopId), isNull(shops.deletedAt)))
      .where(eq(shopMembers.userId, userId))
      .orderBy(asc(shops.nom)),
    db
      .select({ endsAt: sql<string | null>`max(${subscriptions.endsAt})` })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.accountId ?? user.id), eq(subscriptions.status, 'active'))),
  ]);
  const endsAt = subscription?.endsAt ? new Date(subscription.endsAt) : null;
  return {
    idUser: user.id,
    username: user.username,
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    telephone: user.telephone,
    active: user.active ? 1 : 0,
    role: roleRows.map((r) => r.roleId).filter(isRoleId).map((id) => ({ idRole: id, libelle: ROLE_LABEL[id] })),
    boutiques: shopRows.map((r) => serializeShop(r.shop)),
    subscription: endsAt ? { expired: endsAt.getTime() < now.getTime(), endsAt: endsAt.toISOString() } : null,
  };
}
