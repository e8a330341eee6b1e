import type { ActivationContact } from '@app/common/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/contact: the phone numbers to call for activation, as the server is configured. */
export function getActivationContact(signal?: AbortSignal): Promise<ActivationContact> {
  return apiFetch<ActivationContact>('/api/auth/contact', { signal });
}

/** Fetched when the register page opens, so the confirmation shows them at once. */
export function useActivationContact(enabled = true) {
  return useQuery({
    queryKey: queryKeys.activationContact,
    queryFn: ({ signal }) => getActivationContact(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
