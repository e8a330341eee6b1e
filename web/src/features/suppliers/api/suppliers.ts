import type { Page } from '@app/common/contracts/paging';
import type { Supplier, SupplierBody } from '@app/common/contracts/suppliers';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';
import { createSupplier } from '../../../lib/shop-suppliers';

/** GET /api/fournisseur/page/{b}/{p}[/{q}]. */
export function getSuppliersPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Supplier>> {
  const base = `/api/fournisseur/page/${idBoutique}/${page}`;
  return apiFetch<Page<Supplier>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

export type SaveSupplierInput = { idFournisseur: number | null; body: SupplierBody; idempotencyKey: string };

export function useSaveSupplier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idFournisseur, body, idempotencyKey }: SaveSupplierInput) =>
      idFournisseur === null
        ? createSupplier(body, idempotencyKey)
        : apiFetch<Supplier>(`/api/fournisseurs/${idFournisseur}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.suppliers.all),
  });
}

export function useDeleteSupplier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idFournisseur, idempotencyKey }: { idFournisseur: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/fournisseurs/${idFournisseur}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.suppliers.all),
  });
}
