import type { DepotUser } from '@app/common/contracts/depot-users';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/boutique/depot/user/directeur/page/{idBoutique}/{page}[/{search}]. */
export function getDepotUsersPage(
  idBoutique: number,
  page: number,
  term: string,
  signal?: AbortSignal,
): Promise<Page<DepotUser>> {
  const base = `/api/boutique/depot/user/directeur/page/${idBoutique}/${page}`;
  return apiFetch<Page<DepotUser>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}

/** The key of a link: depot and user (the seeds' depotsPK). */
export function depotUserKey(link: Pick<DepotUser, 'depotsPK'>): string {
  return `${link.depotsPK.depot}-${link.depotsPK.user}`;
}
