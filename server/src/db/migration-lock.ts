import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The advisory-lock class of migrations (two-key form, beside the sales lock's 1001). */
const MIGRATION_LOCK_CLASS = 1002;

/**
 * Runs `migrate` holding PostgreSQL's session advisory lock of migrations, on a connection of its
 * own (the migrator uses others of the pool): app servers started together on one database
 * migrate one after another, and those after the first find nothing left to do. Without it, two
 * of three servers died creating the same tables (`duplicate key ... pg_class`, issue 23 B).
 */
export async function withPostgresMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1, 0)', [MIGRATION_LOCK_CLASS]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1, 0)', [MIGRATION_LOCK_CLASS]).catch((error: Error) => (broken = error));
    }
  } finally {
    // A connection whose unlock failed is closed rather than returned (closing releases the lock).
    client.release(broken);
  }
}

const pgliteMigrations = new WeakMap<PGlite, Promise<void>>();

/**
 * The same on PGlite, inside one process (its folder lock keeps other processes out): concurrent
 * migrations of one engine run one after another, as drizzle's migrator reads the applied
 * migrations before its transaction and two could otherwise both apply the same ones.
 */
export function withPgliteMigrationLock(client: PGlite, migrate: () => Promise<void>): Promise<void> {
  const previous = pgliteMigrations.get(client) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(migrate);
  pgliteMigrations.set(client, next);
  return next;
}
