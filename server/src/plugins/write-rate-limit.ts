import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this write is never refused by the per-user write limit (logout: one can always leave). */
    writeLimit?: false;
  }
}

/**
 * Writes per user (issue 12 item 5): every POST, PUT, PATCH and DELETE of a signed-in user, on
 * any route that needs a session, counts against one limit per user and minute
 * (`WRITE_RATE_LIMIT`), so that a runaway client cannot flood the shop. Beyond it: 429
 * WRITE_RATE_LIMITED with `Retry-After` (seconds until the window ends). Reads are never counted;
 * public routes (sign-in, registration, reset, existence checks) keep their per-address limits.
 *
 * Runs in `onRequest` after the auth hook (which sets `request.actor`) and before the
 * idempotency claim (`preHandler`), so a refused write claims no key and may be sent again with
 * the same one. Uses the store of @fastify/rate-limit (registered before this), counted in the
 * database like the sign-in limits (rate-limit-store.ts), so every app server sees the same count.
 * Logout is exempt (`config.writeLimit: false`).
 */
export function registerWriteRateLimit(app: FastifyInstance, options: { max: number }): void {
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: 60_000,
    keyGenerator: (request) => `write:${request.actor?.userId ?? 0}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!WRITE_METHODS.has(request.method) || !request.actor || config.public || config.writeLimit === false) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('WRITE_RATE_LIMITED');
  });
}
