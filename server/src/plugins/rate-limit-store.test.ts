import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLE } from '@app/common/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { openTestDatabase } from '../test/database.js';
import { createUser, signIn } from '../test/factories.js';

// Issue 23 C: the limits are counted in the database, so two app servers on one database share
// them. Two apps built on the same database stand for two servers behind a load balancer.

let database: Database;
let dataDir: string;
let servers: FastifyInstance[];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-limits-'));
  const config = { ...loadConfig({}), dataDir, signinRateLimit: 10, writeRateLimit: 3, webDist: undefined };
  servers = await Promise.all([1, 2].map(() => buildApp({ config, db: database.db, logger: false })));
  await Promise.all(servers.map((server) => server.ready()));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => database.db.execute(sql`delete from rate_limit_counters`));

const signin = (server: FastifyInstance, username: string, password: string) =>
  server.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });

describe('request limits counted in the database', () => {
  it('refuses the 11th wrong password from an address whichever server answers, until the window ends', async () => {
    const user = await createUser(database.db, { roles: [ROLE.seller] });
    for (let i = 0; i < 10; i++) expect((await signin(servers[i % 2]!, user.username, 'Wrong1234')).statusCode).toBe(401);
    for (const server of servers) {
      const refused = await signin(server, user.username, 'Wrong1234');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', requestId: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The right password too: the limit is per address.
    expect((await signin(servers[1]!, user.username, user.password)).statusCode).toBe(429);

    // Once the window has ended (moved back here rather than waited for), a new one starts.
    await database.db.execute(sql`update rate_limit_counters set expires_at = now() - interval '1 second'`);
    expect((await signin(servers[1]!, user.username, user.password)).statusCode).toBe(200);
    expect((await signin(servers[0]!, user.username, 'Wrong1234')).statusCode).toBe(401);
  });

  it('shares the per-user write limit between servers; each route with its own limit counts apart', async () => {
    const user = await createUser(database.db, { roles: [ROLE.seller] });
    const token = await signIn(servers[0]!, user);
    const rename = (server: FastifyInstance, username: string) =>
      server.inject({
        method: 'PUT',
        url: `/e2v/api/profil/${user.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { username, changePassword: false },
      });
    expect((await rename(servers[0]!, `${user.username}a`)).statusCode).toBe(200);
    expect((await rename(servers[1]!, `${user.username}b`)).statusCode).toBe(200);
    expect((await rename(servers[0]!, `${user.username}c`)).statusCode).toBe(200);
    const refused = await rename(servers[1]!, `${user.username}d`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('WRITE_RATE_LIMITED');

    const keys = rowsOf<{ key: string; n: number }>(await database.db.execute(sql`select key, n from rate_limit_counters order by key`));
    expect(keys).toEqual([
      { key: expect.stringMatching(/^POST \/api\/auth\/signin\|/), n: 1 },
      { key: `write:${user.id}`, n: 4 },
    ]);
  });

  it('deletes ended windows', async () => {
    await database.db.execute(
      sql`insert into rate_limit_counters (key, expires_at, n) values ('ended', now() - interval '1 minute', 5)`,
    );
    // A new server's store purges at its first request.
    const config = { ...loadConfig({}), dataDir, signinRateLimit: 10, writeRateLimit: 3, webDist: undefined };
    const third = await buildApp({ config, db: database.db, logger: false });
    try {
      await signin(third, 'nobody', 'Wrong1234');
      await expect
        .poll(async () => rowsOf(await database.db.execute(sql`select 1 from rate_limit_counters where key = 'ended'`)).length)
        .toBe(0);
    } finally {
      await third.close();
    }
  });
});
