import { apiFetch } from '../../../lib/api-client';

/** Live checks of the register screen (seed 000 §7): 1 when the value is already taken. */
export type IdentityField = 'email' | 'username' | 'telephone';

const PATHS: Record<IdentityField, (value: string) => string> = {
  email: (value) => `/api/auth/check/email/${encodeURIComponent(value)}`,
  username: (value) => `/api/auth/check_username/${encodeURIComponent(value)}`,
  telephone: (value) => `/api/auth/check/telephone/${encodeURIComponent(value)}`,
};

export function checkIdentity(field: IdentityField, value: string, signal?: AbortSignal): Promise<number> {
  return apiFetch<number>(PATHS[field](value), { signal });
}
