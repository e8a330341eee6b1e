import type { Page } from '@app/common/contracts/paging';
import type { OfflineSaleReview, StockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
import { apiFetch } from '../../../lib/api-client';

const withTerm = (base: string, term: string) => (term ? `${base}/${encodeURIComponent(term)}` : base);

/** GET /api/ecarts/boutique/{b}/{p}[/{q}][?etat=ouverts]: the shop's stock discrepancies, open first. */
export function getDiscrepancies(idBoutique: number, page: number, term: string, openOnly: boolean, signal?: AbortSignal) {
  const url = withTerm(`/api/ecarts/boutique/${idBoutique}/${page}`, term);
  return apiFetch<Page<StockDiscrepancy>>(openOnly ? `${url}?etat=ouverts` : url, { signal });
}

/** GET /api/ecarts/ventes/boutique/{b}/{p}[/{q}]: late offline sales and those charged at another price. */
export function getOfflineSalesToReview(idBoutique: number, page: number, term: string, signal?: AbortSignal) {
  return apiFetch<Page<OfflineSaleReview>>(withTerm(`/api/ecarts/ventes/boutique/${idBoutique}/${page}`, term), { signal });
}
