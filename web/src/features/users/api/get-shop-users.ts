import type { Page } from '@app/common/contracts/paging';
import type { ShopUser } from '@app/common/contracts/users';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/boutique/user/page/{idBoutique}/{page}[/{search}]: the users of one shop. */
export function getShopUsersPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<ShopUser>> {
  const base = `/api/boutique/user/page/${idBoutique}/${page}`;
  return apiFetch<Page<ShopUser>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}
