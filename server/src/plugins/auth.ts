import { printedName } from '@app/common/contracts/person';
import { SESSION_IDLE_MS } from '@app/common/constants';
import { can, isPermission, type Permission } from '@app/common/permissions';
import { isRoleId } from '@app/common/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { prepared } from '../db/prepared.js';
import { rowsOf } from '../db/rows.js';
import { hashToken } from '../lib/tokens.js';
import { isExpired, subscriptionEndSql } from '../features/subscriptions/subscriptions.service.js';
import { checkNamedShops, type Actor, type RecordAccess } from '../lib/access.js';
import { WRITE_METHODS } from './write-rate-limit.js';

export type RouteAccess =
  | { public: true; permission?: undefined }
  | {
      public?: false;
      permission: Permission;
      /** Writes allowed on an expired subscription (logout, own profile). */
      allowExpired?: boolean;
    };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its access declaration (the route-table test walks it). */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    public?: boolean;
    permission?: Permission;
    allowExpired?: boolean;
    /** The record the path addresses by its own id, found for the caller before the body's shops are checked. */
    record?: RecordAccess;
    /** false: the answer holds a secret and is not kept for Idempotency-Key replays. */
    storeAnswer?: boolean;
  }
}

export type RouteEntry = { method: string; url: string; public: boolean; permission: Permission | undefined; hasBody: boolean };

/** Only refresh last_seen_at once a minute: a request per session per minute writes at most once. */
const TOUCH_EVERY_MS = 60 * 1000;
/** A session ends 12 h after sign-in however active it is (ASVS 4.0.3 V3.3.2, level 2). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

type SessionRow = {
  session_id: number;
  user_id: number;
  username: string;
  nom: string;
  prenom: string;
  active: boolean;
  account_id: number | null;
  last_seen_at: Date | string;
  created_at: Date | string;
  roles: number[] | null;
  shop_ids: number[] | null;
  ends_at: Date | string | null;
  [key: string]: unknown;
};

export async function loadActor(db: Db, token: string, now = new Date()): Promise<Actor> {
  return (await loadSession(db, token, now, null)).actor;
}

/** A user's count of writes in the current window (plugins/write-rate-limit.ts), and the milliseconds left in it. */
export type WriteCount = { current: number; ttlMs: number };

/**
 * The caller's session, and, for a write (`writeWindowMs` given), the write counted against the
 * user's limit (plugins/write-rate-limit.ts) by the same statement: one round trip, not two.
 * Counted for an active user's live session, before the permission check (a refused write counts).
 */
export async function loadSession(
  db: Db,
  token: string,
  now = new Date(),
  writeWindowMs: number | null = null,
): Promise<{ actor: Actor; writeCount: WriteCount | null }> {
  const session = sql`
    select s.id as session_id, u.id as user_id, u.username, u.nom, u.prenom, u.active, u.account_id, s.last_seen_at, s.created_at,
      (select array_agg(r.role_id order by r.role_id) from user_roles r where r.user_id = u.id) as roles,
      (select array_agg(m.shop_id order by m.shop_id) from shop_members m
         join shops sh on sh.id = m.shop_id and sh.deleted_at is null where m.user_id = u.id) as shop_ids,
      ${subscriptionEndSql(sql`coalesce(u.account_id, u.id)`)} as ends_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${hashToken(token)} and s.revoked_at is null and u.deleted_at is null`;
  // The write's count: the same upsert as the rate-limit store's (plugins/rate-limit-store.ts).
  // Its statement is its own transaction, committed without waiting for the WAL's flush
  // (`synchronous_commit` off for it alone): a count lost in a crash only lets a few writes more
  // through the limit, and the sale that follows no longer waits for a disk flush of its own on
  // every request, nor holds the user's counter row through one (issue 19).
  const window = sql`make_interval(secs => ${(writeWindowMs ?? 0) / 1000})`;
  const result = await db.execute(
    prepared(
      writeWindowMs === null
        ? session
        : sql`
    with s as (${session}),
    w as (
      insert into rate_limit_counters as c (key, expires_at, n)
      select 'write:' || s.user_id, now() + ${window}, 1 from s
      where s.active and set_config('synchronous_commit', 'off', true) is not null
      on conflict (key) do update set
        n = case when c.expires_at <= now() then 1 else c.n + 1 end,
        expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
      returning n, (extract(epoch from expires_at - now()) * 1000)::float8 ttl)
    select s.*, (select n from w) as write_n, (select ttl from w) as write_ttl from s`,
    ),
  );
  const [row] = rowsOf<SessionRow & { write_n?: number | string | null; write_ttl?: number | string | null }>(result);
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (!row.active) throw new AppError('ACCOUNT_INACTIVE');
  const lastSeen = new Date(row.last_seen_at);
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (now.getTime() - lastSeen.getTime() > SESSION_IDLE_MS || age > SESSION_ABSOLUTE_MS) {
    await db.execute(sql`update sessions set revoked_at = ${now.toISOString()} where id = ${row.session_id}`);
    throw new AppError('SESSION_EXPIRED');
  }
  if (now.getTime() - lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db.execute(sql`update sessions set last_seen_at = ${now.toISOString()} where id = ${row.session_id}`);
  }
  const endsAt = row.ends_at ? new Date(row.ends_at) : null;
  const writeCount =
    row.write_n === null || row.write_n === undefined
      ? null
      : { current: Number(row.write_n), ttlMs: Math.max(0, Math.ceil(Number(row.write_ttl ?? 0))) };
  return { actor: actorOf(row, endsAt, now), writeCount };
}

