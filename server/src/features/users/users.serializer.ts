import type { ShopUser, ShopUserWithDepots } from '@app/common/contracts/users';
import { ROLE_LABEL, isRoleId } from '@app/common/roles';
import type { Db } from '../../db/client.js';
import { serializePerson } from '../../lib/person.js';
import { depotsOf, rolesOf, shopsOf, type UserRow } from './users.queries.js';

function serializeUser(row: UserRow, roleIds: number[], shopList: { id: number; nom: string }[]): ShopUser {
  return {
    ...serializePerson(row),
    role: roleIds.filter(isRoleId).map((id) => ({ idRole: id, libelle: ROLE_LABEL[id] })),
    boutiques: shopList.map((shop) => ({ idBoutique: shop.id, nom: shop.nom })),
  };
}

/** Rows to wire users, with roles and the shops among `callerShopIds` each belongs to. */
export async function serializeUsers(db: Db, rows: UserRow[], callerShopIds: number[]): Promise<ShopUser[]> {
  const ids = rows.map((r) => r.id);
  const [roles, shopLists] = await Promise.all([rolesOf(db, ids), shopsOf(db, ids, callerShopIds)]);
  return rows.map((row) => serializeUser(row, roles.get(row.id) ?? [], shopLists.get(row.id) ?? []));
}

/** As `serializeUsers`, with the depots of `shopId` each user is assigned to. */
export async function serializeUsersWithDepots(
  db: Db,
  rows: UserRow[],
  callerShopIds: number[],
  shopId: number,
): Promise<ShopUserWithDepots[]> {
  const [list, depotLists] = await Promise.all([
    serializeUsers(db, rows, callerShopIds),
    depotsOf(
      db,
      rows.map((r) => r.id),
      shopId,
    ),
  ]);
  return list.map((user) => ({
    ...user,
    depots: (depotLists.get(user.idUser) ?? []).map((depot) => ({ idDepot: depot.id, libelle: depot.libelle })),
  }));
}
