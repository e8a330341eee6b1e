import type { Page } from '@app/common/contracts/paging';
import type { ClientStatement, ShopClient, ShopClientBody } from '@app/common/contracts/shop-clients';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { createShopClient as createClient } from '../../../lib/shop-clients';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** GET /api/client/page/{b}/{p}[/{q}]. */
export function getClientsPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<ShopClient>> {
  const base = `/api/client/page/${idBoutique}/${page}`;
  return apiFetch<Page<ShopClient>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

/** GET /api/client/releve/{id}: the client's invoices (those the caller may see), payments and balance. */
export function getClientStatement(idClient: number, signal?: AbortSignal): Promise<ClientStatement> {
  return apiFetch<ClientStatement>(`/api/client/releve/${idClient}`, { signal });
}

export type SaveClientInput = { idClient: number | null; body: ShopClientBody; idempotencyKey: string };

export function useSaveClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idClient, body, idempotencyKey }: SaveClientInput) =>
      idClient === null
        ? createClient(body, idempotencyKey)
        : apiFetch<ShopClient>(`/api/clients/${idClient}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.clients.all),
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idClient, idempotencyKey }: { idClient: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/clients/${idClient}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.clients.all),
  });
}
