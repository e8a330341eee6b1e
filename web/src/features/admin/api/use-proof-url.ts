import type { QueryCache } from '@tanstack/react-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetchBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const [PROOF_KEY] = queryKeys.proofImage.all;
const watched = new WeakSet<QueryCache>();

/** Object URLs live as long as their cache entry: revoked when the entry is dropped (or at logout). */
function revokeOnRemoval(cache: QueryCache): void {
  if (watched.has(cache)) return;
  watched.add(cache);
  cache.subscribe((event) => {
    const url = event.query.state.data;
    if (event.type === 'removed' && event.query.queryKey[0] === PROOF_KEY && typeof url === 'string') URL.revokeObjectURL(url);
  });
}

/**
 * The proof image `/api/files/{id}` needs the bearer token, which an `<img src>` cannot send:
 * fetch it as a blob and show it through an object URL (one per image, shared by the
 * thumbnail and the gallery).
 */
export function useProofUrl(path: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => revokeOnRemoval(queryClient.getQueryCache()), [queryClient]);
  return useQuery({
    queryKey: queryKeys.proofImage.of(path),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiFetchBlob(path ?? '', { signal })),
    enabled: path !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
