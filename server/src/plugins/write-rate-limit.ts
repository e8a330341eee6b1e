import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { WriteCount } from './auth.js';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this write is never refused by the per-user write limit (logout: one can always leave). */
    writeLimit?: false;
  }
  interface FastifyInstance {
    /** The per-user write limit, when registered: the auth hook counts each write in the session's statement. */
    writeLimit: { max: number; windowMs: number } | null;
  }
  interface FastifyRequest {
    /** This write's count in the user's window (counted by the auth hook), or null (not a counted write). */
    writeCount: WriteCount | null;
  }
}

/**
 * Writes per user (issue 12 item 5): every POST, PUT, PATCH and DELETE of a signed-in user, on
 * any route that needs a session, counts against one limit per user and minute
 * (`WRITE_RATE_LIMIT`), so that a runaway client cannot flood the shop. Beyond it: 429
 * WRITE_RATE_LIMITED with `Retry-After` (seconds until the window ends). Reads are never counted;
 * public routes (sign-in, registration, reset, existence checks) keep their per-address limits.
 *
 * Runs in `onRequest` after the auth hook and before the idempotency claim (`preHandler`), so a
 * refused write claims no key and may be sent again with the same one. The auth hook counts the
 * write in the statement that reads the session (plugins/auth.ts `loadSession`: one round trip
 * for both, on the hot path of every sale), with the upsert of @fastify/rate-limit's database
 * store (rate-limit-store.ts, key `write:<user id>`), so every app server sees the same count.
 * Logout is exempt (`config.writeLimit: false`).
 */
export function registerWriteRateLimit(app: FastifyInstance, options: { max: number }): void {
  app.writeLimit = { max: options.max, windowMs: WINDOW_MS };
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!WRITE_METHODS.has(request.method) || !request.actor || config.public || config.writeLimit === false) return;
    const count = request.writeCount;
    if (!count || count.current <= options.max) return;
    void reply.header('retry-after', String(Math.ceil(count.ttlMs / 1000)));
    throw new AppError('WRITE_RATE_LIMITED');
  });
}
