import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { nextTicketRef } from './device-code';
import { DeviceDb, type QueuedSale } from './device-db';
import { leaseLock, type LeaseStorage, type Lock } from './queue-lock';
import { backoffMs, drainQueue, enqueueSale, pendingQuantities, queueOf, SENT_KEPT_MS, sentSaleOf, type NewQueuedSale } from './sale-queue';

let factory: IDBFactory;
let db: DeviceDb;
const open = () => new DeviceDb('device-test', { indexedDB: factory, IDBKeyRange });

/** Web Locks within one page: the second caller of a held name does not run. */
function memoryLock(): Lock {
  const held = new Set<string>();
  return async (name, task) => {
    if (held.has(name)) return { ran: false };
    held.add(name);
    try {
      return { ran: true, value: await task() };
    } finally {
      held.delete(name);
    }
  };
}

function memoryStorage(): LeaseStorage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}

let counter = 0;
function sale(userId = 1, shopId = 10, article = 5, quantity = 1): NewQueuedSale {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    userId,
    shopId,
    depotId: 3,
    createdAt: new Date(1_700_000_000_000 + counter).toISOString(),
    refTicket: `TEST-${counter}`,
    body: {
      id,
      vendueLe: new Date().toISOString(),
      boutique: shopId,
      depot: 3,
      lignes: [{ article, quantite: quantity, prix: 500 }],
      paiements: [],
      horsLigne: true,
      refTicket: `TEST-${counter}`,
    },
    lines: [{ designation: 'Riz', quantity, unitPriceFcfa: 500 }],
    totalFcfa: 500 * quantity,
    changeFcfa: 0,
    remainderFcfa: 0,
    clientName: null,
  };
}

const networkDown = () => new ApiError({ code: 'NETWORK', status: 0, message: 'offline' });

beforeEach(() => {
  factory = new IDBFactory();
  db = open();
});
afterEach(() => db.close());

