import type { CreateDirectorBody, DirectorRow, UpdateDirectorBody } from '@app/common/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

export function createDirector(body: CreateDirectorBody, idempotencyKey: string): Promise<DirectorRow> {
  return apiFetch<DirectorRow>('/api/users_directeur', { method: 'POST', body, idempotencyKey });
}

/** A blank password is left out: the server keeps the current one. */
export function updateDirector(idUser: number, body: UpdateDirectorBody, idempotencyKey: string): Promise<DirectorRow> {
  return apiFetch<DirectorRow>(`/api/users_directeur/${idUser}`, { method: 'PUT', body, idempotencyKey });
}

export function deleteDirector(idUser: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/users_directeur/${idUser}`, { method: 'DELETE', idempotencyKey });
}

/** Directors and their subscription lines show the same people: reload both. */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.admin.directors, queryKeys.admin.subscriptionLines);
}

export type SaveDirectorInput =
  | { idUser: null; body: CreateDirectorBody; idempotencyKey: string }
  | { idUser: number; body: UpdateDirectorBody; idempotencyKey: string };

export function useSaveDirector() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: SaveDirectorInput) =>
      input.idUser === null
        ? createDirector(input.body, input.idempotencyKey)
        : updateDirector(input.idUser, input.body, input.idempotencyKey),
    onSuccess: afterChange,
  });
}

export function useDeleteDirector() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idUser, idempotencyKey }: { idUser: number; idempotencyKey: string }) =>
      deleteDirector(idUser, idempotencyKey),
    onSuccess: afterChange,
  });
}
