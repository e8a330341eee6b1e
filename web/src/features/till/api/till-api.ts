import type { CashRegister } from '@app/common/contracts/cash-registers';
import type { Depot } from '@app/common/contracts/depots';
import type { Invoice } from '@app/common/contracts/invoices';
import type { Sale, SaleBody } from '@app/common/contracts/sales';
import type { ShopClient } from '@app/common/contracts/shop-clients';
import type { StockRow } from '@app/common/contracts/stock';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob, HEAVY_TIMEOUT_MS } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';
import { getShopClients } from '../../../lib/shop-clients';
import { deviceDb } from '../offline/device-db';
import { readSnapshot, saveSnapshot } from '../offline/snapshots';

/** What the till shows: the server's answer, or what this device kept of it when the server is out of reach. */
export type Kept<T> = { data: T; savedAt: number; fromDevice: boolean };

/**
 * A read the till needs offline (issue 20 item 2): the server's answer is kept on the device (per
 * user and shop) and given back, with its age, when the network fails.
 */
export async function keptRead<T>(userId: number, shopId: number, what: string, read: () => Promise<T>): Promise<Kept<T>> {
  try {
    const data = await read();
    const savedAt = Date.now();
    void saveSnapshot(deviceDb(), userId, shopId, what, data, savedAt).catch(() => undefined);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'NETWORK') throw error;
    const kept = await readSnapshot<T>(deviceDb(), userId, shopId, what).catch(() => undefined);
    if (!kept) throw error;
    return { data: kept.data, savedAt: kept.savedAt, fromDevice: true };
  }
}

/** The till's own query keys: its kept answers have another shape than the other screens' queries. */
const tillKey = (key: readonly unknown[], userId: number) => [...key, 'till', userId] as const;

/** Another till of the shop may sell the same articles: the grid's stock is read again this often. */
export const STOCK_REFRESH_MS = 30_000;

/**
 * Every article of one depot with its price and available quantity, in one call
 * (`/api/entrees/boutique/{b}/{depot}/0`: depot, no category filter). Sold-out rows come too.
 */
export function useDepotStock(userId: number, shopId: number, depotId: number | null) {
  return useQuery({
    queryKey: tillKey(queryKeys.saleArticles(shopId, depotId ?? 0), userId),
    queryFn: ({ signal }) =>
      keptRead(userId, shopId, `stock:${depotId}`, () =>
        apiFetch<StockRow[]>(`/api/entrees/boutique/${shopId}/${depotId}/0`, { signal, timeoutMs: HEAVY_TIMEOUT_MS }),
      ),
    enabled: depotId !== null,
    refetchInterval: STOCK_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** The shop's depots (the picker), and those the user is assigned to (the default). */
export function useTillDepots(userId: number, shopId: number) {
  const all = useQuery({
    queryKey: tillKey(queryKeys.depots.options(shopId), userId),
    queryFn: ({ signal }) =>
      keptRead(userId, shopId, 'depots', () => apiFetch<Depot[]>(`/api/ligne_depot_current_boutique/${shopId}`, { signal })),
  });
  const mine = useQuery({
    queryKey: tillKey([...queryKeys.depots.options(shopId), 'mine'], userId),
    queryFn: ({ signal }) =>
      keptRead(userId, shopId, 'depots:mine', () => apiFetch<Depot[]>(`/api/ligne_depot_current_user/${shopId}`, { signal })),
  });
  return { all, mine };
}

export function useRegisters(userId: number, shopId: number, enabled: boolean) {
  return useQuery({
    queryKey: tillKey(queryKeys.cashDesk.registers(shopId), userId),
    queryFn: ({ signal }) =>
      keptRead(userId, shopId, 'registers', () => apiFetch<CashRegister[]>(`/api/caisses_boutique/${shopId}`, { signal })),
    enabled,
  });
}

/**
 * The shop's clients as the till's client picker loads them (issue 20 item 2): kept on the device
 * per user and shop each time they are read online, so that a credit sale made offline can name a
 * client even if the picker was never opened in this session. The till reads them when it opens.
 */
export function tillClientsQuery(userId: number, shopId: number) {
  return {
    queryKey: tillKey(queryKeys.clients.options(shopId), userId),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<ShopClient[]> =>
      (await keptRead(userId, shopId, 'clients', () => getShopClients(shopId, signal))).data,
  };
}

/** Reads (and keeps) the shop's clients as soon as the till opens, for whoever may sell on credit. */
export function useTillClients(userId: number, shopId: number, enabled: boolean) {
  return useQuery({ ...tillClientsQuery(userId, shopId), enabled: enabled && userId > 0, staleTime: 60_000 });
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
    queryFn: async ({ signal }) => URL.createObjectURL(await keptThumbnail(file ?? '', signal)),
    enabled: file !== null && visible,
    staleTime: Infinity,
    retry: false,
  });
}

/** An issued invoice's document: the 80 mm ticket or the A4 page. */
export function documentPath(file: string, format: 'ticket' | 'a4', lang: string): string {
  return `/api/downloadFile/${encodeURIComponent(file)}?format=${format}&lang=${lang}`;
}

/** Thumbnails above this size are not kept on the device (the grid shows initials offline). */
const THUMBNAIL_MAX_BYTES = 64 * 1024;

/** An article's image: from the server when it answers (kept on the device if small), else the kept copy. */
async function keptThumbnail(file: string, signal: AbortSignal): Promise<Blob> {
  try {
    const blob = await apiFetchBlob(`/api/downloadFile/${file}`, { signal });
    if (blob.size <= THUMBNAIL_MAX_BYTES) void deviceDb().thumbnails.put({ file, blob, savedAt: Date.now() }).catch(() => undefined);
    return blob;
  } catch (error) {
    const kept = await deviceDb()
      .thumbnails.get(file)
      .catch(() => undefined);
    if (kept) return kept.blob;
    throw error;
  }
}
