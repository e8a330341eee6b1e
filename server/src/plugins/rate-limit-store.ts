import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Expired counters are deleted by the next request at most this often (per store, per process). */
const PURGE_EVERY_MS = 60_000;

/**
 * The store of @fastify/rate-limit in PostgreSQL (table `rate_limit_counters`), so that the
 * per-address sign-in limits and the per-user write limit hold across several app servers
 * (issue 23 C): the in-memory store counted each server's requests apart.
 *
 * Same fixed window as the plugin's in-memory store: it starts at a key's first request and lasts
 * `timeWindow`; one statement counts the request, starting a new window when the last one ended,
 * on the database's clock (the servers' clocks may differ). As with the in-memory store, each
 * route with its own limit counts apart (the key is prefixed with its method and path).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastPurge = 0;
  const purge = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    db.execute(sql`delete from rate_limit_counters where expires_at < now()`).catch(() => (lastPurge = 0));
  };

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      purge();
      const window = sql`make_interval(secs => ${timeWindow / 1000})`;
      db.execute(
        sql`insert into rate_limit_counters as c (key, expires_at, n) values (${this.prefix + key}, now() + ${window}, 1)
            on conflict (key) do update set
              n = case when c.expires_at <= now() then 1 else c.n + 1 end,
              expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
            returning n, (extract(epoch from expires_at - now()) * 1000)::float8 ttl`,
      ).then((result) => callback(null, counted(result)), callback);
    }

    read(key: string, callback: Callback): void {
      db.execute(
        sql`select n, (extract(epoch from expires_at - now()) * 1000)::float8 ttl
            from rate_limit_counters where key = ${this.prefix + key} and expires_at > now()`,
      ).then((result) => callback(null, counted(result)), callback);
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      const name = route.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
      return new DatabaseStore({}, this.prefix + name);
    }
  }
  return DatabaseStore;
}

function counted(result: unknown): Result {
  const [row] = rowsOf<{ n: number; ttl: number }>(result);
  return row ? { current: Number(row.n), ttl: Math.max(0, Math.ceil(Number(row.ttl))) } : { current: 0, ttl: 0 };
}
