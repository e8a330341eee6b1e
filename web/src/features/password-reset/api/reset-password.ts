import type { OkResponse } from '@app/common/contracts/common';
import type { ResetPasswordBody } from '@app/common/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/reset_password: the mailed token and the new password; 400 RESET_TOKEN_INVALID. */
export function resetPassword(body: ResetPasswordBody, idempotencyKey: string): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/auth/reset_password', { method: 'POST', body, idempotencyKey });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ResetPasswordBody; idempotencyKey: string }) =>
      resetPassword(body, idempotencyKey),
  });
}
