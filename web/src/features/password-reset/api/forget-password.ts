import type { OkResponse } from '@app/common/contracts/common';
import type { ForgetPasswordBody } from '@app/common/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/forget_password: mails a one-hour link, written in `langue`; 404 EMAIL_UNKNOWN. */
export function forgetPassword(body: ForgetPasswordBody, idempotencyKey: string): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/auth/forget_password', { method: 'POST', body, idempotencyKey });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ForgetPasswordBody; idempotencyKey: string }) =>
      forgetPassword(body, idempotencyKey),
  });
}
