import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/signin', () => {
  it('answers the token and the user with roles and shops', async () => {
    const { director, shops } = await createDirector(t.db, { shopCount: 2 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: director.username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(body.user.role).toEqual([{ idRole: 2, libelle: 'DIRECTEUR' }]);
    expect(body.user.boutiques.map((b: { idBoutique: number }) => b.idBoutique).sort()).toEqual(shops.map((s) => s.id).sort());
    expect(body.user.subscription).toMatchObject({ expired: false });
    // Only a hash of the token is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, director.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.accessToken);
  });

  it("refuses a wrong password with the seed's message, in the caller's language", async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'accept-language': 'en' },
      payload: { username: user.username, password: 'Wrong123' },
    });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Your username or password is incorrect, please try again' });
    expect(en.json().requestId).toBeTruthy();
    const fr = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'nobody-here', password: 'x' } });
    expect(fr.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: "Votre nom d'utilisateur ou votre mot de passe est incorrect, veuillez réessayer" });
  });

  it('refuses an inactive account once the password matched', async () => {
    const user = await createUser(t.db, { roles: [ROLE.director], active: false });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: user.username, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('names the missing fields with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.username', 'body.password']));
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestApp({ signinRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'x', password: 'y' } });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const token = await signIn(t.app, user);
    const call = as(t.app, token);
    expect((await call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const after = await call({ method: 'GET', url: '/api/auth/me' });
    expect(after.statusCode).toBe(401);
  });

  it('ends after one hour without a request', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const token = await signIn(t.app, user);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 61 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const response = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_EXPIRED');
  });

  it('stays open while requests keep coming within the hour', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const token = await signIn(t.app, user);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 59 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    expect((await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - new Date(row!.lastSeenAt).getTime()).toBeLessThan(60_000);
  });

  it('refuses a made-up token', async () => {
    const response = await as(t.app, 'made-up')({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('sign-in and Idempotency-Key', () => {
  it('never stores a sign-in answer (it holds the token): each call signs in anew', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const request = {
      method: 'POST' as const,
      url: '/api/auth/signin',
      headers: { 'idempotency-key': 'signin-key-0001' },
      payload: { username: user.username, password: TEST_PASSWORD },
    };
    const first = await t.app.inject(request);
    const second = await t.app.inject(request);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().accessToken).not.toBe(first.json().accessToken);
  });
});
