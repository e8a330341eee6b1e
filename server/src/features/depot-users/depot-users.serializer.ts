import type { DepotUser } from '@app/common/contracts/depot-users';
import type { DepotUserRow } from './depot-users.queries.js';

export function serializeDepotUser(row: DepotUserRow): DepotUser {
  return {
    depot: { idDepot: row.depotId, libelle: row.libelle },
    boutique: { idBoutique: row.shopId, nom: row.shopNom },
    user: { idUser: row.userId, username: row.username, nom: row.nom, prenom: row.prenom },
    depotsPK: { depot: row.depotId, user: row.userId },
  };
}
