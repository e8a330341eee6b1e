import type { Plan } from '@app/common/contracts/registration';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const PLANS_QUERY_KEY = ['plans'] as const;

/** GET /api/abonnements/: the plans with their counts and yearly price (null for Personaliser). */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiFetch<Plan[]>('/api/abonnements/', { signal });
}

export function usePlans(enabled = true) {
  return useQuery({ queryKey: PLANS_QUERY_KEY, queryFn: ({ signal }) => getPlans(signal), enabled, staleTime: 10 * 60_000 });
}
