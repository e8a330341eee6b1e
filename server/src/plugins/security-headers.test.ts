import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, signIn } from '../test/factories.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the built web app: the headers are the server's, whatever the page holds.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-web-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, no framing and no referrer with the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/fr/login' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them with API answers and refusals too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only over HTTPS', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('marks API answers to signed-in calls no-store, public ones not', async () => {
    const { director } = await createDirector(t.db);
    const call = as(t.app, await signIn(t.app, director));
    const me = await call({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await call({ method: 'GET', url: '/api/users_admin/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const plans = await t.app.inject({ method: 'GET', url: '/api/abonnements/' });
    expect(plans.headers['cache-control']).toBeUndefined();
  });
});
