import type { Depot, DepotBody } from '@app/common/contracts/depots';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';
import { createDepot } from '../../../lib/shop-depots';

export function updateDepot(idDepot: number, body: DepotBody, idempotencyKey: string): Promise<Depot> {
  return apiFetch<Depot>(`/api/depots/${idDepot}`, { method: 'PUT', body, idempotencyKey });
}

export function deleteDepot(idDepot: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/depots/${idDepot}`, { method: 'DELETE', idempotencyKey });
}

/** Depot pickers, and the depot-user screen's depot labels, are stale too. */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.depots.all, queryKeys.depotUsers.all);
}

export type SaveDepotInput = { idDepot: number | null; body: DepotBody; idempotencyKey: string };

export function useSaveDepot() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idDepot, body, idempotencyKey }: SaveDepotInput) =>
      idDepot === null ? createDepot(body, idempotencyKey) : updateDepot(idDepot, body, idempotencyKey),
    onSuccess: afterChange,
  });
}

export function useDeleteDepot() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idDepot, idempotencyKey }: { idDepot: number; idempotencyKey: string }) =>
      deleteDepot(idDepot, idempotencyKey),
    onSuccess: afterChange,
  });
}
