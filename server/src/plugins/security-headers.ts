import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './auth.js';

/**
 * The Content-Security-Policy of the web app and the API. Scripts come only from our own
 * files (Vite emits no inline script); styles also inline, as Mantine injects its CSS
 * variables in a <style> tag; images also as data: and blob: URLs (proof images are fetched
 * with the bearer token and shown through an object URL). No framing, no plugins.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Left out: upgrade-insecure-requests would break a plain-HTTP install on a shop's network.
  upgradeInsecureRequests: null,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (registered before the other hooks, so refusals carry
 * them too): CSP, nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer (a password-reset
 * link carries its token in the URL). HSTS only on answers over HTTPS (behind a proxy, with
 * TRUST_PROXY set). API answers to a call with a bearer token are `no-store`: they hold the
 * caller's data and must not stay in a shared computer's cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.headers.authorization !== undefined && isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
