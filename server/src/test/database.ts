import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client.js';
import { MEMORY_START_PARAMS } from '../db/durable-pglite.js';

/** A fresh, migrated database for one test file: a copy of the run's template. Close it after. */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = inject('postgresTemplate');
  if (adminUrl && postgresTemplate) {
    const name = `boutiko_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const tarball = await fs.readFile(inject('pgliteTemplate'));
  // The server's buffers (durable-pglite.ts): as production runs, and a third less time to open.
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: PGLITE_EXTENSIONS, startParams: MEMORY_START_PARAMS });
  return openPglite(undefined, client);
}
