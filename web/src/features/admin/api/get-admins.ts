import type { AdminRow } from '@app/common/contracts/admin';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';
import { pageOfList } from '../../../lib/page-of-list';

/** GET /api/users_admin/: every platform admin (a short list). */
export function getAdmins(signal?: AbortSignal): Promise<AdminRow[]> {
  return apiFetch<AdminRow[]>('/api/users_admin/', { signal });
}

/** The whole list, paged and searched here for the paged table. */
export async function getAdminsPage(page: number, term: string, signal?: AbortSignal): Promise<Page<AdminRow>> {
  const admins = await getAdmins(signal);
  return pageOfList(admins, page, term, (admin) => [admin.username, admin.nom, admin.prenom, admin.email, admin.telephone]);
}
