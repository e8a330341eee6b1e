import type { Driver, DriverBody } from '@app/common/contracts/drivers';
import type { Page } from '@app/common/contracts/paging';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';
import { createDriver } from '../../../lib/shop-drivers';

/** GET /api/chauffeur/page/{b}/{p}[/{search}]. */
export function getDriversPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Driver>> {
  const base = `/api/chauffeur/page/${idBoutique}/${page}`;
  return apiFetch<Page<Driver>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

export type SaveDriverInput = { id: number | null; body: DriverBody; idempotencyKey: string };

export function useSaveDriver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: SaveDriverInput) =>
      id === null
        ? createDriver(body, idempotencyKey)
        : apiFetch<Driver>(`/api/chauffeur/${id}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.drivers.all),
  });
}

export function useDeleteDriver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/chauffeur/${id}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.drivers.all),
  });
}
