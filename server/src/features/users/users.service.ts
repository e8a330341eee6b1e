import type { Page } from '@app/common/contracts/paging';
import type { Shop } from '@app/common/contracts/shops';
import { DIRECTOR_ASSIGNABLE_ROLES, type RoleOption, type ShopUser, type ShopUserWithDepots } from '@app/common/contracts/users';
import { ROLE_LABEL } from '@app/common/roles';
import type { Db } from '../../db/client.js';
import { toPage } from '../../lib/paging.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { allShops } from '../shops/shops.service.js';
import {
  findVisibleUser,
  listAccountUsers,
  listShopUsers,
  listVisibleUsers,
  membershipsIn,
  type UserRow,
} from './users.queries.js';

type PageInput = { page: number; term?: string };
import { serializeUsers, serializeUsersWithDepots } from './users.serializer.js';

/**
 * A user the director may manage (a member of one of their shops, or of their account);
 * anyone else is NOT_FOUND (DECISIONS §1).
 */
export async function findManagedUser(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const row = await findVisibleUser(db, actor, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function isMemberOf(db: Db, userId: number, shopId: number): Promise<boolean> {
  return (await membershipsIn(db, userId, [shopId])).length > 0;
}

/** The users of the shop the caller acts in. */
export async function pageShopUsers(db: Db, ctx: ShopContext, input: PageInput): Promise<Page<ShopUser>> {
  const { rows, total } = await listShopUsers(db, ctx.shopId, input);
  return toPage(await serializeUsers(db, rows, ctx.shopIds), total, input.page);
}

/** Users of a shop with their depots there, searched by user fields or depot label. */
export async function pageShopUsersWithDepots(db: Db, ctx: ShopContext, input: PageInput): Promise<Page<ShopUserWithDepots>> {
  const { rows, total } = await listShopUsers(db, ctx.shopId, { ...input, depotTerm: true });
  return toPage(await serializeUsersWithDepots(db, rows, ctx.shopIds, ctx.shopId), total, input.page);
}

/** The seed's misnamed search (`/api/depot/user/page/{page}/{search}`): users across the caller's shops. */
export async function pageVisibleUsers(db: Db, actor: Actor, input: PageInput): Promise<Page<ShopUser>> {
  const { rows, total } = await listVisibleUsers(db, actor, input);
  return toPage(await serializeUsers(db, rows, actor.shopIds), total, input.page);
}

export async function allShopUsers(db: Db, ctx: ShopContext): Promise<ShopUser[]> {
  const { rows } = await listShopUsers(db, ctx.shopId);
  return serializeUsers(db, rows, ctx.shopIds);
}

export async function accountUsers(db: Db, actor: Actor): Promise<ShopUser[]> {
  const { rows } = await listAccountUsers(db, actor.accountId);
  return serializeUsers(db, rows, actor.shopIds);
}

/** The caller's own membership lines: their shops (the named shop is only checked for membership). */
export function currentUserShops(db: Db, actor: Actor): Promise<Shop[]> {
  return allShops(db, actor);
}

export function assignableRoles(): RoleOption[] {
  return DIRECTOR_ASSIGNABLE_ROLES.map((id) => ({ idRole: id, libelle: ROLE_LABEL[id] }));
}
