import type { Shop } from '@app/common/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/boutique_current_user. */
export function getMyShops(signal?: AbortSignal): Promise<Shop[]> {
  return apiFetch<Shop[]>('/api/boutique_current_user', { signal });
}

/** The caller's shops; user and depot forms offer them. Shop changes invalidate `queryKeys.shops.all`. */
export function useMyShops(enabled = true) {
  return useQuery({ queryKey: queryKeys.shops.mine, queryFn: ({ signal }) => getMyShops(signal), enabled });
}
