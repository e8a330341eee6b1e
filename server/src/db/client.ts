import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteClient } from './pglite-statements.js';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { lockFolder } from './folder-lock.js';
import { withPgliteMigrationLock, withPostgresMigrationLock } from './migration-lock.js';
import { rowsOf } from './rows.js';
import { statementName } from './prepared.js';
import { compileRawSqlFast } from './raw-sql.js';
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
  /** The client drizzle sends the app's statements to on PGlite (pglite-statements.ts). */
  pgliteClient?: PgliteClient;
  /** PGlite on a data folder: whether each commit is flushed to disk before it returns (durable-pglite.ts). */
  durable?: boolean;
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
 * Whether the database already has every migration of the journal: drizzle's migrator applies
 * those whose journal time is after the newest `created_at` in its table, so none is due when that
 * row is at least the journal's last time. One small file and one indexed row instead of reading
 * and hashing every migration at each start. Any doubt (no table yet: a new database) says no,
 * and the migrator runs as before.
 */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  // Read synchronously (a small file, once): an async read waits for libuv's thread pool, which
  // right after PGlite's open can be busy for hundreds of milliseconds.
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const last = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const rows = rowsOf<{ created_at: string | number }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    return rows.length === 1 && Number(rows[0]!.created_at) >= last;
  } catch {
    return false;
  }
}

/**
 * The embedded database in `dataDir` (in memory without one). A folder is locked for this process
 * while it is open (see folder-lock.ts): `purpose` names the opener to whoever else tries.
 */
export async function openPglite(dataDir: string | undefined, existing?: PGlite, purpose = 'Boutiko server'): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const release = dataDir && !existing ? lockFolder(dataDir, purpose) : undefined;
  let client: PGlite;
  let durable = false;
  // PGlite and its drizzle driver are loaded only when the embedded engine is used (not on PostgreSQL).
  const [{ PGlite: Engine }, { drizzle: drizzlePglite }, { createDurablePglite, MEMORY_START_PARAMS }, { pgliteStatements }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('./durable-pglite.js'),
    import('./pglite-statements.js'),
  ]);
  try {
    if (existing) client = existing;
    else if (dataDir) ({ client, durable } = await createDurablePglite(dataDir, { extensions: PGLITE_EXTENSIONS }));
    else client = await Engine.create({ extensions: PGLITE_EXTENSIONS, startParams: MEMORY_START_PARAMS });
  } catch (error) {
    release?.();
    throw error;
  }
  // The app's statements go through pglite-statements.ts (batched protocol, marked ones named);
  // the migrator keeps PGlite's own client.
  const pgliteClient = pgliteStatements(client);
  const db = drizzlePglite({ client: pgliteClient as PGlite, schema }) as unknown as Db;
  compileRawSqlFast(db);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pgliteClient,
    durable,
    migrate: async () => {
      if (await migrationsUpToDate(db)) return;
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await withPgliteMigrationLock(client, async () => {
        if (await migrationsUpToDate(db)) return;
        await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
      });
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
  // pg and its drizzle driver are loaded only on PostgreSQL (not with the embedded engine).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // Statements marked by db/prepared.ts go under a name: parsed once per connection, their plan kept.
  class NamedStatementClient extends pg.Client {
    private readonly named = new Set<string>();
    override query(...args: unknown[]): never {
      const config = args[0] as { text?: unknown; name?: string } | string;
      if (typeof config === 'object' && config !== null && typeof config.text === 'string' && !config.name) {
        const name = statementName(config.text, this.named);
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: NamedStatementClient });
  // An idle connection dropped by the server (restart, failover, a dropped test database) must
  // not crash the process: the pool replaces it on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(`PostgreSQL pool: ${error.message}`);
  });
  // bigint (int8) sums come back as strings by default; amounts are whole FCFA well below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  compileRawSqlFast(db);
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Checked before the lock too: a restart on an up-to-date database neither waits nor locks.
      if (await migrationsUpToDate(db)) return;
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await withPostgresMigrationLock(pool, async () => {
        if (await migrationsUpToDate(db)) return;
        await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
      });
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, purpose?: string): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pglite'), undefined, purpose);
}
