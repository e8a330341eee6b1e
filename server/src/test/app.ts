import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { openTestDatabase } from './database.js';

export type TestApp = { app: FastifyInstance; db: Db; database: Database; config: Config; close: () => Promise<void> };

/** The real application on a fresh copy of the migrated database. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // Mails of the outbox fallback go to a folder of this test file, never to ./data.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-test-'));
  // Tests sign in and write fast from few users and one address: the limits' own tests lower them.
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    signinRateLimit: 1000,
    writeRateLimit: 1_000_000,
    webDist: undefined,
    ...overrides,
  };
  const app = await buildApp({ config, db: database.db, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `app.inject` with a bearer token. */
export function as(app: FastifyInstance, token: string | null) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers } });
}
