import type { ShopClient, ShopClientBody } from '@app/common/contracts/shop-clients';
import { apiFetch } from './api-client';

/** GET /api/clients_boutique/{b}: every client of a shop (pickers). */
export function getShopClients(idBoutique: number, signal?: AbortSignal): Promise<ShopClient[]> {
  return apiFetch<ShopClient[]>(`/api/clients_boutique/${idBoutique}`, { signal });
}

/** POST /api/clients (the clients screen and the invoice dialog's quick add). */
export function createShopClient(body: ShopClientBody, idempotencyKey: string): Promise<ShopClient> {
  return apiFetch<ShopClient>('/api/clients', { method: 'POST', body, idempotencyKey });
}
