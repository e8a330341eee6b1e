import { ApiError } from '../../../lib/api-error';
import type { DeviceDb, QueueError, QueuedSale, SentSale } from './device-db';
import type { Lock } from './queue-lock';

export type NewQueuedSale = Omit<QueuedSale, 'seq' | 'state' | 'attempts' | 'nextAttemptAt' | 'lastError'>;

/** Puts a sale made offline at the end of its user's and shop's queue. */
export async function enqueueSale(db: DeviceDb, sale: NewQueuedSale): Promise<QueuedSale> {
  const entry: QueuedSale = { ...sale, state: 'waiting', attempts: 0, nextAttemptAt: 0, lastError: null };
  entry.seq = await db.queue.add(entry);
  return entry;
}

/** The queue of a user in a shop, in the order the sales were made (waiting and refused). */
export function queueOf(db: DeviceDb, userId: number, shopId: number): Promise<QueuedSale[]> {
  return db.queue.where('[userId+shopId]').equals([userId, shopId]).sortBy('seq');
}

/** Every waiting sale of a user, whatever the shop (the sign-out warning). */
export function waitingOfUser(db: DeviceDb, userId: number): Promise<QueuedSale[]> {
  return db.queue.filter((e) => e.userId === userId).toArray();
}

/**
 * What the waiting sales of a depot took (article → units): the till's available stock is the
 * last loaded stock less these until the server has them (issue 20 item 3).
 */
export function pendingQuantities(entries: readonly QueuedSale[], depotId: number): Map<number, number> {
  const taken = new Map<number, number>();
  for (const entry of entries) {
    if (entry.depotId !== depotId || entry.state !== 'waiting') continue;
    for (const line of entry.body.lignes) taken.set(line.article, (taken.get(line.article) ?? 0) + line.quantite);
  }
  return taken;
}

/** Answers worth another try later: none at all, the server's failures, a timeout, too many calls. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

function isSessionRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'ACCOUNT_INACTIVE');
}

function queueError(error: unknown): QueueError {
  if (error instanceof ApiError) return { code: error.code, status: error.status, message: error.message };
  return { code: 'NETWORK', status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** 2 s, 4 s, 8 s … up to 5 minutes between tries of the same sale. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

export type QueueSender = {
  db: DeviceDb;
  /** Sends one sale (POST /api/ventes through the one transport); resolves when the server recorded it. */
  post: (entry: QueuedSale) => Promise<unknown>;
  lock: Lock;
  now?: () => number;
  backoff?: (attempts: number) => number;
  onSent?: (entry: QueuedSale, answer: unknown) => void;
  /**
   * Reports a sale refused for good to the server, for the shop's managers (POST
   * /api/ventes/refusees; once per sale id there). Until it succeeds, every round tries again.
   */
  report?: (entry: QueuedSale) => Promise<unknown>;
};

export type DrainResult =
  | { state: 'idle'; sent: number }
  /** The first waiting sale failed for a passing reason: nothing after it is sent before `retryAt`. */
  | { state: 'backoff'; sent: number; retryAt: number }
  /** The server refused the session: the queue waits for the next sign-in. */
  | { state: 'signIn'; sent: number }
  /** Another tab (or call) is sending this queue. */
  | { state: 'busy'; sent: 0 };

/**
 * Sends a user's waiting sales of a shop in the order they were made, one at a time, one sender
 * at a time across tabs (issue 20 item 4). A sale leaves the queue only once the server answered
 * it; a network error or a 5xx/408/429 stops the round and sets the sale's back-off; a refused
 * session stops it until the next sign-in; any other refusal is final: the sale stays, marked
 * refused with the server's reason, and the next ones go on.
 */
export async function drainQueue(sender: QueueSender, userId: number, shopId: number): Promise<DrainResult> {
  const { db } = sender;
  const now = sender.now ?? Date.now;
  const backoff = sender.backoff ?? backoffMs;
  const result = await sender.lock(`boutiko-sale-queue:${userId}:${shopId}`, async (): Promise<DrainResult> => {
    let sent = 0;
    await reportRefused(sender, userId, shopId, now);
    for (;;) {
      const next = (await queueOf(db, userId, shopId)).find((e) => e.state === 'waiting');
      if (!next?.seq) return { state: 'idle', sent };
      if (next.nextAttemptAt > now()) return { state: 'backoff', sent, retryAt: next.nextAttemptAt };
      let answer: unknown;
      try {
        answer = await sender.post(next);
      } catch (error) {
        if (isSessionRefusal(error)) {
          await db.queue.update(next.seq, { lastError: queueError(error) });
          return { state: 'signIn', sent };
        }
        if (isTransient(error)) {
          const attempts = next.attempts + 1;
          const retryAt = now() + backoff(attempts);
          await db.queue.update(next.seq, { attempts, nextAttemptAt: retryAt, lastError: queueError(error) });
          return { state: 'backoff', sent, retryAt };
        }
        await db.queue.update(next.seq, { state: 'refused', attempts: next.attempts + 1, lastError: queueError(error) });
        await reportRefused(sender, userId, shopId, now);
        continue;
      }
      await recordSent(db, next, answer, now());
      sent += 1;
      sender.onSent?.(next, answer);
    }
  });
  return result.ran ? result.value : { state: 'busy', sent: 0 };
}

/** Sent sales are kept on the device this long (the day's reprints), then dropped. */
export const SENT_KEPT_MS = 24 * 60 * 60_000;

/** The invoice number in the server's answer to POST /api/ventes, or null if it has none. */
export function invoiceCodeOf(answer: unknown): string | null {
  const code = answer && typeof answer === 'object' ? (answer as { codeFac?: unknown }).codeFac : undefined;
  return typeof code === 'string' && code !== '' ? code : null;
}

/**
 * The server recorded the sale: it leaves the queue and, with the real invoice number, goes to the
 * sent sales (one transaction: never in both, never in neither); those older than SENT_KEPT_MS go.
 */
async function recordSent(db: DeviceDb, entry: QueuedSale, answer: unknown, at: number): Promise<void> {
  const codeFac = invoiceCodeOf(answer);
  await db.transaction('rw', db.queue, db.sent, async () => {
    await db.queue.delete(entry.seq!);
    if (codeFac !== null) await db.sent.put({ ...entry, codeFac, sentAt: at });
    await db.sent.where('sentAt').below(at - SENT_KEPT_MS).delete();
  });
}

/** A sale of this device the server has recorded (with its real number), or undefined. */
export function sentSaleOf(db: DeviceDb, id: string): Promise<SentSale | undefined> {
  return db.sent.get(id);
}

/**
 * The refused sales the server has not been told of yet, reported one by one; a failure leaves the
 * rest for the next round. The device's copy stays whatever happens (never dropped).
 */
async function reportRefused(sender: QueueSender, userId: number, shopId: number, now: () => number): Promise<void> {
  if (!sender.report) return;
  const unreported = (await queueOf(sender.db, userId, shopId)).filter((e) => e.state === 'refused' && e.reportedAt === undefined);
  for (const entry of unreported) {
    try {
      await sender.report(entry);
    } catch {
      return;
    }
    await sender.db.queue.update(entry.seq!, { reportedAt: now() });
  }
}

/** "Send now": the waiting sales are tried at once, whatever their back-off. */
export async function clearBackoff(db: DeviceDb, userId: number, shopId: number): Promise<void> {
  await db.queue
    .where('[userId+shopId]')
    .equals([userId, shopId])
    .modify((entry) => {
      if (entry.state === 'waiting') entry.nextAttemptAt = 0;
    });
}
