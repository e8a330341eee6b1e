import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder, type Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** A refusal or failure told to the operator as it is (the CLI prints the message, no stack). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const BACKUP_FORMAT = 'boutiko-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The database inside a backup: PGlite's own dump of its data folder, or pg_dump's SQL. */
export const DATABASE_FILE = { pglite: 'database.tar', postgres: 'database.sql' } as const;

const migrationLevel = z.object({ count: z.number().int().min(0), latest: z.string().nullable() });
export type MigrationLevel = z.infer<typeof migrationLevel>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  backend: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  /** The migrations applied to the saved database: a restore refuses a database newer than its code. */
  migrations: migrationLevel,
  database: z.object({
    file: z.enum([DATABASE_FILE.pglite, DATABASE_FILE.postgres]),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** Uploaded files (article images, proofs of payment) live in the `files` table, so in the dump. */
  uploadedFiles: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  postgresVersion: z.string(),
  dumpedWith: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

type JournalEntry = { tag: string; when: number };

/** The migrations this code knows, oldest first (drizzle-kit's journal). */
export async function knownMigrations(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * What a database holds, for the manifest: its migration level (drizzle records each applied
 * migration with its journal timestamp), its uploaded files and its PostgreSQL version.
 */
export async function describeDatabase(db: Db) {
  const journal = await knownMigrations();
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  const applied = table?.name
    ? rowsOf<{ created_at: string | number }>(
        await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
      ).map((row) => Number(row.created_at))
    : [];
  const last = applied.at(-1);
  const latest =
    last === undefined ? null : (journal.find((entry) => entry.when === last)?.tag ?? `unknown migration of ${last}`);
  const [files] = table?.name
    ? rowsOf<{ count: number; bytes: string | number }>(
        await db.execute(sql`select count(*)::int as count, coalesce(sum(length(bytes)), 0)::bigint as bytes from files`),
      )
    : [];
  const [version] = rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`));
  return {
    migrations: { count: applied.length, latest } satisfies MigrationLevel,
    uploadedFiles: { count: files?.count ?? 0, bytes: Number(files?.bytes ?? 0) },
    postgresVersion: version?.server_version ?? 'unknown',
  };
}

/** Refuses a backup whose database is at a migration this code does not know (made by a newer Boutiko). */
export async function checkMigrationLevel(level: MigrationLevel): Promise<void> {
  const journal = await knownMigrations();
  const known = level.latest === null || journal.some((entry) => entry.tag === level.latest);
  if (!known || level.count > journal.length) {
    throw new BackupError(
      `This backup comes from a newer Boutiko: its database is at migration ${level.latest} (${level.count} applied), ` +
        `which this version does not know (its latest is ${journal.at(-1)?.tag}). Update Boutiko, then restore.`,
    );
  }
}

export function sameLevel(a: MigrationLevel, b: MigrationLevel): boolean {
  return a.count === b.count && a.latest === b.latest;
}
