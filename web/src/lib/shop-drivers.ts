import type { Driver, DriverBody } from '@app/common/contracts/drivers';
import { apiFetch } from './api-client';

// Driver calls used by several features (the drivers screen, the driver picker of the reception,
// payment and delivery dialogs): features do not import each other.

/** GET /api/chauffeur/boutique/{b}: every driver of the shop. */
export function getShopDrivers(idBoutique: number, signal?: AbortSignal): Promise<Driver[]> {
  return apiFetch<Driver[]>(`/api/chauffeur/boutique/${idBoutique}`, { signal });
}

/** POST /api/chauffeur {nom, telephone, boutique}: directors, and the quick add of sellers, cashiers and warehouse keepers. */
export function createDriver(body: DriverBody, idempotencyKey: string): Promise<Driver> {
  return apiFetch<Driver>('/api/chauffeur', { method: 'POST', body, idempotencyKey });
}
