import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from './client.js';
import { rowsOf } from './rows.js';

// Issue 23 B: three app servers started at once on a new database. On PostgreSQL, three pools (as
// three processes would have) migrate under the advisory lock; on PGlite, three openers of one
// engine in this process. All succeed and every migration is applied once.

const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function appliedOnce(database: Database) {
  const [row] = rowsOf<{ n: number; distinct: number }>(
    await database.db.execute(sql`select count(*)::int n, count(distinct hash)::int "distinct" from drizzle.__drizzle_migrations`),
  );
  expect(row).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  const [files] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int n from files`));
  expect(files!.n).toBe(0);
}

describe('migrations started together', () => {
  it('three servers on a new database: all start, migrated once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const name = `boutiko_migrate_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const servers = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString())));
      try {
        const results = await Promise.allSettled(servers.map((server) => server.migrate()));
        expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        await appliedOnce(servers[0]!);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
      try {
        const servers = await Promise.all([1, 2, 3].map(() => openPglite(undefined, client)));
        const results = await Promise.allSettled(servers.map((server) => server.migrate()));
        expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        await appliedOnce(servers[0]!);
      } finally {
        await client.close();
      }
    }
  }, 120_000);
});
