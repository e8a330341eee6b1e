import type { InvoiceType, InvoiceTypeBody } from '@app/common/contracts/invoice-types';
import type { Page } from '@app/common/contracts/paging';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

export function getInvoiceTypesPage(page: number, term: string, signal?: AbortSignal): Promise<Page<InvoiceType>> {
  const base = `/api/type/facture/page/${page}`;
  return apiFetch<Page<InvoiceType>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

export function useSaveInvoiceType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number | null; body: InvoiceTypeBody; idempotencyKey: string }) =>
      id === null
        ? apiFetch<InvoiceType>('/api/type_factures', { method: 'POST', body, idempotencyKey })
        : apiFetch<InvoiceType>(`/api/type_factures/${id}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoiceTypes.all),
  });
}

export function useDeleteInvoiceType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/type_factures/${id}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoiceTypes.all),
  });
}
