import type { ShopUser } from '@app/common/contracts/users';
import type { EntityPickerConfig } from '../../../components/entity-picker';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/ligne_boutique_boutique_users/{idBoutique}: every user of the shop. */
export function getShopUsers(idBoutique: number, signal?: AbortSignal): Promise<ShopUser[]> {
  return apiFetch<ShopUser[]>(`/api/ligne_boutique_boutique_users/${idBoutique}`, { signal });
}

/** The users of the shop, to assign one to a depot (no quick add: users have their own screen). */
export function shopUserPicker(idBoutique: number): EntityPickerConfig<ShopUser> {
  return {
    queryKey: queryKeys.shopUsers.options(idBoutique),
    source: { kind: 'list', load: (signal) => getShopUsers(idBoutique, signal) },
    idOf: (user) => user.idUser,
    labelOf: (user) => `${user.username} — ${user.prenom} ${user.nom}`,
    testId: 'assignment-user-select',
  };
}
