import type { Plan } from '@app/common/contracts/registration';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/abonnements/: Bronze, Argent and Personaliser with their yearly price (null for Personaliser) and counts. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiFetch<Plan[]>('/api/abonnements/', { signal });
}

/** The register screen and the admin's plan-and-period dialog read the same plans. */
export function usePlans(enabled = true) {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: ({ signal }) => getPlans(signal),
    enabled,
    // Prices change rarely; a phone on a slow link should not fetch them twice in a visit.
    staleTime: 10 * 60_000,
  });
}
