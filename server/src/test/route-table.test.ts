import { PERMISSIONS } from '@app/common/permissions';
import { ROLE_IDS } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from './app.js';
import { signIn } from './factories.js';
import { RECORD_PARAMS, SAMPLE_BODIES, paramValue } from './route-samples.js';
import { createRouteWorld, type RouteWorld } from './route-world.js';

/**
 * Walks the server's whole route table (new routes are covered without editing this file):
 * every non-public route answers 401 without a token, 403 to each role its permission does not
 * grant, and 403/404 to a user of another shop naming this shop's records, without leaking them.
 */

/** The only routes reachable without signing in. Adding one is a decision: list it here. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/signin',
  // Director registration and its live checks (seed 000 §2 Register), forgot/reset password.
  'GET /api/abonnements/',
  'GET /api/auth/contact',
  'POST /api/auth/users/abonnement',
  'POST /api/auth/users/abonnement/personnalise',
  'GET /api/auth/check/email/:mail',
  'GET /api/auth/check_username/:name',
  'GET /api/auth/check/telephone/:tel',
  'POST /api/auth/forget_password',
  'POST /api/auth/reset_password',
  // Client self-registration (seed 000 §2, DECISIONS §9): countries, the two channels and their live checks.
  'GET /api/auth/pays',
  'POST /api/auth/clients/s2asport',
  'POST /api/auth/clients/win',
  'GET /api/auth/clients/s2asport/boutique',
  'GET /api/auth/clients/win/boutique',
  'GET /api/auth/check/client/email/:mail',
  'GET /api/auth/check/client/tel/:tel',
  'GET /api/auth/check/client/win/email/:mail',
  'GET /api/auth/check/client/win/tel/:tel',
  // The verification of an issued document's QR code (issue 21): rate-limited, five fields only.
  'GET /api/verifier/:code',
]);
/** Routes that end the caller's session: they are called with a throwaway session. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

let t: TestApp;
let w: RouteWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createRouteWorld(t.app, t.db);
});
afterAll(() => t.close());

function fill(url: string): { url: string; params: string[] } {
  const params: string[] = [];
  const filled = url.replace(/:(\w+)/g, (_, name: string) => {
    params.push(name);
    const value = paramValue(name, w);
    if (value === undefined)
      throw new Error(`route-table test: add a value for path parameter "${name}" (${url}) in test/route-samples.ts`);
    return encodeURIComponent(value);
  });
  return { url: filled, params };
}

function bodyFor(method: string, url: string, hasBody: boolean): unknown {
  if (!hasBody) return undefined;
  const sample = SAMPLE_BODIES[`${method} ${url}`];
  if (!sample) throw new Error(`route-table test: add a sample body for "${method} ${url}" in test/route-samples.ts`);
  return sample(w);
}

describe('route table', () => {
  it('has routes, and only the listed ones are public', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    const publicRoutes = t.app.routeTable.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes) expect(PUBLIC_ROUTES, `${route} is public but not listed`).toContain(route);
  });

  // One test over every route and role: minutes on a loaded 2-core machine.
  it(
    'every protected route refuses a missing token, the roles without its permission, and another shop',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      for (const route of t.app.routeTable.filter((r) => !r.public)) {
        const name = `${route.method} ${route.url}`;
        const { url, params } = fill(route.url);
        const payload = bodyFor(route.method, route.url, route.hasBody);
        const request = { method: route.method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) };

        const anonymous = await t.app.inject(request);
        if (anonymous.statusCode !== 401) failures.push(`${name}: no token gave ${anonymous.statusCode}`);

        const allowed: readonly number[] = PERMISSIONS[route.permission!];
        for (const role of ROLE_IDS.filter((r) => !allowed.includes(r))) {
          const response = await as(t.app, w.tokenFor(role))(request);
          if (response.statusCode !== 403)
            failures.push(`${name}: role ${role} without ${route.permission} gave ${response.statusCode}`);
        }

        // Another tenant's user holding the permission, naming tenant A's records.
        const outsiderRole = ROLE_IDS.find((r) => allowed.includes(r) && w.b.tokens.has(r));
        if (outsiderRole === undefined) continue; // platform-admin routes: no shop involved
        const outsiderToken = SESSION_ENDING.has(name)
          ? await signIn(t.app, w.b.users.get(outsiderRole)!)
          : w.b.tokens.get(outsiderRole)!;
        const response = await as(t.app, outsiderToken)(request);
        const namesRecord = params.some((p) => RECORD_PARAMS.has(p));
        if (namesRecord && ![403, 404].includes(response.statusCode)) {
          failures.push(`${name}: user of another shop gave ${response.statusCode}`);
        }
        if (response.body.includes(w.a.shop.nom) || response.body.includes(w.a.depot.libelle)) {
          failures.push(`${name}: user of another shop saw shop A's data`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
