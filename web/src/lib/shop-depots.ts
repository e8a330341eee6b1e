import type { Depot, DepotBody } from '@app/common/contracts/depots';
import { apiFetch } from './api-client';

// Depot calls used by several features (the depots screen, the depot picker of the assignment,
// reception and invoice dialogs): features do not import each other.

/** GET /api/ligne_depot_current_boutique/{idBoutique}: every depot of the shop. */
export function getShopDepots(idBoutique: number, signal?: AbortSignal): Promise<Depot[]> {
  return apiFetch<Depot[]>(`/api/ligne_depot_current_boutique/${idBoutique}`, { signal });
}

/** POST /api/depots {libelle, boutique: {idBoutique}}; refused with PLAN_LIMIT past the plan's depots. */
export function createDepot(body: DepotBody, idempotencyKey: string): Promise<Depot> {
  return apiFetch<Depot>('/api/depots', { method: 'POST', body, idempotencyKey });
}
