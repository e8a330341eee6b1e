import type { Page } from '@app/common/contracts/paging';
import type { Shop } from '@app/common/contracts/shops';
import { apiFetch } from '../../../lib/api-client';

/** Every shops list key starts with this; mutations invalidate it. */
export const SHOPS_QUERY_KEY = ['shops'] as const;

/** GET /api/boutique/users/page/{p}, or /api/boutique/page/{p}/{term} when searching. */
export function getShopsPage(page: number, term: string, signal?: AbortSignal): Promise<Page<Shop>> {
  const path = term ? `/api/boutique/page/${page}/${encodeURIComponent(term)}` : `/api/boutique/users/page/${page}`;
  return apiFetch<Page<Shop>>(path, { signal });
}
