import type { AuditEntry } from '@app/common/contracts/audit';
import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/audit/page/{b}/{p}[/{search}]: the shop's audit trail, newest first. */
export function getAuditPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  const base = `/api/audit/page/${idBoutique}/${page}`;
  return apiFetch<Page<AuditEntry>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}
