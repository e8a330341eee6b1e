import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { BackupError, DATABASE_FILE, MANIFEST_FILE, manifestSchema, type Manifest } from './manifest.js';

const ENTRIES = new Set<string>([MANIFEST_FILE, DATABASE_FILE.pglite, DATABASE_FILE.postgres]);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A scratch folder beside `near` (same disk as the result: no copy of a large dump across disks). */
export async function scratchFolder(near: string): Promise<string> {
  return fs.mkdtemp(path.join(near, '.boutiko-backup-'));
}

/**
 * Writes the backup file: a gzipped tar of the manifest and the database dump found in `staging`.
 * Written under a temporary name and renamed once complete, so that a backup that failed half-way
 * never sits under the final name.
 */
export async function writeArchive(staging: string, manifest: Manifest, file: string): Promise<void> {
  await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${file}.partial`;
  try {
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, manifest.database.file]);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

function damaged(file: string, reason: string): BackupError {
  return new BackupError(
    `${file} is not a readable Boutiko backup (damaged, truncated or another kind of file): ${reason}. Nothing was restored.`,
  );
}

/**
 * Unpacks a backup into a new scratch folder and checks it whole before anything is restored:
 * the gzip and tar framing (a truncated or altered file fails there), the manifest, and the
 * dump's size and SHA-256. Only the expected plain files are unpacked (no links, no other paths).
 * The caller removes `folder` when done.
 */
export async function readArchive(file: string): Promise<{ folder: string; manifest: Manifest; databaseFile: string }> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`${file}: no such backup file.`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-restore-'));
  try {
    try {
      await tar.extract({
        file,
        cwd: folder,
        strict: true,
        filter: (entryPath, entry) => ENTRIES.has(entryPath) && 'type' in entry && entry.type === 'File',
      });
    } catch (error) {
      throw damaged(file, (error as Error).message);
    }
    const text = await fs.readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => null);
    if (text === null) throw damaged(file, `it holds no ${MANIFEST_FILE}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw damaged(file, `its ${MANIFEST_FILE} is not JSON`);
    }
    const manifest = manifestSchema.safeParse(parsed);
    if (!manifest.success)
      throw damaged(file, `its ${MANIFEST_FILE} is not one this version reads (${manifest.error.issues[0]?.message})`);
    const databaseFile = path.join(folder, manifest.data.database.file);
    const size = (await fs.stat(databaseFile).catch(() => null))?.size;
    if (size === undefined) throw damaged(file, `it holds no ${manifest.data.database.file}`);
    if (size !== manifest.data.database.bytes || (await sha256Of(databaseFile)) !== manifest.data.database.sha256) {
      throw damaged(file, `${manifest.data.database.file} does not match its checksum`);
    }
    return { folder, manifest: manifest.data, databaseFile };
  } catch (error) {
    // A refused archive's extraction may still be closing a file it had begun when it failed:
    // removing the folder is retried (ENOTEMPTY), and never replaces the reason the user is given.
    await fs.rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => undefined);
    throw error;
  }
}
