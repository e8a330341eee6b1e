import type { SessionUser } from '@app/common/contracts/auth';
import type { z } from 'zod';
import type { profileBody } from '@app/common/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export type ProfileUpdate = z.output<typeof profileBody>;

/** PUT /e2v/api/profil/{idU}: a new password also ends the user's other sessions. */
export function updateProfile(idUser: number, body: ProfileUpdate, idempotencyKey: string): Promise<SessionUser> {
  return apiFetch<SessionUser>(`/e2v/api/profil/${idUser}`, { method: 'PUT', body, idempotencyKey });
}

export function useUpdateProfile(idUser: number) {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProfileUpdate; idempotencyKey: string }) =>
      updateProfile(idUser, body, idempotencyKey),
    onSuccess: (user) => setSessionUser(user),
  });
}
