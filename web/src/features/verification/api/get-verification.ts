import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Verification } from '@app/common/contracts/legal';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/verifier/{code} (public, rate-limited): the five fields of an issued document, or 404. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: queryKeys.legal.verification(code),
    queryFn: ({ signal }) => apiFetch<Verification>(`/api/verifier/${encodeURIComponent(code)}`, { signal }),
    // A 404 is the answer "cannot be verified", not a glitch to retry.
    retry: false,
    staleTime: 60_000,
  });
}