function actorOf(row: SessionRow, endsAt: Date | null, now: Date): Actor {
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    username: row.username,
    displayName: printedName(row),
    roles: (row.roles ?? []).filter(isRoleId),
    shopIds: (row.shop_ids ?? []).map(Number),
    accountId: row.account_id ?? row.user_id,
    subscriptionEndsAt: endsAt,
    subscriptionExpired: isExpired(endsAt, now),
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authorization in one place: every route declares `config.public` or `config.permission`
 * (registration fails otherwise); before anything else runs, the caller is authenticated, the
 * permission is checked against the common table and writes on an expired subscription are
 * refused; once the input is validated, every shop the request names (in the path or the
 * body, see `namedShops`) is checked for membership, once, for every route.
 */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('writeCount', null);
  app.decorate('writeLimit', null);
  app.decorateRequest('namedShopIds', null as unknown as number[]);
  app.decorateRequest('foundRecord', null);
  app.decorate('routeTable', [] as RouteEntry[]);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; permission?: string };
    if (route.url.startsWith('/api/docs') || !isApiPath(route.url)) return;
    const permission = config.permission;
    if (config.public !== true && (!permission || !isPermission(permission))) {
      throw new Error(`Route ${route.method.toString()} ${route.url} declares neither config.permission nor config.public`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        public: config.public === true,
        permission: permission && isPermission(permission) ? permission : undefined,
        hasBody: Boolean(route.schema && 'body' in route.schema && route.schema.body),
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const token = bearerToken(request);
    if (config.public) {
      // Public routes still know a signed-in caller (e.g. logout), but never require one.
      if (token) request.actor = await loadActor(db, token).catch(() => null);
      return;
    }
    if (!config.permission) return; // docs, static files, 404s
    if (!token) throw new AppError('UNAUTHENTICATED');
    // A write a signed-in user's limit counts (plugins/write-rate-limit.ts) is counted by the session's statement.
    const counted = app.writeLimit && WRITE_METHODS.has(request.method) && config.writeLimit !== false ? app.writeLimit.windowMs : null;
    const { actor, writeCount } = await loadSession(db, token, new Date(), counted);
    request.actor = actor;
    request.writeCount = writeCount;
    if (!can(actor, config.permission)) throw new AppError('FORBIDDEN');
    if (actor.subscriptionExpired && request.method !== 'GET' && request.method !== 'HEAD' && !config.allowExpired) {
      throw new AppError('SUBSCRIPTION_EXPIRED');
    }
  });

  // After validation: ids are typed and bounded. Public routes name no shop of the caller's.
  app.addHook('preHandler', async (request) => {
    request.namedShopIds = [];
    request.foundRecord = null;
    if (!request.actor || request.routeOptions.config.public) return;
    const { record } = request.routeOptions.config;
    const { shopIds, found } = await checkNamedShops(db, request.actor, { params: request.params, body: request.body, record });
    request.namedShopIds = shopIds;
    request.foundRecord = found;
  });
}

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/e2v/api/');
}
