import type { DepotUser, DepotUserBody } from '@app/common/contracts/depot-users';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** POST /api/ligne_depot {depots, users} (seed 000 §7). */
export function assignUser(body: DepotUserBody, idempotencyKey: string): Promise<DepotUser> {
  return apiFetch<DepotUser>('/api/ligne_depot', { method: 'POST', body, idempotencyKey });
}

export function unassignUser(idDepot: number, idUser: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/delete/ligne/depot/${idDepot}/${idUser}`, { method: 'DELETE', idempotencyKey });
}

function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.depotUsers.all);
}

export function useAssignUser() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DepotUserBody; idempotencyKey: string }) => assignUser(body, idempotencyKey),
    onSuccess: afterChange,
  });
}

export function useUnassignUser() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idDepot, idUser, idempotencyKey }: { idDepot: number; idUser: number; idempotencyKey: string }) =>
      unassignUser(idDepot, idUser, idempotencyKey),
    onSuccess: afterChange,
  });
}
