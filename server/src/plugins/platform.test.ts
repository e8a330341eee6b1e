import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, signIn } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('idempotency', () => {
  it('runs a repeated POST once and replays the first answer', async () => {
    const { director } = await createDirector(t.db, { shopCount: 1 });
    const call = as(t.app, await signIn(t.app, director));
    const request = {
      method: 'POST' as const,
      url: '/api/boutiques',
      headers: { 'idempotency-key': 'tap-0001-aaaa' },
      payload: { nom: 'Double tap', telephone: '1', adresse: 'A' },
    };
    const first = await call(request);
    const second = await call(request);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const shops = (await call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(shops.filter((s: { nom: string }) => s.nom === 'Double tap')).toHaveLength(1);
  });

  it('answers 409 to the repeat while the first is still running', async () => {
    const { director } = await createDirector(t.db, { shopCount: 1 });
    const call = as(t.app, await signIn(t.app, director));
    const request = {
      method: 'POST' as const,
      url: '/api/boutiques',
      headers: { 'idempotency-key': 'tap-0002-bbbb' },
      payload: { nom: 'Concurrent tap', telephone: '1', adresse: 'A' },
    };
    const [a, b] = await Promise.all([call(request), call(request)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const shops = (await call({ method: 'GET', url: '/api/boutique_current_user' })).json();
    expect(shops.filter((s: { nom: string }) => s.nom === 'Concurrent tap')).toHaveLength(1);
  });

  it('keeps keys per user and refuses a key reused for another request', async () => {
    const one = await createDirector(t.db, { shopCount: 1 });
    const two = await createDirector(t.db, { shopCount: 1 });
    const headers = { 'idempotency-key': 'shared-key-cccc' };
    const callOne = as(t.app, await signIn(t.app, one.director));
    const callTwo = as(t.app, await signIn(t.app, two.director));
    expect((await callOne({ method: 'POST', url: '/api/boutiques', headers, payload: { nom: 'One', telephone: '1', adresse: 'A' } })).statusCode).toBe(201);
    expect((await callTwo({ method: 'POST', url: '/api/boutiques', headers, payload: { nom: 'Two', telephone: '1', adresse: 'A' } })).statusCode).toBe(201);
    const reused = await callOne({ method: 'PUT', url: `/api/boutiques/${one.shops[0]!.id}`, headers, payload: { nom: 'X', telephone: '1', adresse: 'A' } });
    expect(reused.statusCode).toBe(409);
  });
});

describe('errors', () => {
  it('answers unknown API paths with the error shape, in English when asked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.', requestId: expect.any(String) });
    expect(response.headers['x-request-id']).toBe(response.json().requestId);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { director } = await createDirector(t.db);
    const response = await as(t.app, await signIn(t.app, director))({
      method: 'POST',
      url: '/api/boutiques',
      headers: { 'content-type': 'application/json' },
      payload: '{"nom": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('hides the cause of an unexpected failure', async () => {
    const app = await createTestApp();
    try {
      const { director } = await createDirector(app.db);
      const token = await signIn(app.app, director);
      // Break the database under the app: the next query fails unexpectedly.
      await app.db.execute(sql`alter table shops rename to shops_gone`);
      const response = await as(app.app, token)({ method: 'GET', url: '/api/boutique/users/page/1' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toEqual({ code: 'INTERNAL', message: expect.stringContaining('Un problème est survenu'), requestId: expect.any(String) });
      expect(response.body).not.toContain('shops');
      expect(response.body).not.toMatch(/at .*\.ts/);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes every API route from its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    for (const route of t.app.routeTable) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(spec.paths[path], `${route.method} ${path} missing from OpenAPI`).toHaveProperty(route.method.toLowerCase());
    }
    const create = spec.paths['/api/boutiques']?.post as { requestBody?: { content: Record<string, { schema: { required: string[] } }> } };
    expect(create.requestBody?.content['application/json']?.schema.required).toEqual(['nom', 'telephone', 'adresse']);
  });

  it('serves the interactive documentation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so rate limits cannot be dodged', async () => {
    const limited = await createTestApp({ signinRateLimit: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
          payload: { username: 'x', password: 'y' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
