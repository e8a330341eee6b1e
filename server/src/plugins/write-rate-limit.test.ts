import { ROLE } from '@app/common/roles';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../test/app.js';
import { createUser, signIn } from '../test/factories.js';

/** Writes per user and minute: a low limit, so that a test reaches it. */
const LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ writeRateLimit: LIMIT });
});
afterAll(() => t.close());

/** A write of the user's own profile (a route that needs a session): the username only. */
const rename = (call: ReturnType<typeof as>, userId: number, username: string, lang = 'fr') =>
  call({
    method: 'PUT',
    url: `/e2v/api/profil/${userId}`,
    headers: { 'accept-language': lang },
    payload: { username, changePassword: false },
  });

const usernameOf = async (userId: number) =>
  (await t.db.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]!.username;

describe('write rate limit per user (WRITE_RATE_LIMIT)', () => {
  it('refuses writes beyond the limit with 429, the error shape and Retry-After; reads and other users go on', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const other = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    const otherCall = as(t.app, await signIn(t.app, other));

    for (let i = 0; i < LIMIT; i++) expect((await rename(call, user.id, `${user.username}${i}`)).statusCode).toBe(200);

    const refused = await rename(call, user.id, `${user.username}x`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'WRITE_RATE_LIMITED',
      message: 'Trop de modifications en peu de temps. Patientez une minute, puis réessayez.',
      requestId: expect.any(String),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused before anything ran: the last accepted name stands.
    expect(await usernameOf(user.id)).toBe(`${user.username}${LIMIT - 1}`);

    const english = await rename(call, user.id, `${user.username}y`, 'en');
    expect(english.statusCode).toBe(429);
    expect(english.json().message).toBe('Too many changes in a short time. Wait a minute, then try again.');

    // A second session of the same user shares the limit: it is per user, not per token.
    const secondSession = as(t.app, await signIn(t.app, { username: `${user.username}${LIMIT - 1}`, password: user.password }));
    expect((await rename(secondSession, user.id, `${user.username}z`)).statusCode).toBe(429);

    // Reads are not counted.
    for (let i = 0; i < LIMIT + 2; i++) expect((await call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    // Another user is not affected.
    expect((await rename(otherCall, other.id, `${other.username}1`)).statusCode).toBe(200);
    expect(await usernameOf(other.id)).toBe(`${other.username}1`);
  });

  it('counts neither sign-in (public, limited per address) nor logout (one can always leave)', async () => {
    const user = await createUser(t.db, { roles: [ROLE.cashier] });
    const tokens: string[] = [];
    for (let i = 0; i < LIMIT + 2; i++) tokens.push(await signIn(t.app, user));
    for (const token of tokens)
      expect((await as(t.app, token)({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const call = as(t.app, await signIn(t.app, user));
    expect((await rename(call, user.id, `${user.username}1`)).statusCode).toBe(200);
  });

  it("commits the count alone without waiting for the disk: the connection's next transaction is durable again", async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const call = as(t.app, await signIn(t.app, user));
    expect((await rename(call, user.id, `${user.username}1`)).statusCode).toBe(200);
    // The count's statement turned synchronous_commit off for its own transaction only (set_config
    // local): the next statement, on the same connection (PGlite's one; the pool's last used on
    // PostgreSQL), commits with the server's setting, so a sale is on disk before it is answered.
    const [row] = rowsOf<{ setting: string }>(await t.db.execute(sql`select current_setting('synchronous_commit') as setting`));
    expect(row!.setting).toBe('on');
  });
});
