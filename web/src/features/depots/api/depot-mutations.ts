import type { Depot, DepotBody } from '@app/common/contracts/depots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { DEPOTS_QUERY_KEY } from './get-depots';

export function createDepot(body: DepotBody, idempotencyKey: string): Promise<Depot> {
  return apiFetch<Depot>('/api/depots', { method: 'POST', body, idempotencyKey });
}

export function updateDepot(idDepot: number, body: DepotBody, idempotencyKey: string): Promise<Depot> {
  return apiFetch<Depot>(`/api/depots/${idDepot}`, { method: 'PUT', body, idempotencyKey });
}

export function deleteDepot(idDepot: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/depots/${idDepot}`, { method: 'DELETE', idempotencyKey });
}

/** The depot-user screen shows depot labels and pickers: its lists are stale too (key by value, features do not import each other). */
const DEPOT_USERS_KEY = ['depot-users'] as const;

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: DEPOTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: DEPOT_USERS_KEY });
  };
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
