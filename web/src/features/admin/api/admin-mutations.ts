import type { AdminRow, CreateAdminBody, UpdateAdminBody } from '@app/common/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ADMINS_QUERY_KEY } from './get-admins';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAdminInput) =>
      input.idUser === null
        ? createAdmin(input.body, input.idempotencyKey)
        : updateAdmin(input.idUser, input.body, input.idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  });
}
