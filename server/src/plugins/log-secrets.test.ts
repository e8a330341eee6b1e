import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@app/common/roles';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/database.js';
import { createDirector, createUser, TEST_PASSWORD } from '../test/factories.js';

/**
 * No password, token or reset link in any log line (issue 12 §4): the real logger, at the most
 * verbose level, captured while users sign in (right and wrong), ask for and use a reset link,
 * and change passwords; then every secret the test knows is looked for in every line.
 */

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let dataDir: string;
const received: string[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  database = await openTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-logs-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    signinRateLimit: 1000,
    webDist: undefined,
    logLevel: 'trace' as const,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: 'https://shop.example.test',
  };
  app = await buildApp({ config, db: database.db, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fs.rm(dataDir, { recursive: true, force: true });
});

function linkIn(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(body);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return match[0];
}

describe('log lines', () => {
  it('hold no password, token or reset link through sign-in, reset and password changes', async () => {
    const secrets: string[] = [TEST_PASSWORD];
    const { director } = await createDirector(database.db);
    const seller = await createUser(database.db, { roles: [ROLE.seller], accountId: director.id });
    const signin = (username: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });

    // Sign-in: a wrong password, then the right one (its token is a secret too).
    secrets.push('WrongGuess77');
    expect((await signin(director.username, 'WrongGuess77')).statusCode).toBe(401);
    const session = await signin(director.username, TEST_PASSWORD);
    const token = session.json().accessToken as string;
    secrets.push(token);
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    // A token sent in the query string by mistake.
    await app.inject({ method: 'GET', url: `/api/auth/me?access_token=${token}` });

    // Forgotten password: the mailed link and its token, used from the web page and the API.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/forget_password', payload: { email: `${seller.username}@example.test` } })).statusCode,
    ).toBe(200);
    expect(received.length).toBeGreaterThan(0);
    const link = linkIn(received.at(-1)!);
    const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    secrets.push(link, resetToken, encodeURIComponent(resetToken));
    await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    secrets.push('ResetNew123');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { token: resetToken, password: 'ResetNew123', confirmation: 'ResetNew123' },
    });
    expect(reset.statusCode).toBe(200);

    // Password changes: by the director for a user, and one's own from the profile.
    secrets.push('ByDirector9');
    const set = await app.inject({ method: 'PUT', url: `/api/update/pass/${seller.id}`, headers: auth, payload: { nouveau: 'ByDirector9' } });
    expect(set.statusCode).toBe(200);
    secrets.push('OwnNew1234');
    const own = await app.inject({
      method: 'PUT',
      url: `/e2v/api/profil/${director.id}`,
      headers: auth,
      payload: { username: director.username, changePassword: true, currentPassword: TEST_PASSWORD, password: 'OwnNew1234', confirmation: 'OwnNew1234' },
    });
    expect(own.statusCode, own.body).toBe(200);
    // A refused change carries the password in a body that fails validation.
    secrets.push('short1');
    await app.inject({ method: 'PUT', url: `/api/update/pass/${seller.id}`, headers: auth, payload: { nouveau: 'short1' } });

    expect(lines.length).toBeGreaterThan(10);
    const leaks = lines.flatMap((line) => secrets.filter((secret) => line.includes(secret)).map((secret) => `${secret.slice(0, 12)}… in ${line.slice(0, 300)}`));
    expect(leaks).toEqual([]);
  });
});
