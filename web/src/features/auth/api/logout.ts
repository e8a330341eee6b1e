import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/logout: ends the session on the server. Best effort: the client forgets it anyway. */
export function logoutRequest(): Promise<void> {
  return apiFetch<unknown>('/api/auth/logout', { method: 'POST' }).then(
    () => undefined,
    () => undefined,
  );
}
