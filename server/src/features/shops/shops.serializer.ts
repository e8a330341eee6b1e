import type { Shop } from '@app/common/contracts/shops';
import type { shops } from '../../db/schema/index.js';

export function serializeShop(row: typeof shops.$inferSelect): Shop {
  return { idBoutique: row.id, nom: row.nom, telephone: row.telephone, adresse: row.adresse, timeZone: row.timeZone };
}
