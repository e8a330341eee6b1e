import type { InvoiceType } from '@app/common/contracts/invoice-types';
import type { Invoice, InvoiceBody } from '@app/common/contracts/invoices';
import type { Page } from '@app/common/contracts/paging';
import type { StockRow } from '@app/common/contracts/stock';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, HEAVY_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** Directors: every invoice of the shop (the server scopes others to their own); `own`: the caller's. */
export function getInvoicesPage(idBoutique: number, own: boolean, page: number, term: string, signal?: AbortSignal): Promise<Page<Invoice>> {
  const path = term
    ? `/api/facture/boutique/${own ? 'user/' : ''}search/page/${idBoutique}/${page}/${encodeURIComponent(term)}`
    : `/api/factures/boutique/${own ? 'user/' : ''}page/${idBoutique}/${page}`;
  return apiFetch<Page<Invoice>>(path, { signal });
}

export function getInvoiceTypes(signal?: AbortSignal): Promise<InvoiceType[]> {
  return apiFetch<InvoiceType[]>('/api/type_factures', { signal });
}

/** The stock of one depot (article, price, available), for the article picker. */
export function getDepotStock(idBoutique: number, idDepot: number, signal?: AbortSignal): Promise<StockRow[]> {
  return apiFetch<StockRow[]>(`/api/entrees/boutique/${idBoutique}/${idDepot}/0`, { signal, timeoutMs: HEAVY_TIMEOUT_MS });
}

export function useCreateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: InvoiceBody; idempotencyKey: string }) =>
      apiFetch<Invoice>('/api/factures_generate', { method: 'POST', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoices.all, queryKeys.clients.all, queryKeys.cashDesk.all, ['stock']),
  });
}

/** PUT /api/factures/update/{id}: allowed while unpaid or not delivered; the stock follows the difference. */
export function useUpdateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: InvoiceBody; idempotencyKey: string }) =>
      apiFetch<Invoice>(`/api/factures/update/${id}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoices.all, queryKeys.clients.all, queryKeys.cashDesk.all, ['stock']),
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/factures/${id}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoices.all, queryKeys.clients.all, queryKeys.cashDesk.all, ['stock']),
  });
}

export function useConvertProforma() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, typeFactures, client, idempotencyKey }: { id: number; typeFactures: number; client: number | null; idempotencyKey: string }) =>
      apiFetch<Invoice>(`/api/factures/convert/${id}`, { method: 'POST', body: { typeFactures, client: client ?? 0 }, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.invoices.all, queryKeys.clients.all, queryKeys.cashDesk.all, ['stock']),
  });
}