describe('the offline sale queue (issue 20 items 4 and 6)', () => {
  it('sends the sales in the order they were made, one at a time, and empties the queue', async () => {
    const made = [sale(), sale(), sale()];
    for (const s of made) await enqueueSale(db, s);
    const posted: string[] = [];
    let running = 0;
    const result = await drainQueue(
      {
        db,
        lock: memoryLock(),
        post: async (entry) => {
          running += 1;
          expect(running).toBe(1);
          await new Promise((r) => setTimeout(r, 5));
          posted.push(entry.id);
          running -= 1;
        },
      },
      1,
      10,
    );
    expect(result).toEqual({ state: 'idle', sent: 3 });
    expect(posted).toEqual(made.map((s) => s.id));
    expect(await queueOf(db, 1, 10)).toEqual([]);
  });

  it('keeps the queues of other users and shops apart', async () => {
    await enqueueSale(db, sale(1, 10));
    await enqueueSale(db, sale(2, 10));
    await enqueueSale(db, sale(1, 11));
    const posted: QueuedSale[] = [];
    await drainQueue({ db, lock: memoryLock(), post: async (e) => void posted.push(e) }, 1, 10);
    expect(posted.map((e) => [e.userId, e.shopId])).toEqual([[1, 10]]);
    expect(await queueOf(db, 2, 10)).toHaveLength(1);
    expect(await queueOf(db, 1, 11)).toHaveLength(1);
  });

  it('lets only one sender run at a time: two tabs draining together send each sale once', async () => {
    for (let i = 0; i < 4; i++) await enqueueSale(db, sale());
    const storage = memoryStorage();
    const posted: string[] = [];
    const post = async (entry: QueuedSale) => {
      await new Promise((r) => setTimeout(r, 10));
      posted.push(entry.id);
    };
    // Two tabs: two databases on the same store, two lease locks on the same storage.
    const other = open();
    const [a, b] = await Promise.all([
      drainQueue({ db, lock: leaseLock(storage), post }, 1, 10),
      drainQueue({ db: other, lock: leaseLock(storage), post }, 1, 10),
    ]);
    other.close();
    expect([a.state, b.state].sort()).toEqual(['busy', 'idle']);
    expect(posted).toHaveLength(4);
    expect(new Set(posted).size).toBe(4);
  });

  it('retries a sale that got no answer with a growing back-off, and sends nothing after it meanwhile', async () => {
    const first = await enqueueSale(db, sale());
    await enqueueSale(db, sale());
    let clock = 1_000_000;
    const posted: string[] = [];
    let down = true;
    const sender = {
      db,
      lock: memoryLock(),
      now: () => clock,
      post: async (entry: QueuedSale) => {
        if (down) throw networkDown();
        posted.push(entry.id);
      },
    };
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'backoff', sent: 0, retryAt: clock + backoffMs(1) });
    // Before the back-off ends: not even tried.
    clock += backoffMs(1) - 1;
    expect(await drainQueue(sender, 1, 10)).toMatchObject({ state: 'backoff', sent: 0 });
    clock += 1;
    // A server error counts as another failed attempt: the wait doubles.
    sender.post = async () => {
      throw new ApiError({ code: 'INTERNAL', status: 503, message: 'down' });
    };
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'backoff', sent: 0, retryAt: clock + backoffMs(2) });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    const [kept] = await queueOf(db, 1, 10);
    expect(kept).toMatchObject({ id: first.id, attempts: 2, state: 'waiting', lastError: { status: 503 } });
    clock += backoffMs(2);
    down = false;
    sender.post = async (entry: QueuedSale) => void posted.push(entry.id);
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'idle', sent: 2 });
    expect(posted[0]).toBe(first.id);
  });

  it('keeps a sale refused for good with its reason and goes on with the next ones', async () => {
    const refused = await enqueueSale(db, sale());
    const next = await enqueueSale(db, sale());
    const posted: string[] = [];
    const result = await drainQueue(
      {
        db,
        lock: memoryLock(),
        post: async (entry) => {
          if (entry.id === refused.id)
            throw new ApiError({ code: 'SALE_TIME_OUT_OF_WINDOW', status: 422, message: 'Heure de vente hors de la fenêtre' });
          posted.push(entry.id);
        },
      },
      1,
      10,
    );
    expect(result).toEqual({ state: 'idle', sent: 1 });
    expect(posted).toEqual([next.id]);
    const left = await queueOf(db, 1, 10);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      id: refused.id,
      state: 'refused',
      lastError: { status: 422, message: 'Heure de vente hors de la fenêtre' },
    });
    // A refused sale no longer holds stock, and is not sent again.
    expect(pendingQuantities(left, 3).size).toBe(0);
    expect(await drainQueue({ db, lock: memoryLock(), post: async () => expect.fail('sent again') }, 1, 10)).toEqual({
      state: 'idle',
      sent: 0,
    });
  });

  it('reports a sale refused for good to the server once, and tries again until the report is taken; the device keeps it', async () => {
    const refused = await enqueueSale(db, sale());
    const reports: string[] = [];
    let reportAnswers = false;
    const sender = {
      db,
      lock: memoryLock(),
      now: () => 5_000,
      post: async () => {
        throw new ApiError({ code: 'SALE_TIME_OUT_OF_WINDOW', status: 422, message: 'Heure de vente hors de la fenêtre' });
      },
      report: async (entry: QueuedSale) => {
        reports.push(entry.id);
        if (!reportAnswers) throw new ApiError({ code: 'NETWORK', status: 0, message: 'no network' });
      },
    };
    // The report fails (no network): the sale stays refused, not yet reported.
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'idle', sent: 0 });
    expect((await queueOf(db, 1, 10))[0]).toMatchObject({ id: refused.id, state: 'refused' });
    expect((await queueOf(db, 1, 10))[0]!.reportedAt).toBeUndefined();
    // The next round reports it; the one after does not report it again.
    reportAnswers = true;
    await drainQueue(sender, 1, 10);
    await drainQueue(sender, 1, 10);
    expect(reports).toEqual([refused.id, refused.id]);
    const [kept] = await queueOf(db, 1, 10);
    expect(kept).toMatchObject({ id: refused.id, state: 'refused', reportedAt: 5_000 });
  });

  it('a send that timed out after the server recorded it: the resend gets the stored sale, recorded once, its number passed on', async () => {
    // A server that records a sale once per id and answers the stored sale to a resend, as POST /api/ventes does.
    const recorded = new Map<string, { codeFac: string; refTicket: string }>();
    let answerLost = true;
    const post = async (entry: QueuedSale) => {
      const stored = recorded.get(entry.id) ?? { codeFac: `FAC-2026-${String(recorded.size + 1).padStart(6, '0')}`, refTicket: entry.refTicket };
      recorded.set(entry.id, stored);
      if (answerLost) {
        answerLost = false;
        throw new ApiError({ code: 'NETWORK', status: 0, message: 'timed out' });
      }
      return stored;
    };
    const first = await enqueueSale(db, sale());
    const second = await enqueueSale(db, sale());
    const sent: [string, unknown][] = [];
    let clock = 1_000;
    const sender = { db, lock: memoryLock(), post, now: () => clock, onSent: (e: QueuedSale, answer: unknown) => sent.push([e.id, answer]) };

    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'backoff', sent: 0, retryAt: 1_000 + backoffMs(1) });
    // The sale stays, waiting, and holds its stock; the one after it waits behind it.
    expect((await queueOf(db, 1, 10)).map((e) => [e.id, e.state, e.attempts])).toEqual([
      [first.id, 'waiting', 1],
      [second.id, 'waiting', 0],
    ]);
    clock += backoffMs(1);
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'idle', sent: 2 });
    expect(recorded.size).toBe(2);
    expect(sent).toEqual([
      [first.id, { codeFac: 'FAC-2026-000001', refTicket: first.refTicket }],
      [second.id, { codeFac: 'FAC-2026-000002', refTicket: second.refTicket }],
    ]);
    expect(await queueOf(db, 1, 10)).toEqual([]);
  });

  it('waits for the next sign-in when the session is refused, keeping every sale', async () => {
    await enqueueSale(db, sale());
    await enqueueSale(db, sale());
    const result = await drainQueue(
      {
        db,
        lock: memoryLock(),
        post: async () => {
          throw new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: 'expired' });
        },
      },
      1,
      10,
    );
    expect(result).toEqual({ state: 'signIn', sent: 0 });
    const left = await queueOf(db, 1, 10);
    expect(left.map((e) => e.state)).toEqual(['waiting', 'waiting']);
    expect(left[0]?.attempts).toBe(0);
  });

  it('survives a reload mid-send: a sale whose answer was lost is still there and sent again with the same id', async () => {
    const made = [await enqueueSale(db, sale()), await enqueueSale(db, sale())];
    const serverHas = new Set<string>();
    // The first sale reaches the server, then the page goes away before the answer.
    await drainQueue(
      {
        db,
        lock: memoryLock(),
        post: async (entry) => {
          serverHas.add(entry.id);
          throw networkDown();
        },
      },
      1,
      10,
    );
    db.close();
    // The reloaded page: a new database object on the same store.
    db = open();
    const waiting = await queueOf(db, 1, 10);
    expect(waiting.map((e) => e.id)).toEqual(made.map((e) => e.id));
    const recorded: string[] = [];
    const result = await drainQueue(
      {
        db,
        lock: memoryLock(),
        now: () => Date.now() + 60_000,
        post: async (entry) => {
          // The server answers the stored sale for an id it already has, and records nothing more.
          if (!serverHas.has(entry.id)) recorded.push(entry.id);
          serverHas.add(entry.id);
        },
      },
      1,
      10,
    );
    expect(result).toEqual({ state: 'idle', sent: 2 });
    expect(recorded).toEqual([made[1]?.id]);
    expect(serverHas.size).toBe(2);
  });

  it('takes what waiting sales sold off the available stock of their depot', async () => {
    await enqueueSale(db, sale(1, 10, 5, 2));
    await enqueueSale(db, sale(1, 10, 5, 1));
    await enqueueSale(db, sale(1, 10, 6, 4));
    const taken = pendingQuantities(await queueOf(db, 1, 10), 3);
    expect(Object.fromEntries(taken)).toEqual({ 5: 3, 6: 4 });
    expect(pendingQuantities(await queueOf(db, 1, 10), 99).size).toBe(0);
  });

  it('gives each offline ticket of the device its own reference, kept across a reload', async () => {
    const a = await nextTicketRef(db);
    const b = await nextTicketRef(db);
    db.close();
    db = open();
    const c = await nextTicketRef(db);
    const code = a.split('-')[0];
    expect([a, b, c]).toEqual([`${code}-1`, `${code}-2`, `${code}-3`]);
    expect(a).toMatch(/^[A-Z0-9]{2,12}-[0-9]{1,9}$/);
  });

  it('keeps the real invoice number the server answered on the device, the provisional one beside it, for a day', async () => {
    const first = await enqueueSale(db, sale());
    const second = await enqueueSale(db, sale());
    let clock = 1_000;
    const numbers = new Map([
      [first.id, 'FAC-2026-000041'],
      [second.id, 'FAC-2026-000042'],
    ]);
    const sender = { db, lock: memoryLock(), now: () => clock, post: async (e: QueuedSale) => ({ codeFac: numbers.get(e.id), idVente: e.id }) };
    expect(await drainQueue(sender, 1, 10)).toEqual({ state: 'idle', sent: 2 });
    expect(await queueOf(db, 1, 10)).toEqual([]);
    expect(await sentSaleOf(db, first.id)).toMatchObject({ codeFac: 'FAC-2026-000041', refTicket: first.refTicket, sentAt: 1_000, totalFcfa: 500 });
    expect(await sentSaleOf(db, second.id)).toMatchObject({ codeFac: 'FAC-2026-000042', refTicket: second.refTicket });
    // Kept across a reload.
    db.close();
    db = open();
    expect((await sentSaleOf(db, first.id))?.codeFac).toBe('FAC-2026-000041');
    // An answer without a number (not the server's sale) keeps nothing; a day later the old ones go.
    const third = await enqueueSale(db, sale());
    clock = 1_000 + SENT_KEPT_MS + 1;
    expect(await drainQueue({ ...sender, db, post: async () => ({}) }, 1, 10)).toEqual({ state: 'idle', sent: 1 });
    expect(await sentSaleOf(db, third.id)).toBeUndefined();
    expect(await sentSaleOf(db, first.id)).toBeUndefined();
    expect(await queueOf(db, 1, 10)).toEqual([]);
  });
});
