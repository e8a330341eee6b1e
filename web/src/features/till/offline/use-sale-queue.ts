import type { Sale } from '@app/common/contracts/sales';
import type { RefusedSaleReport } from '@app/common/contracts/stock-discrepancies';
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';
import { deviceDb, type QueuedSale, type SentSale } from './device-db';
import { browserLock } from './queue-lock';
import { clearBackoff, drainQueue, queueOf, sentSaleOf, type DrainResult } from './sale-queue';
import { offline } from './network';

/** The queue is looked at this often while the app is open (besides the `online` event). */
export const QUEUE_CHECK_MS = 15_000;

/** A user's queue in a shop, live (another tab's changes included): undefined while it is read. */
export function useSaleQueue(userId: number | null, shopId: number | null): QueuedSale[] | undefined {
  const key = userId === null || shopId === null ? null : `${userId}:${shopId}`;
  const [read, setRead] = useState<{ key: string; entries: QueuedSale[] } | null>(null);
  useEffect(() => {
    if (userId === null || shopId === null || key === null) return;
    const subscription = liveQuery(() => queueOf(deviceDb(), userId, shopId)).subscribe({
      next: (entries) => setRead({ key, entries }),
      error: () => setRead({ key, entries: [] }),
    });
    return () => subscription.unsubscribe();
  }, [userId, shopId, key]);
  if (key === null) return [];
  return read?.key === key ? read.entries : undefined;
}

/** A queued sale once the server recorded it (its real invoice number), live; undefined until then. */
export function useSentSale(id: string | null): SentSale | undefined {
  const [read, setRead] = useState<SentSale | undefined>(undefined);
  useEffect(() => {
    if (id === null) return;
    const subscription = liveQuery(() => sentSaleOf(deviceDb(), id)).subscribe({ next: setRead, error: () => setRead(undefined) });
    return () => subscription.unsubscribe();
  }, [id]);
  return read?.id === id ? read : undefined;
}

const wakeListeners = new Set<() => void>();

/** "Send now": every waiting sale is tried at once, whatever its back-off. */
export async function sendQueueNow(userId: number, shopId: number): Promise<void> {
  await clearBackoff(deviceDb(), userId, shopId);
  for (const wake of wakeListeners) wake();
}

/**
 * POST /api/ventes through the one transport, under the session of the sale's own user only: a
 * sale is never sent under another user's name. No session of that user: a 401 of our own.
 */
function postQueued(entry: QueuedSale): Promise<Sale> {
  const session = getSession();
  const token = session && session.user.idUser === entry.userId ? session.token : null;
  if (!token)
    return Promise.reject(new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: i18n.t('errors:SESSION_EXPIRED') }));
  return apiFetch<Sale>('/api/ventes', { method: 'POST', body: entry.body, idempotencyKey: entry.id, timeoutMs: 20_000, token });
}

/** The device's report of a sale the server refused for good (for the shop's managers), under the sale's own user. */
function reportRefusedSale(entry: QueuedSale): Promise<unknown> {
  const session = getSession();
  const token = session && session.user.idUser === entry.userId ? session.token : null;
  if (!token)
    return Promise.reject(new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: i18n.t('errors:SESSION_EXPIRED') }));
  const body: RefusedSaleReport = {
    id: entry.id,
    boutique: entry.shopId,
    refTicket: entry.refTicket,
    vendueLe: entry.createdAt,
    montant: entry.totalFcfa,
    code: entry.lastError?.code ?? 'UNKNOWN',
    message: (entry.lastError?.message ?? '').slice(0, 500),
    lignes: entry.lines.map((line) => ({ designation: line.designation.slice(0, 200), quantite: line.quantity })),
  };
  return apiFetch('/api/ventes/refusees', { method: 'POST', body, idempotencyKey: `refus-${entry.id}`, timeoutMs: 20_000, token });
}

/**
 * Sends the signed-in user's waiting sales of the current shop (issue 20 item 4): at once, when
 * the browser says it is online again, every QUEUE_CHECK_MS, and on "send now". One tab sends
 * at a time (the queue's lock); the others see the queue shrink.
 */
export function useQueueSender(userId: number | null, shopId: number | null): DrainResult | null {
  const queryClient = useQueryClient();
  const [last, setLast] = useState<DrainResult | null>(null);
  useEffect(() => {
    if (userId === null || shopId === null) return;
    let stopped = false;
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      // The browser knows it has no network: no try (the back-off would only grow meanwhile).
      if (offline()) return;
      running = true;
      try {
        do {
          again = false;
          const result = await drainQueue(
            {
              db: deviceDb(),
              lock: browserLock(),
              post: postQueued,
              report: reportRefusedSale,
            },
            userId,
            shopId,
          ).catch((): DrainResult => ({ state: 'busy', sent: 0 }));
          if (stopped) return;
          setLast(result);
          if (result.sent > 0) {
            for (const key of [queryKeys.stock.all, queryKeys.invoices.all, queryKeys.cashDesk.all, queryKeys.reports.all])
              void queryClient.invalidateQueries({ queryKey: key });
          }
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    void run();
    const wake = () => void run();
    // The network is back: every waiting sale is due at once, whatever its back-off.
    const online = () => void clearBackoff(deviceDb(), userId, shopId).then(run, run);
    wakeListeners.add(wake);
    window.addEventListener('online', online);
    const timer = setInterval(wake, QUEUE_CHECK_MS);
    return () => {
      stopped = true;
      wakeListeners.delete(wake);
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [userId, shopId, queryClient]);
  return last;
}

/** Waking the sender after a sale was put in the queue while online-looking (a new sale to send). */
export function wakeQueueSender(): void {
  for (const wake of wakeListeners) wake();
}
