import type { DirectorPlan, DirectorRow } from '@app/common/contracts/admin';
import type { shops, users } from '../../db/schema/index.js';
import { serializePerson } from '../../lib/person.js';

type UserRow = typeof users.$inferSelect;

export function serializeDirector(
  user: UserRow,
  shop: typeof shops.$inferSelect | undefined,
  line: DirectorPlan | undefined,
): DirectorRow {
  return {
    ...serializePerson(user),
    idBoutique: shop?.id ?? null,
    nomBoutque: shop?.nom ?? null,
    adresse: shop?.adresse ?? null,
    tel: shop?.telephone ?? null,
    ligne: line ?? null,
  };
}
