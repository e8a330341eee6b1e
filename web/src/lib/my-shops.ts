import type { Shop } from '@app/common/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** The caller's shops; user and depot forms offer them. Shop changes invalidate `['shops']`. */
export const MY_SHOPS_QUERY_KEY = ['shops', 'mine'] as const;

/** GET /api/boutique_current_user. */
export function getMyShops(signal?: AbortSignal): Promise<Shop[]> {
  return apiFetch<Shop[]>('/api/boutique_current_user', { signal });
}

export function useMyShops(enabled = true) {
  return useQuery({ queryKey: MY_SHOPS_QUERY_KEY, queryFn: ({ signal }) => getMyShops(signal), enabled });
}
