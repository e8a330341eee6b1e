import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,200}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: number; key: string } | null;
  }
}

/**
 * sha256 of the request payload as validated: keys sorted, file bytes by their own hash, so
 * that the same form sent twice gives the same fingerprint and any changed value another.
 */
export function payloadFingerprint(body: unknown): string {
  const hash = createHash('sha256');
  const write = (value: unknown): void => {
    if (Buffer.isBuffer(value)) {
      hash.update(`bytes:${createHash('sha256').update(value).digest('hex')};`);
    } else if (Array.isArray(value)) {
      hash.update('[');
      for (const item of value) write(item);
      hash.update(']');
    } else if (value instanceof Date) {
      hash.update(`date:${value.toISOString()};`);
    } else if (value !== null && typeof value === 'object') {
      hash.update('{');
      for (const key of Object.keys(value).sort()) {
        hash.update(`${JSON.stringify(key)}:`);
        write((value as Record<string, unknown>)[key]);
      }
      hash.update('}');
    } else {
      hash.update(`${value === undefined ? 'undefined' : JSON.stringify(value)};`);
    }
  };
  write(body);
  return hash.digest('hex');
}

/**
 * Writes sent with an `Idempotency-Key` header run once per key and caller: the first
 * request claims the key before the handler runs; a repeat gets the first answer replayed
 * (or 409 while the first is still running), so a double tap never writes twice.
 * The key is stored with a fingerprint of the payload: the same key with another payload is
 * refused with 422 IDEMPOTENCY_KEY_REUSED (IETF draft "The Idempotency-Key HTTP Header
 * Field"), never answered with the first request's answer.
 * Answers of 500 release the key so that the client can retry.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, options: { staleAfterSeconds?: number } = {}): void {
  /** A request still "in progress" after this long is taken to have died; its key may be reused. */
  const staleAfterMs = (options.staleAfterSeconds ?? 60) * 1000;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    // Answers carrying a secret (a new access token) are never stored for replay.
    if (request.routeOptions.config.storeAnswer === false) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError('BAD_REQUEST', { details: [{ field: 'headers.idempotency-key', message: 'invalid' }] });
    }
    const scope = request.actor?.userId ?? 0;
    const path = request.url.split('?')[0] ?? request.url;
    const fingerprint = payloadFingerprint(request.body);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, method: request.method, path, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { scope, key };
      return;
    }
    const [previous] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!previous) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (previous.method !== request.method || previous.path !== path) {
      throw new AppError('CONFLICT', { details: { reason: 'idempotency key used for another request' } });
    }
    if (previous.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (previous.statusCode === null) {
      // Retaken in one statement, by the database's clock: of two retries, one wins. (Comparing
      // with the JavaScript Date read before would never match: it drops the microseconds.)
      const retaken = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
            sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (retaken.length === 0) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      request.idempotency = { scope, key };
      return;
    }
    const headers = (previous.headers ?? {}) as { encoding?: string };
    const body = headers.encoding === 'base64' ? Buffer.from(previous.body ?? '', 'base64') : (previous.body ?? '');
    void reply
      .status(previous.statusCode)
      .header('idempotent-replayed', 'true')
      .header('content-type', previous.contentType ?? 'application/json; charset=utf-8')
      .send(body);
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (reply.statusCode >= 500 || !storable) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const isBuffer = Buffer.isBuffer(payload);
    await db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: isBuffer ? payload.toString('base64') : payload,
        headers: isBuffer ? { encoding: 'base64' } : {},
      })
      .where(where);
    return payload;
  });
}

/** Keys older than a day are of no use to a client still retrying. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '1 day'`);
}
