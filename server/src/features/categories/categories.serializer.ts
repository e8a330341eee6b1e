import type { Category } from '@app/common/contracts/categories';
import type { CategoryRow } from './categories.queries.js';

export function serializeCategory(row: CategoryRow): Category {
  return { idCategorie: row.id, libelle: row.libelle, boutique: { idBoutique: row.shopId } };
}
