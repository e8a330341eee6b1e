import { spawn } from 'node:child_process';
import pg from 'pg';
import { openPostgres } from '../db/client.js';
import { BackupError, describeDatabase, sameLevel, type Manifest } from './manifest.js';

/**
 * libpq's tools take the connection URL, less its password, which goes through PGPASSWORD so
 * that it never shows in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; answers its standard output, or fails with its error output. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-8_000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client), the same major version as the server or newer.`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${tool} failed: ${err.trim() || `exit code ${code}`}`)),
    );
  });
}

/**
 * pg_dump reads the whole database in one repeatable-read snapshot, so the backup is consistent
 * while the server keeps running. Plain SQL without owners or grants: it restores into a
 * database of any role, and can be read.
 */
export async function dumpPostgres(url: string, target: string) {
  const database = await openPostgres(url);
  let described;
  try {
    described = await describeDatabase(database.db);
  } catch (error) {
    throw new BackupError(`Could not read the PostgreSQL database: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${dbname}`], env);
  const version = (await run('pg_dump', ['--version'], env)).trim();
  return { ...described, dumpedWith: version };
}

/** What the database already holds outside PostgreSQL's own schemas (an empty one holds nothing). */
async function contentsOf(url: string): Promise<{ relations: number; schemas: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ relations: number; schemas: number }>(`
      select
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as relations,
        (select count(*)::int from pg_namespace
          where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%') as schemas`);
    return result.rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * Every schema of the database dropped and `public` made again, as the first statement of the
 * restore's transaction: the database ends as the backup's, with nothing left over (a table of a
 * later migration, say). Needs the database's owner, as creating it did.
 */
const WIPE = `
set client_min_messages = warning;
do $$
declare s text;
begin
  for s in select nspname from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%' loop
    execute format('drop schema %I cascade', s);
  end loop;
end $$;
create schema public;`;

/**
 * Restores with psql in ONE transaction (--single-transaction with ON_ERROR_STOP): the wipe and
 * the whole dump commit together or not at all, so a failure leaves the database as it was.
 */
export async function restorePostgres(url: string, dump: string, manifest: Manifest, force: boolean): Promise<void> {
  let contents;
  try {
    contents = await contentsOf(url);
  } catch (error) {
    throw new BackupError(`Could not connect to the PostgreSQL database: ${(error as Error).message}`);
  }
  const occupied = contents.relations > 0 || contents.schemas > 0;
  if (occupied && !force) {
    throw new BackupError(
      `The PostgreSQL database is not empty (${contents.relations} tables, sequences or views): restoring would replace everything in it. ` +
        'Run the restore again with --force to replace it, or restore into a new database (createdb) named by DATABASE_URL.',
    );
  }
  const { dbname, env } = connection(url);
  await run(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--dbname=${dbname}`,
      ...(occupied ? [`--command=${WIPE}`] : []),
      `--file=${dump}`,
    ],
    env,
  );
  const database = await openPostgres(url);
  try {
    const loaded = await describeDatabase(database.db);
    if (!sameLevel(loaded.migrations, manifest.migrations))
      throw new BackupError('The restored database does not hold what the manifest says.');
  } finally {
    await database.close();
  }
}
