import type { Page } from '@app/common/contracts/paging';
import type { CountBody, CountResult, Movement, StockRow, TransferBody, TransferResult } from '@app/common/contracts/stock';
import { useMutation } from '@tanstack/react-query';
import { HEAVY_TIMEOUT_MS, apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** Which stock list a screen shows: the seed's three lists, and the one filtered by depot and category. */
export type StockScreenView = 'all' | 'stock' | 'rupture' | 'filter';

const SEGMENT = { all: '', stock: 'stock/', rupture: 'rupture/' } as const;
const q = (term: string) => (term ? `/${encodeURIComponent(term)}` : '');

/** Seed 001 §7 paged reads of the stock (stock reads get the heavy timeout). */
export function getStockPage(
  idBoutique: number,
  view: StockScreenView,
  filter: { depot: number; categorie: number },
  page: number,
  term: string,
  signal?: AbortSignal,
): Promise<Page<StockRow>> {
  let path: string;
  if (view === 'filter') path = `/api/entrees/boutique/${idBoutique}/${filter.depot}/${filter.categorie}/${page}${q(term)}`;
  else if (term) path = `/api/search/entree/boutique/${SEGMENT[view]}page/${idBoutique}/${page}${q(term)}`;
  else path = `/api/entree/boutique/${SEGMENT[view]}page/${idBoutique}/${page}`;
  return apiFetch<Page<StockRow>>(path, { signal, timeoutMs: HEAVY_TIMEOUT_MS });
}

export type CategoryOption = { idCategorie: number; libelle: string };

/** GET /api/categories_boutique/{b}: the shop's categories, for the filter. */
export function getShopCategories(idBoutique: number, signal?: AbortSignal): Promise<CategoryOption[]> {
  return apiFetch<CategoryOption[]>(`/api/categories_boutique/${idBoutique}`, { signal });
}

/** GET /api/inventaire/page/{b}/{p}[/{q}]: the stock movements, newest first. */
export function getMovementsPage(idBoutique: number, page: number, term: string, signal?: AbortSignal): Promise<Page<Movement>> {
  return apiFetch<Page<Movement>>(`/api/inventaire/page/${idBoutique}/${page}${q(term)}`, { signal, timeoutMs: HEAVY_TIMEOUT_MS });
}

/** Stock lists, movements and the dashboard's stock value change with any stock write. */
function useAfterStockChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.stock.all);
}

export function useTransfer() {
  const afterChange = useAfterStockChange();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransferBody; idempotencyKey: string }) =>
      apiFetch<TransferResult>('/api/transferts', { method: 'POST', body, idempotencyKey }),
    onSuccess: afterChange,
  });
}

export function useRecordCount() {
  const afterChange = useAfterStockChange();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CountBody; idempotencyKey: string }) =>
      apiFetch<CountResult>('/api/inventaires', { method: 'POST', body, idempotencyKey, timeoutMs: HEAVY_TIMEOUT_MS }),
    onSuccess: afterChange,
  });
}
