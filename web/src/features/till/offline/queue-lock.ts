/** What the fallback lock needs of `localStorage`. */
export type LeaseStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type Lock = <T>(name: string, task: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

const LEASE_MS = 20_000;

/**
 * Runs `task` only if no other tab (or call) of this browser holds `name`; otherwise does not run
 * it. Web Locks where the browser has them (released even if the tab dies); else a lease in
 * storage, renewed while the task runs and taken over once it has expired (a closed tab).
 */
export function browserLock(): Lock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    return async (name, task) =>
      locks.request(name, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true as const, value: await task() } : { ran: false as const },
      );
  }
  return leaseLock(localStorage);
}

export function leaseLock(storage: LeaseStorage, now: () => number = Date.now): Lock {
  const owner = Math.random().toString(36).slice(2);
  const held = new Set<string>();
  const read = (key: string): { owner: string; until: number } | null => {
    try {
      return JSON.parse(storage.getItem(key) ?? 'null') as { owner: string; until: number } | null;
    } catch {
      return null;
    }
  };
  return async (name, task) => {
    const key = `lock:${name}`;
    if (held.has(name)) return { ran: false };
    const lease = read(key);
    if (lease && lease.owner !== owner && lease.until > now()) return { ran: false };
    held.add(name);
    storage.setItem(key, JSON.stringify({ owner, until: now() + LEASE_MS }));
    // Another tab may have written at the same moment: the last writer wins, the other steps back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (read(key)?.owner !== owner) {
      held.delete(name);
      return { ran: false };
    }
    const renew = setInterval(() => storage.setItem(key, JSON.stringify({ owner, until: now() + LEASE_MS })), LEASE_MS / 2);
    try {
      return { ran: true, value: await task() };
    } finally {
      clearInterval(renew);
      held.delete(name);
      if (read(key)?.owner === owner) storage.removeItem(key);
    }
  };
}
