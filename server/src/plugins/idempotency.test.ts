import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createDirector, signIn } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countShops = async (name: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shops)
      .where(eq(shops.nom, name))
  )[0]!.n;

describe('Idempotency-Key reused with another payload', () => {
  it('is refused with 422 IDEMPOTENCY_KEY_REUSED, and the second payload is not written', async () => {
    const { director } = await createDirector(t.db, { shopCount: 1 });
    const call = as(t.app, await signIn(t.app, director));
    const headers = { 'idempotency-key': 'reuse-0001-aaaa' };
    const first = await call({
      method: 'POST',
      url: '/api/boutiques',
      headers,
      payload: { nom: 'First payload', telephone: '1', adresse: 'A' },
    });
    expect(first.statusCode).toBe(201);

    const other = await call({
      method: 'POST',
      url: '/api/boutiques',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { nom: 'Second payload', telephone: '1', adresse: 'A' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This request was already sent with other values under the same key. Please try again.',
      requestId: expect.any(String),
    });
    expect(await countShops('Second payload')).toBe(0);

    // The same payload (keys in another order) is still the same request: replayed.
    const same = await call({
      method: 'POST',
      url: '/api/boutiques',
      headers,
      payload: { adresse: 'A', telephone: '1', nom: 'First payload' },
    });
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(await countShops('First payload')).toBe(1);
  });

  it('is refused while the first request is still running too', async () => {
    const { director } = await createDirector(t.db, { shopCount: 1 });
    const call = as(t.app, await signIn(t.app, director));
    const headers = { 'idempotency-key': 'reuse-0002-bbbb' };
    const [a, b] = await Promise.all([
      call({ method: 'POST', url: '/api/boutiques', headers, payload: { nom: 'Racing A', telephone: '1', adresse: 'A' } }),
      call({ method: 'POST', url: '/api/boutiques', headers, payload: { nom: 'Racing B', telephone: '1', adresse: 'A' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect((await countShops('Racing A')) + (await countShops('Racing B'))).toBe(1);
  });
});

describe('a key left "in progress" by a request that died (a crash between claim and answer)', () => {
  it('is refused while recent, and retried once stale (the stored time has microseconds)', async () => {
    const { idempotencyKeys } = await import('../db/schema/index.js');
    const { director } = await createDirector(t.db, { shopCount: 1 });
    const call = as(t.app, await signIn(t.app, director));
    const claim = async (key: string, age: string) =>
      t.db.insert(idempotencyKeys).values({
        scope: director.id,
        key,
        method: 'POST',
        path: '/api/boutiques',
        fingerprint: (await import('./idempotency.js')).payloadFingerprint({ nom: `Dead ${key}`, telephone: '1', adresse: 'A' }),
        createdAt: sql`now() - ${age}::interval`,
      });
    const send = (key: string) =>
      call({ method: 'POST', url: '/api/boutiques', headers: { 'idempotency-key': key }, payload: { nom: `Dead ${key}`, telephone: '1', adresse: 'A' } });

    await claim('dead-recent-0001', '1 second');
    const recent = await send('dead-recent-0001');
    expect(recent.statusCode).toBe(409);
    expect(recent.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');

    await claim('dead-stale-00001', '2 minutes');
    const stale = await send('dead-stale-00001');
    expect(stale.statusCode).toBe(201);
    expect(await countShops('Dead dead-stale-00001')).toBe(1);
    const again = await send('dead-stale-00001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countShops('Dead dead-stale-00001')).toBe(1);
  });
});
