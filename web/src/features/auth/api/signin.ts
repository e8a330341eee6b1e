import type { SigninBody, SigninResponse } from '@app/common/contracts/auth';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/signin. No idempotency key: the answer carries a token, not to be replayed. */
export function signin(body: SigninBody): Promise<SigninResponse> {
  return apiFetch<SigninResponse>('/api/auth/signin', { method: 'POST', body, idempotent: false });
}
