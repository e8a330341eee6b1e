import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';

/**
 * Sessions per OWASP ASVS 4.0.3 level 2, V3.3: idle expiry (auth.test.ts), an absolute lifetime
 * of 12 h, and the events that end them: logout, a new password, a user removed from every shop
 * or deleted. A role change applies to the user's next request.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const me = (token: string) => as(t.app, token)({ method: 'GET', url: '/api/auth/me' });

async function shopWithSeller() {
  const { director, shops } = await createDirector(t.db, { shopCount: 2 });
  const seller = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shops[0]!.id, shops[1]!.id] });
  return { director: as(t.app, await signIn(t.app, director)), seller, shops };
}

describe('session lifetime', () => {
  it('ends 12 h after sign-in however active it is', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const token = await signIn(t.app, user);
    // Active a minute ago, opened 11 h 59 ago: still open.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 12 * HOUR + 60_000), lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(token)).statusCode).toBe(200);
    // Opened 12 h and a minute ago, active a minute ago: ended, and for good.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 12 * HOUR - 60_000), lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.revokedAt).not.toBeNull();
    // A new sign-in opens a new session.
    expect((await me(await signIn(t.app, user))).statusCode).toBe(200);
  });
});

describe('what ends a session at once', () => {
  it('logout ends this session only', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const [one, two] = [await signIn(t.app, user), await signIn(t.app, user)];
    expect((await as(t.app, one)({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(two)).statusCode).toBe(200);
  });

  it("a password set by the director ends every session of the user", async () => {
    const { director, seller } = await shopWithSeller();
    const [one, two] = [await signIn(t.app, seller), await signIn(t.app, seller)];
    const set = await director({ method: 'PUT', url: `/api/update/pass/${seller.id}`, payload: { nouveau: 'Changed123' } });
    expect(set.statusCode).toBe(200);
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(two)).statusCode).toBe(401);
    expect((await me(await signIn(t.app, { ...seller, password: 'Changed123' }))).statusCode).toBe(200);
  });

  it('removing a user from one shop keeps their session; from the last one ends it', async () => {
    const { director, seller, shops } = await shopWithSeller();
    const token = await signIn(t.app, seller);
    const first = await director({ method: 'DELETE', url: `/api/users/boutique/${shops[0]!.id}/${seller.id}` });
    expect(first.statusCode).toBe(200);
    const still = await me(token);
    expect(still.statusCode).toBe(200);
    expect(still.json().boutiques.map((b: { idBoutique: number }) => b.idBoutique)).toEqual([shops[1]!.id]);
    const last = await director({ method: 'DELETE', url: `/api/users/boutique/${shops[1]!.id}/${seller.id}` });
    expect(last.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('deleting a user ends their sessions and refuses a new sign-in', async () => {
    const { director, seller } = await shopWithSeller();
    const token = await signIn(t.app, seller);
    expect((await director({ method: 'DELETE', url: `/api/users/${seller.id}` })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: seller.username, password: seller.password } });
    expect(again.statusCode).toBe(401);
  });
});

describe('a role change', () => {
  it("applies to the user's next request, without signing in again", async () => {
    const { director, seller, shops } = await shopWithSeller();
    const token = await signIn(t.app, seller);
    const call = as(t.app, token);
    // Receptions are read by a manager, not by a seller.
    const receptions = () => call({ method: 'GET', url: `/api/reception_boutique/${shops[0]!.id}` });
    expect((await receptions()).statusCode).toBe(403);
    const person = { username: seller.username, nom: 'Nom', prenom: 'Prenom', email: `${seller.username}@example.test` };
    const promote = await director({
      method: 'PUT',
      url: `/api/users/gerant/${seller.id}`,
      payload: { ...person, role: [ROLE.manager], boutiques: [shops[0]!.id, shops[1]!.id] },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect((await me(token)).json().role.map((r: { idRole: number }) => r.idRole)).toEqual([ROLE.manager]);
    expect((await receptions()).statusCode).toBe(200);
    const demote = await director({
      method: 'PUT',
      url: `/api/users/gerant/${seller.id}`,
      payload: { ...person, role: [ROLE.seller], boutiques: [shops[0]!.id, shops[1]!.id] },
    });
    expect(demote.statusCode).toBe(200);
    expect((await me(token)).json().role.map((r: { idRole: number }) => r.idRole)).toEqual([ROLE.seller]);
    expect((await receptions()).statusCode).toBe(403);
  });
});
