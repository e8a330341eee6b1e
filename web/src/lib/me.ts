import type { SessionUser } from '@app/common/contracts/auth';
import { apiFetch } from './api-client';
import { setSessionUser } from './session';

export function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  return apiFetch<SessionUser>('/api/auth/me', { signal });
}

/** Re-reads the signed-in user (roles, shops, subscription) into storage. */
export async function refreshSessionUser(): Promise<SessionUser> {
  const user = await fetchMe();
  setSessionUser(user);
  return user;
}
