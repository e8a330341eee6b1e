import type { Supplier, SupplierBody } from '@app/common/contracts/suppliers';
import { apiFetch } from './api-client';

// Supplier calls used by several features (the suppliers screen, the supplier pickers of the
// reception and article dialogs): features do not import each other.

/** GET /api/fournisseurs_boutique/{b}: every supplier of the shop. */
export function getShopSuppliers(idBoutique: number, signal?: AbortSignal): Promise<Supplier[]> {
  return apiFetch<Supplier[]>(`/api/fournisseurs_boutique/${idBoutique}`, { signal });
}

/** POST /api/fournisseurs {raisonSociale, telephone, adresse, boutique}: directors and managers. */
export function createSupplier(body: SupplierBody, idempotencyKey: string): Promise<Supplier> {
  return apiFetch<Supplier>('/api/fournisseurs', { method: 'POST', body, idempotencyKey });
}
