import type { Depot } from '@app/common/contracts/depots';
import type { ShopUser } from '@app/common/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { DEPOT_USERS_QUERY_KEY } from './get-depot-users';

/** GET /api/ligne_boutique_boutique_users/{idBoutique}: every user of the shop. */
export function getShopUsers(idBoutique: number, signal?: AbortSignal): Promise<ShopUser[]> {
  return apiFetch<ShopUser[]>(`/api/ligne_boutique_boutique_users/${idBoutique}`, { signal });
}

/** GET /api/ligne_depot_current_boutique/{idBoutique}: every depot of the shop. */
export function getShopDepots(idBoutique: number, signal?: AbortSignal): Promise<Depot[]> {
  return apiFetch<Depot[]>(`/api/ligne_depot_current_boutique/${idBoutique}`, { signal });
}

// Read again each time the dialog opens: users and depots change on other screens.
export function useShopUsersPicker(idBoutique: number, enabled: boolean) {
  return useQuery({
    queryKey: [...DEPOT_USERS_QUERY_KEY, 'users', idBoutique],
    queryFn: ({ signal }) => getShopUsers(idBoutique, signal),
    enabled,
    staleTime: 0,
  });
}

export function useShopDepotsPicker(idBoutique: number, enabled: boolean) {
  return useQuery({
    queryKey: [...DEPOT_USERS_QUERY_KEY, 'depots', idBoutique],
    queryFn: ({ signal }) => getShopDepots(idBoutique, signal),
    enabled,
    staleTime: 0,
  });
}
