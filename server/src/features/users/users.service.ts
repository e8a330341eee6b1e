import type { Page } from '@app/common/contracts/paging';
import type { Shop } from '@app/common/contracts/shops';
import { DIRECTOR_ASSIGNABLE_ROLES, type RoleOption, type ShopUser, type ShopUserWithDepots } from '@app/common/contracts/users';
import { ROLE_LABEL } from '@app/common/roles';
import type { Db } from '../../db/client.js';
import { toPage } from '../../lib/paging.js';
import type { Actor } from '../../plugins/auth.js';
import { allShops } from '../shops/shops.service.js';
import { listAccountUsers, listShopUsers, listVisibleUsers } from './users.queries.js';
import { serializeUsers, serializeUsersWithDepots } from './users.serializer.js';

/** The users of a shop the caller belongs to (membership is checked by the auth hook). */
export async function pageShopUsers(db: Db, actor: Actor, shopId: number, page: number, term?: string): Promise<Page<ShopUser>> {
  const { rows, total } = await listShopUsers(db, shopId, { page, term });
  return toPage(await serializeUsers(db, rows, actor.shopIds), total, page);
}

/** Users of a shop with their depots there, searched by user fields or depot label. */
export async function pageShopUsersWithDepots(
  db: Db,
  actor: Actor,
  shopId: number,
  page: number,
  term: string,
): Promise<Page<ShopUserWithDepots>> {
  const { rows, total } = await listShopUsers(db, shopId, { page, term, depotTerm: true });
  return toPage(await serializeUsersWithDepots(db, rows, actor.shopIds, shopId), total, page);
}

/** The seed's misnamed search (`/api/depot/user/page/{page}/{search}`): users across the caller's shops. */
export async function pageVisibleUsers(db: Db, actor: Actor, page: number, term: string): Promise<Page<ShopUser>> {
  const { rows, total } = await listVisibleUsers(db, actor, { page, term });
  return toPage(await serializeUsers(db, rows, actor.shopIds), total, page);
}

export async function allShopUsers(db: Db, actor: Actor, shopId: number): Promise<ShopUser[]> {
  const { rows } = await listShopUsers(db, shopId);
  return serializeUsers(db, rows, actor.shopIds);
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
