import type { Depot } from '@app/common/contracts/depots';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/depot/page/{idBoutique}/{page}[/{search}]: the depots of one shop. */
export function getDepotsPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Depot>> {
  const base = `/api/depot/page/${idBoutique}/${page}`;
  return apiFetch<Page<Depot>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}
