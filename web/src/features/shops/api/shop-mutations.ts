import type { Shop, ShopBody } from '@app/common/contracts/shops';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/me';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

export function createShop(body: ShopBody, idempotencyKey: string): Promise<Shop> {
  return apiFetch<Shop>('/api/boutiques', { method: 'POST', body, idempotencyKey });
}

export function updateShop(idBoutique: number, body: ShopBody, idempotencyKey: string): Promise<Shop> {
  return apiFetch<Shop>(`/api/boutiques/${idBoutique}`, { method: 'PUT', body, idempotencyKey });
}

export function deleteShop(idBoutique: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/boutiques/${idBoutique}`, { method: 'DELETE', idempotencyKey });
}

/**
 * After any change: reload the list, and the stored user's shops so that the shop chooser and
 * the current shop follow (a deleted current shop is chosen again).
 */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => {
    invalidate(queryKeys.shops.all);
    refreshSessionUser().catch(() => undefined);
  };
}

export type SaveShopInput = { idBoutique: number | null; body: ShopBody; idempotencyKey: string };

export function useSaveShop() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idBoutique, body, idempotencyKey }: SaveShopInput) =>
      idBoutique === null ? createShop(body, idempotencyKey) : updateShop(idBoutique, body, idempotencyKey),
    onSuccess: afterChange,
  });
}

export function useDeleteShop() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idBoutique, idempotencyKey }: { idBoutique: number; idempotencyKey: string }) =>
      deleteShop(idBoutique, idempotencyKey),
    onSuccess: afterChange,
  });
}
