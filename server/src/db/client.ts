import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockFolder } from './folder-lock.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** A database or a transaction: PgTransaction extends PgDatabase, so queries take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine itself (PGlite only): for dumps of its data folder. */
  pglite?: PGlite;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export const PGLITE_EXTENSIONS = { pg_trgm };

export function migrationsFolder(): string {
  // Built code runs from dist/db; the SQL migrations stay in src/db/migrations.
  return MIGRATIONS_DIR.replace(`${path.sep}dist${path.sep}`, `${path.sep}src${path.sep}`);
}

/**
 * The embedded database in `dataDir` (in memory without one). A folder is locked for this process
 * while it is open (see folder-lock.ts): `purpose` names the opener to whoever else tries.
 */
export async function openPglite(dataDir: string | undefined, existing?: PGlite, purpose = 'Boutiko server'): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const release = dataDir && !existing ? lockFolder(dataDir, purpose) : undefined;
  let client: PGlite;
  try {
    client = existing ?? (await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS }));
  } catch (error) {
    release?.();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover, a dropped test database) must
  // not crash the process: the pool replaces it on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(`PostgreSQL pool: ${error.message}`);
  });
  // bigint (int8) sums come back as strings by default; amounts are whole FCFA well below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, purpose?: string): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pglite'), undefined, purpose);
}
