import type { Page } from '@app/common/contracts/paging';
import type { OfflineSaleReview, RefusedSale, StockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
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

/** GET /api/ecarts/refus/boutique/{b}/{p}: sales refused for good, reported by the devices that keep them; those to handle first. */
export function getRefusedSales(idBoutique: number, page: number, signal?: AbortSignal) {
  return apiFetch<Page<RefusedSale>>(`/api/ecarts/refus/boutique/${idBoutique}/${page}`, { signal });
}

/** PUT /api/ecarts/refus/{idRefus}/traite: a manager marks a refused sale handled. */
export function markRefusedSaleHandled(idRefus: number) {
  return apiFetch<RefusedSale>(`/api/ecarts/refus/${idRefus}/traite`, { method: 'PUT' });
}
