import type { Page } from '@app/common/contracts/paging';
import { apiFetch } from '../../../lib/api-client';
import type { CreditNote } from '@app/common/contracts/legal';

/** GET /api/avoirs/boutique/{b}/{p}: the shop's credit notes, newest first (pages from 1). */
export function getCreditNotesPage(idBoutique: number, page: number, signal?: AbortSignal): Promise<Page<CreditNote>> {
  return apiFetch<Page<CreditNote>>(`/api/avoirs/boutique/${idBoutique}/${page}`, { signal });
}
