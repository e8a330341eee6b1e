import type { ShopUser } from '@app/common/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users_directeur/: every user of the director's account, with their shops. */
export function getAccountUsers(signal?: AbortSignal): Promise<ShopUser[]> {
  return apiFetch<ShopUser[]>('/api/users_directeur/', { signal });
}

export function useAccountUsers() {
  return useQuery({ queryKey: queryKeys.shopUsers.account, queryFn: ({ signal }) => getAccountUsers(signal) });
}
