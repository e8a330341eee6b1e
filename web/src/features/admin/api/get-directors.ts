import type { DirectorRow } from '@app/common/contracts/admin';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/user/actif/page/{p}[/{search}]: director accounts, active or not yet. */
export function getDirectorsPage(page: number, term: string, signal?: AbortSignal): Promise<Page<DirectorRow>> {
  const path = term ? `/api/user/actif/page/${page}/${encodeURIComponent(term)}` : `/api/user/actif/page/${page}`;
  return apiFetch<Page<DirectorRow>>(path, { signal });
}
