import type { Page } from '@app/common/contracts/paging';
import type { Shop } from '@app/common/contracts/shops';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/boutique/users/page/{p}, or /api/boutique/page/{p}/{term} when searching. */
export function getShopsPage(page: number, term: string, signal?: AbortSignal): Promise<Page<Shop>> {
  const path = term ? `/api/boutique/page/${page}/${encodeURIComponent(term)}` : `/api/boutique/users/page/${page}`;
  return apiFetch<Page<Shop>>(path, { signal });
}
