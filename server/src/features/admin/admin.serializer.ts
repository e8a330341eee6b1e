import type { AdminRow, DirectorRow } from '@app/common/contracts/admin';
import type { shops, users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

export function serializeAdmin(user: UserRow): AdminRow {
  return {
    idUser: user.id,
    username: user.username,
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    telephone: user.telephone,
    active: user.active ? 1 : 0,
  };
}

export function serializeDirector(user: UserRow, shop: typeof shops.$inferSelect | undefined): DirectorRow {
  return {
    ...serializeAdmin(user),
    idBoutique: shop?.id ?? null,
    nomBoutque: shop?.nom ?? null,
    adresse: shop?.adresse ?? null,
    tel: shop?.telephone ?? null,
  };
}
