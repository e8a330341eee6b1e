import type { PlanUsage } from '@app/common/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/abonnement/usage: the account's plan, its end, and the shops, depots and users used. */
export function getPlanUsage(signal?: AbortSignal): Promise<PlanUsage> {
  return apiFetch<PlanUsage>('/api/abonnement/usage', { signal });
}

/** Read afresh on each visit of the home page: another screen may have added a shop, depot or user. */
export function usePlanUsage(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.planUsage, queryFn: ({ signal }) => getPlanUsage(signal), enabled, staleTime: 0 });
}
