import type { CreateUserInput, ShopUser, UpdateUserInput } from '@app/common/contracts/users';
import { DIRECTOR_ASSIGNABLE_ROLES } from '@app/common/contracts/users';
import { ROLE } from '@app/common/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers, shopMembers, userRoles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { roleIdsOf, writeAudit } from '../../lib/audit.js';
import { hashChosenPassword } from '../../lib/passwords.js';
import { personColumns } from '../../lib/person.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';
import { findShopOf } from '../shops/shops.service.js';
import { assertWithinPlan } from '../subscriptions/plan-limits.service.js';
import { assertIdentityFree } from '../identity/identity.service.js';
import { findManagedUser } from './users.service.js';
import { membershipsIn, ownsAnyOf } from './users.queries.js';
import { serializeUsers } from './users.serializer.js';

/**
 * The owner of the caller's account (or of any shop the caller works in) is managed by
 * themselves only: a co-director must not be able to take the account over by changing the
 * owner's e-mail, password, roles or shops.
 */
async function assertNotSomeoneElsesOwner(db: Db, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) return;
  if (userId === actor.accountId || (await ownsAnyOf(db, userId, actor.shopIds))) throw new AppError('FORBIDDEN');
}

async function loadVisibleUser(db: Db, actor: Actor, userId: number): Promise<ShopUser> {
  const [user] = await serializeUsers(db, [await findManagedUser(db, actor, userId)], actor.shopIds);
  return user!;
}

/**
 * POST /api/users_gerant and /api/users_caisse_a: a user of the caller's account, in some of
 * the caller's shops (every shop of `boutiques` was checked by the auth hook).
 */
export async function createShopUser(db: Db, actor: Actor, body: CreateUserInput): Promise<ShopUser> {
  return addShopUser(db, actor, body, await hashChosenPassword(body.password));
}

/** As `createShopUser`, with the password already hashed (hashing is slow: a caller creating many accounts may hash once). */
export async function addShopUser(
  db: Db,
  actor: Actor,
  body: Omit<CreateUserInput, 'password'>,
  passwordHash: string,
): Promise<ShopUser> {
  const userId = await db.transaction(async (tx) => {
    await assertWithinPlan(tx, actor.accountId, 'users');
    await assertIdentityFree(tx, { username: body.username, email: body.email });
    const [user] = await tx
      .insert(users)
      .values({ ...personColumns(body), passwordHash, active: true, accountId: actor.accountId })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(userRoles).values(body.role.map((roleId) => ({ userId: user.id, roleId })));
    await tx.insert(shopMembers).values(body.boutiques.map((shopId) => ({ shopId, userId: user.id })));
    return user.id;
  });
  return loadVisibleUser(db, actor, userId);
}

/**
 * PUT /api/users/gerant/{idUser}: identity, roles and shops. Shops are replaced only among the
 * caller's shops (those of `boutiques` were checked by the auth hook); memberships elsewhere stay
 * untouched. Leaving a shop also ends the user's depot assignments there.
 */
export async function updateShopUser(db: Db, actor: Actor, userId: number, body: UpdateUserInput): Promise<ShopUser> {
  await db.transaction(async (tx) => {
    // Another tenant's user is "not found" whatever the body names (DECISIONS §1).
    await findManagedUser(tx, actor, userId);
    await assertNotSomeoneElsesOwner(tx, actor, userId);
    const current = await membershipsIn(tx, userId, actor.shopIds);
    const removed = current.filter((id) => !body.boutiques.includes(id));
    const added = body.boutiques.filter((id) => !current.includes(id));
    // A director who left their own shops or director role would lock themselves out.
    if (userId === actor.userId && (removed.length > 0 || !body.role.includes(ROLE.director))) {
      throw new AppError('CANNOT_REMOVE_SELF', { details: [{ field: removed.length > 0 ? 'body.boutiques' : 'body.role' }] });
    }
    await assertIdentityFree(tx, { username: body.username, email: body.email }, userId);
    const rolesBefore = await roleIdsOf(tx, userId);
    await tx.update(users).set(personColumns(body)).where(eq(users.id, userId));
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, [...DIRECTOR_ASSIGNABLE_ROLES])));
    await tx
      .insert(userRoles)
      .values(body.role.map((roleId) => ({ userId, roleId })))
      .onConflictDoNothing();
    if (removed.length > 0) {
      await tx.delete(shopMembers).where(and(eq(shopMembers.userId, userId), inArray(shopMembers.shopId, removed)));
      await tx.delete(depotUsers).where(and(eq(depotUsers.userId, userId), inArray(depotUsers.shopId, removed)));
    }
    if (added.length > 0) {
      await tx
        .insert(shopMembers)
        .values(added.map((shopId) => ({ shopId, userId })))
        .onConflictDoNothing();
    }
    await writeAudit(tx, {
      shopId: null,
      userId: actor.userId,
      action: 'user.update',
      entity: 'user',
      entityId: userId,
      before: { roles: rolesBefore, shops: current },
      after: { roles: await roleIdsOf(tx, userId), shops: await membershipsIn(tx, userId, actor.shopIds) },
    });
  });
  return loadVisibleUser(db, actor, userId);
}

