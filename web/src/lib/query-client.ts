import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api-error';

/**
 * Reads are retried twice when the network dropped or the server failed (unreliable mobile
 * links); refusals are not. Writes are never retried automatically: the user retries them,
 * with the same idempotency key.
 *
 * `networkMode: 'always'`: by default TanStack Query pauses calls while the browser says it is
 * offline, and a save then spins until the network returns. Here every call runs and fails
 * within the seeds' timeouts (api-client), so the screen can say "offline, try again".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 2 && isRetryable(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
