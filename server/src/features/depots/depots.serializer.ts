import type { Depot } from '@app/common/contracts/depots';
import type { DepotWithShop } from './depots.queries.js';

export function serializeDepot(row: Pick<DepotWithShop, 'depot' | 'shopNom'>): Depot {
  return { idDepot: row.depot.id, libelle: row.depot.libelle, boutique: { idBoutique: row.depot.shopId, nom: row.shopNom } };
}
