import { canSee, type RecordScope } from '@app/common/permissions';
import { and, eq, inArray, isNull, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { RoleId } from '@app/common/roles';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';

/**
 * Who may do what, in one module (in the spirit of immich's `utils/access.ts`): the signed-in
 * caller, the shop a request acts in (checked once, by the auth hook), record lookups that
 * answer "not found" across shops, and the own-versus-all filter of DECISIONS §1.
 */

/** The signed-in caller, resolved once per request from the bearer token. */
export type Actor = {
  userId: number;
  sessionId: number;
  username: string;
  /** First name and name (the username when both are blank): the seller printed on documents. */
  displayName: string;
  roles: RoleId[];
  /** Non-deleted shops the user is a member of. */
  shopIds: number[];
  /** The director account whose subscription applies (the user itself for a director). */
  accountId: number;
  subscriptionEndsAt: Date | null;
  subscriptionExpired: boolean;
};

/** The caller acting in one shop they are a member of: services of shop data take this. */
export type ShopContext = Actor & { shopId: number };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The shops the request names (path `{idBoutique}`/`{b}`, body `boutique`/`boutiques`), all checked. */
    namedShopIds: number[];
    /** What the route's `config.record` found for the caller (the auth hook), or null. */
    foundRecord: unknown;
  }
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** The caller in a shop, or NOT_SHOP_MEMBER (403, DECISIONS §1: a named shop that is not theirs). */
export function shopContext(actor: Actor, shopId: number): ShopContext {
  if (!actor.shopIds.includes(shopId)) throw new AppError('NOT_SHOP_MEMBER');
  return { ...actor, shopId };
}

/**
 * The shop the request acts in, as resolved and checked by the auth hook. A route that names
 * no shop (or several) has no single shop context: asking for one is a programming error.
 */
export function requireShop(request: FastifyRequest): ShopContext {
  const actor = requireActor(request);
  const [shopId, ...others] = request.namedShopIds;
  if (shopId === undefined || others.length > 0) throw new Error(`route ${request.routeOptions.url} names no single shop`);
  return shopContext(actor, shopId);
}

/**
 * The shop a write acts in when the seed's body may leave it out (POST /api/type_factures with
 * `{ libelle }`): the shop the request names, else the caller's only shop. A caller of several
 * shops is asked which (SHOP_REQUIRED, 400), never given one picked for them.
 */
export function namedOrOnlyShop(request: FastifyRequest): ShopContext {
  const actor = requireActor(request);
  if (request.namedShopIds.length > 0) return requireShop(request);
  const [only, ...others] = actor.shopIds;
  if (only === undefined) throw new AppError('NOT_SHOP_MEMBER');
  if (others.length > 0) throw new AppError('SHOP_REQUIRED', { details: [{ field: 'body.boutique', message: 'validation.required' }] });
  return shopContext(actor, only);
}

/** Path parameters that name the shop a request acts in (seed calls use both). */
const SHOP_PARAMS = ['idBoutique', 'b'] as const;
/** Body fields that name shops, as the old client sends them: an id, `{ idBoutique }`, or a list of those. */
const SHOP_BODY_FIELDS = ['boutique', 'boutiques'] as const;

function shopIdOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  if (value && typeof value === 'object' && 'idBoutique' in value) return shopIdOf((value as { idBoutique: unknown }).idBoutique);
  return undefined;
}

/**
 * Every shop a request names, in the path or in the (validated) body. A value that names a
 * shop but is not a valid id counts as an unknown shop (0), so that it is refused, never ignored.
 */
export function namedShops(params: unknown, body: unknown): number[] {
  const found: number[] = [];
  const add = (value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const id = shopIdOf(item);
      found.push(id !== undefined && Number.isSafeInteger(id) ? id : 0);
    }
  };
  const p = (params ?? {}) as Record<string, unknown>;
  for (const name of SHOP_PARAMS) if (name in p) add(p[name]);
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    const b = body as Record<string, unknown>;
    for (const name of SHOP_BODY_FIELDS) if (name in b) add(b[name]);
  }
  return [...new Set(found)];
}

/**
 * A route that addresses a record by its own id declares how to find it for the caller
 * (`config.record`): the auth hook loads it before anything else, so that another shop's record
 * is NOT_FOUND whatever the body says, and only then checks the shops the body names.
 */
export type RecordAccess = { param: string; find: (db: Db, actor: Actor, id: number) => Promise<unknown> };

/**
 * The shops a request names, checked once for every route (the auth hook): the record the path
 * addresses is the caller's (NOT_FOUND otherwise), and the caller is a member of every shop
 * named in the path or the body (NOT_SHOP_MEMBER, 403).
 */
export async function checkNamedShops(
  db: Db,
  actor: Actor,
  request: { params: unknown; body: unknown; record?: RecordAccess | undefined },
): Promise<{ shopIds: number[]; found: unknown }> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const shopId of namedShops(params, undefined)) shopContext(actor, shopId);
  const found = request.record ? await request.record.find(db, actor, Number(params[request.record.param])) : null;
  const all = namedShops(params, request.body);
  for (const shopId of all) shopContext(actor, shopId);
  return { shopIds: all, found };
}

/**
 * The record the route's `config.record` loaded for this request, as its `find` answered it (the
 * caller passes that same `find`, which types the answer). Throws if the route declared another
 * lookup or none: a handler never reads a record its route did not check.
 */
export function foundRecord<T>(request: FastifyRequest, find: (db: Db, actor: Actor, id: number) => Promise<T>): T {
  if (request.routeOptions.config.record?.find !== find || request.foundRecord == null) {
    throw new Error(`route ${request.routeOptions.url ?? ''} did not load its record with ${find.name}`);
  }
  return request.foundRecord as T;
}

type ShopScopedTable = PgTable & { id: PgColumn; shopId: PgColumn; deletedAt?: PgColumn };

/**
 * A record addressed by its own id (a depot, later an invoice or a payment): found only in
 * one of the caller's shops and not deleted. Another shop's record is NOT_FOUND, never its data.
 * Returns the row and the caller's context in the record's shop.
 */
export async function findInMyShops<T extends ShopScopedTable>(
  db: Db,
  actor: Actor,
  table: T,
  id: number,
  options: { lock?: boolean; includeDeleted?: boolean } = {},
): Promise<{ row: T['$inferSelect']; ctx: ShopContext }> {
  if (actor.shopIds.length === 0) throw new AppError('NOT_FOUND');
  const conditions: (SQL | undefined)[] = [eq(table.id, id), inArray(table.shopId, actor.shopIds)];
  if (table.deletedAt && !options.includeDeleted) conditions.push(isNull(table.deletedAt));
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(...conditions));
  const [row] = (await (options.lock ? query.for('update') : query)) as T['$inferSelect'][];
  if (!row) throw new AppError('NOT_FOUND');
  return { row, ctx: { ...actor, shopId: (row as { shopId: number }).shopId } };
}

/**
 * Own versus all (DECISIONS §1, the scopes of `common/src/permissions.ts`): undefined when the
 * caller sees every record of the shop, otherwise the condition "made by the caller".
 * A caller with neither is refused (the route's permission should have stopped them).
 */
export function visibleRecords(ctx: ShopContext, scope: RecordScope, authorColumn: Column): SQL | undefined {
  const seen = canSee(ctx, scope);
  if (seen === 'all') return undefined;
  if (seen === 'own') return eq(authorColumn, ctx.userId);
  throw new AppError('FORBIDDEN');
}