/**
 * PUT /api/update/pass/{idUser}: a director sets another user's password, which ends that user's
 * sessions (DECISIONS §3). Their own changes in the profile, with the current one.
 */
export async function setShopUserPassword(
  db: Db,
  actor: Actor,
  userId: number,
  body: { idUser?: number | undefined; nouveau: string },
): Promise<void> {
  if (body.idUser !== undefined && body.idUser !== userId)
    throw new AppError('BAD_REQUEST', { details: [{ field: 'body.idUser' }] });
  await findManagedUser(db, actor, userId);
  // One's own password changes in the profile, which asks for the current one (ASVS V2.1.6).
  if (userId === actor.userId) throw new AppError('OWN_PASSWORD_IN_PROFILE');
  await assertNotSomeoneElsesOwner(db, actor, userId);
  const passwordHash = await hashChosenPassword(body.nouveau, 'nouveau');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, null);
    await writeAudit(tx, { shopId: null, userId: actor.userId, action: 'user.password_set', entity: 'user', entityId: userId });
  });
}

/**
 * DELETE /api/users/boutique/{idBoutique}/{idUser}: ends the membership and the user's depot
 * assignments in that shop; removed from their last shop, the user's sessions end. The caller
 * cannot remove themselves, nor the shop's owner.
 */
export async function removeFromShop(db: Db, ctx: ShopContext, userId: number): Promise<void> {
  if (userId === ctx.userId) throw new AppError('CANNOT_REMOVE_SELF');
  const shopId = ctx.shopId;
  await db.transaction(async (tx) => {
    const shop = await findShopOf(tx, ctx);
    const memberships = await membershipsIn(tx, userId, [shopId]);
    if (memberships.length === 0) throw new AppError('NOT_FOUND');
    if (shop.accountId === userId) throw new AppError('CANNOT_REMOVE_OWNER');
    await tx.delete(shopMembers).where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
    await tx.delete(depotUsers).where(and(eq(depotUsers.shopId, shopId), eq(depotUsers.userId, userId)));
    await writeAudit(tx, { shopId, userId: ctx.userId, action: 'user.remove_from_shop', entity: 'user', entityId: userId, before: { shopId } });
    // Out of every shop: their open sessions end at once (ASVS V3.3), not at the next idle expiry.
    if ((await tx.select({ shopId: shopMembers.shopId }).from(shopMembers).where(eq(shopMembers.userId, userId))).length === 0) {
      await revokeOtherSessions(tx, userId, null);
    }
  });
}

/**
 * DELETE /api/users/{idUser}: the director deletes a user of their account (typically one removed
 * from every shop, who still signs in to an empty app and takes a plan seat). Soft delete: the
 * user's records stay for the documents; memberships and depot assignments end, every session
 * ends, and the seat is free. Not oneself, not an account owner, not another account's user.
 */
export async function deleteAccountUser(db: Db, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) throw new AppError('CANNOT_REMOVE_SELF');
  await db.transaction(async (tx) => {
    const user = await findManagedUser(tx, actor, userId);
    if (user.accountId !== actor.accountId) throw new AppError('FORBIDDEN');
    await assertNotSomeoneElsesOwner(tx, actor, userId);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(shopMembers).where(eq(shopMembers.userId, userId));
    await tx.delete(depotUsers).where(eq(depotUsers.userId, userId));
    await revokeOtherSessions(tx, userId, null);
    await writeAudit(tx, { shopId: null, userId: actor.userId, action: 'user.delete', entity: 'user', entityId: userId, before: { username: user.username } });
  });
}
