import type { AdminRow, CreateAdminBody, UpdateAdminBody } from '@app/common/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

export function createAdmin(body: CreateAdminBody, idempotencyKey: string): Promise<AdminRow> {
  return apiFetch<AdminRow>('/api/users_admin', { method: 'POST', body, idempotencyKey });
}

export function updateAdmin(idUser: number, body: UpdateAdminBody, idempotencyKey: string): Promise<AdminRow> {
  return apiFetch<AdminRow>(`/api/users_admin/${idUser}`, { method: 'PUT', body, idempotencyKey });
}

export type SaveAdminInput =
  | { idUser: null; body: CreateAdminBody; idempotencyKey: string }
  | { idUser: number; body: UpdateAdminBody; idempotencyKey: string };

export function useSaveAdmin() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SaveAdminInput) =>
      input.idUser === null
        ? createAdmin(input.body, input.idempotencyKey)
        : updateAdmin(input.idUser, input.body, input.idempotencyKey),
    onSuccess: () => invalidate(queryKeys.admin.admins),
  });
}
