import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_EXTENSIONS } from '../db/client.js';
import { fsyncPath, fsyncTree } from '../db/durable-pglite.js';
import { FolderInUseError, lockFolder } from '../db/folder-lock.js';
import { BackupError, describeDatabase, sameLevel, type Manifest } from './manifest.js';

/** The installed PGlite's version, for the manifest and for messages. */
const PGLITE_VERSION = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
})();

/**
 * The embedded database is backed up with the server stopped. PGlite runs PostgreSQL inside one
 * process, without the shared memory through which a second PostgreSQL process could read a
 * consistent snapshot; a second process opening its folder while the server has it open corrupts
 * it. So the backup takes the folder's lock (refused while the server holds it), opens the folder
 * itself and saves PGlite's own dump of it (`dumpDataDir`: the data folder as a tar, an exact
 * copy that PGlite loads back with `loadDataDir`).
 */
export async function dumpPglite(folder: string, target: string) {
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(
      `No embedded database in ${folder}: nothing to back up (check DATA_DIR, or set DATABASE_URL for PostgreSQL).`,
    );
  }
  const database = await inUse(() => openPglite(folder, undefined, 'backup'), 'back up');
  try {
    const described = await describeDatabase(database.db);
    const dump = await database.pglite!.dumpDataDir('none');
    await fs.writeFile(target, Buffer.from(await dump.arrayBuffer()));
    return { ...described, dumpedWith: `PGlite ${PGLITE_VERSION} dumpDataDir` };
  } finally {
    await database.close();
  }
}

/**
 * Restores into the folder with the server stopped (the lock again): the dump is loaded into a new
 * folder beside it and checked there; only then is the current folder (if any, with `force`) moved
 * aside to `<folder>.replaced-<date>` and the new one put in its place, so a failure at any step
 * leaves the current database as it was.
 */
export async function restorePglite(
  folder: string,
  dump: string,
  manifest: Manifest,
  force: boolean,
): Promise<{ replaced: string | null }> {
  await fs.mkdir(path.dirname(folder), { recursive: true });
  const release = await inUse(async () => lockFolder(folder, 'restore'), 'restore');
  try {
    const current = existsSync(folder) ? await fs.readdir(folder) : null;
    if (current && current.length > 0 && !force) {
      throw new BackupError(
        `The embedded database ${folder} is not empty: restoring would replace it. ` +
          'Run the restore again with --force to replace it (the current folder is kept beside it).',
      );
    }
    const incoming = `${folder}.restoring`;
    await fs.rm(incoming, { recursive: true, force: true });
    await fs.mkdir(incoming);
    try {
      const bytes = await fs.readFile(dump);
      let client: PGlite;
      try {
        client = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([bytes]), extensions: PGLITE_EXTENSIONS });
      } catch (error) {
        throw new BackupError(
          `This PGlite (${PGLITE_VERSION}) could not open the saved database (PostgreSQL ${manifest.postgresVersion}, ${manifest.dumpedWith}): ` +
            `${(error as Error).message}. Nothing was restored.`,
        );
      }
      try {
        const loaded = await describeDatabase((await openPglite(undefined, client)).db);
        if (!sameLevel(loaded.migrations, manifest.migrations))
          throw new BackupError('The restored database does not hold what the manifest says. Nothing was restored.');
      } finally {
        await client.close();
      }
      let replaced: string | null = null;
      if (current && current.length > 0) {
        replaced = `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        await fs.rename(folder, replaced);
      } else if (current) {
        await fs.rmdir(folder);
      }
      // PGlite loaded the dump through plain writes: flush it before it replaces the folder.
      fsyncTree(incoming);
      try {
        await fs.rename(incoming, folder);
        fsyncPath(path.dirname(folder));
      } catch (error) {
        if (replaced) await fs.rename(replaced, folder);
        throw error;
      }
      return { replaced };
    } finally {
      await fs.rm(incoming, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

async function inUse<T>(open: () => Promise<T>, action: string): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof FolderInUseError) {
      throw new BackupError(`Stop the Boutiko server before you ${action} the embedded database. ${error.message}`);
    }
    throw error;
  }
}
