import type { CashRegister } from '@app/common/contracts/cash-registers';
import type { Depot } from '@app/common/contracts/depots';
import type { Invoice } from '@app/common/contracts/invoices';
import type { Sale, SaleBody } from '@app/common/contracts/sales';
import type { StockRow } from '@app/common/contracts/stock';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob, HEAVY_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** Another till of the shop may sell the same articles: the grid's stock is read again this often. */
export const STOCK_REFRESH_MS = 30_000;

/**
 * Every article of one depot with its price and available quantity, in one call
 * (`/api/entrees/boutique/{b}/{depot}/0`: depot, no category filter). Sold-out rows come too.
 */
export function useDepotStock(shopId: number, depotId: number | null) {
  return useQuery({
    queryKey: queryKeys.saleArticles(shopId, depotId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<StockRow[]>(`/api/entrees/boutique/${shopId}/${depotId}/0`, { signal, timeoutMs: HEAVY_TIMEOUT_MS }),
    enabled: depotId !== null,
    refetchInterval: STOCK_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** The shop's depots (the picker), and those the user is assigned to (the default). */
export function useTillDepots(shopId: number) {
  const all = useQuery({
    queryKey: queryKeys.depots.options(shopId),
    queryFn: ({ signal }) => apiFetch<Depot[]>(`/api/ligne_depot_current_boutique/${shopId}`, { signal }),
  });
  const mine = useQuery({
    queryKey: [...queryKeys.depots.options(shopId), 'mine'],
    queryFn: ({ signal }) => apiFetch<Depot[]>(`/api/ligne_depot_current_user/${shopId}`, { signal }),
  });
  return { all, mine };
}

export function useRegisters(shopId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cashDesk.registers(shopId),
    queryFn: ({ signal }) => apiFetch<CashRegister[]>(`/api/caisses_boutique/${shopId}`, { signal }),
    enabled,
  });
}

/** The caller's own sales of today in the shop's time zone, newest first (GET /api/ventes/du-jour/{b}). */
export function useTodaysSales(shopId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.invoices.list(shopId, true), 'today'],
    queryFn: ({ signal }) => apiFetch<Invoice[]>(`/api/ventes/du-jour/${shopId}`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * POST /api/ventes: the whole sale in one command (DECISIONS §13). The body's `id` is the sale's
 * own id (the same for every attempt of this cart); the Idempotency-Key is the attempt's (the
 * same while an unanswered attempt is retried with the same body).
 */
export function useRecordSale() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SaleBody; idempotencyKey: string }) =>
      apiFetch<Sale>('/api/ventes', { method: 'POST', body, idempotencyKey, timeoutMs: 15_000 }),
    onSuccess: () =>
      invalidate(
        queryKeys.stock.all,
        queryKeys.invoices.all,
        queryKeys.cashDesk.all,
        queryKeys.clients.all,
        queryKeys.reports.all,
        queryKeys.closings.all,
      ),
  });
}

/** The article's image, fetched with the token once and kept for the session. */
export function useThumbnail(file: string | null, visible: boolean) {
  return useQuery({
    queryKey: queryKeys.articles.image(file),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiFetchBlob(`/api/downloadFile/${file}`, { signal })),
    enabled: file !== null && visible,
    staleTime: Infinity,
    retry: false,
  });
}

/** An issued invoice's document: the 80 mm ticket or the A4 page. */
export function documentPath(file: string, format: 'ticket' | 'a4', lang: string): string {
  return `/api/downloadFile/${encodeURIComponent(file)}?format=${format}&lang=${lang}`;
}
