import type { Plan } from '@app/common/contracts/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/abonnements/: Bronze, Argent and Personaliser with their yearly price and counts. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiFetch<Plan[]>('/api/abonnements/', { signal });
}

export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => getPlans(signal),
  // Prices change rarely; a phone on a slow link should not fetch them twice in a visit.
  staleTime: 10 * 60_000,
});

export function usePlans() {
  return useQuery(plansQuery);
}
