import { existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { readArchive, scratchFolder, sha256Of, writeArchive } from './archive.js';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, checkMigrationLevel, DATABASE_FILE, type Manifest } from './manifest.js';
import { dumpPglite, restorePglite } from './pglite-backup.js';
import { dumpPostgres, restorePostgres } from './postgres-backup.js';

type Target = Pick<Config, 'dataDir' | 'databaseUrl'>;
type Backend = Manifest['backend'];

const backendOf = (config: Target): Backend => (config.databaseUrl ? 'postgres' : 'pglite');
/** Where the server keeps the embedded database (db/client.ts, openDatabase). */
const pgliteFolder = (config: Target) => path.join(config.dataDir, 'pglite');
const describeBackend = (backend: Backend) =>
  backend === 'pglite' ? 'the embedded database (PGlite, DATA_DIR)' : 'a PostgreSQL database (DATABASE_URL)';

/** `boutiko-pglite-2026-11-23T18-05-00Z.tar.gz`: sorts by date, no colon (Windows, scp). */
export function datedName(backend: Backend, at = new Date()): string {
  return `boutiko-${backend}-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

/**
 * Writes one backup file of the configured database: `target` names the file, or a folder to put
 * a dated file in (./backups by default).
 */
export async function createBackup(config: Target, target?: string): Promise<{ file: string; manifest: Manifest }> {
  const backend = backendOf(config);
  const isFolder = target === undefined || target.endsWith('/') || (existsSync(target) && statSync(target).isDirectory());
  const file = path.resolve(isFolder ? path.join(target ?? 'backups', datedName(backend)) : target);
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);
  const staging = await scratchFolder(path.dirname(file));
  try {
    const dump = path.join(staging, DATABASE_FILE[backend]);
    const described =
      backend === 'pglite' ? await dumpPglite(pgliteFolder(config), dump) : await dumpPostgres(config.databaseUrl!, dump);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      backend,
      createdAt: new Date().toISOString(),
      migrations: described.migrations,
      database: { file: DATABASE_FILE[backend], bytes: (await fs.stat(dump)).size, sha256: await sha256Of(dump) },
      uploadedFiles: described.uploadedFiles,
      postgresVersion: described.postgresVersion,
      dumpedWith: described.dumpedWith,
    };
    await writeArchive(staging, manifest, file);
    return { file, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup file into the configured database. The whole file is read and checked first;
 * a database that already holds data is replaced only with `force`.
 */
export async function restoreBackup(
  config: Target,
  file: string,
  options: { force: boolean },
): Promise<{ manifest: Manifest; replaced: string | null }> {
  const { folder, manifest, databaseFile } = await readArchive(path.resolve(file));
  try {
    const backend = backendOf(config);
    if (manifest.backend !== backend) {
      throw new BackupError(
        `This backup holds ${describeBackend(manifest.backend)}, but the configured database is ${describeBackend(backend)}. ` +
          `Restore it with the same kind of database (${manifest.backend === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'}).`,
      );
    }
    await checkMigrationLevel(manifest.migrations);
    if (backend === 'pglite')
      return { manifest, ...(await restorePglite(pgliteFolder(config), databaseFile, manifest, options.force)) };
    await restorePostgres(config.databaseUrl!, databaseFile, manifest, options.force);
    return { manifest, replaced: null };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
