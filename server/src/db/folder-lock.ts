import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in one process: it has no shared memory between processes and does not
 * lock its folder (its postmaster.pid holds a fake pid), so a second process that opens a folder
 * another one has open corrupts it. Every opener (the server, the demo seed, backup and restore)
 * therefore takes this lock first: a file beside the folder (`pglite.lock`, outside it, so that a
 * dump of the folder never carries it) holding the owner's pid. The kernel does not release it
 * when its process dies, so a lock whose process is gone (or that was written before the last
 * reboot) is stale and taken over.
 */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: { pid: number; purpose: string; since: string },
  ) {
    super(
      `The embedded database ${folder} is in use by process ${holder.pid} (${holder.purpose}, since ${holder.since}). ` +
        `PGlite takes one process at a time: stop that process first. If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'FolderInUseError';
  }
}

type Holder = { pid: number; bootId: string | null; purpose: string; since: string };

/** Folders this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number') return null;
    return { pid: holder.pid, bootId: holder.bootId ?? null, purpose: holder.purpose ?? 'unknown', since: holder.since ?? '?' };
  } catch {
    return null;
  }
}

/** Whether the holder may still have the folder open. This process's own pid (a container restarted with the same pid 1) is stale unless `held` says otherwise. */
function isLive(holder: Holder | null): holder is Holder {
  if (!holder || holder.pid === process.pid) return false;
  const current = bootId();
  if (holder.bootId && current && holder.bootId !== current) return false;
  return isAlive(holder.pid);
}

export function lockFileOf(folder: string): string {
  return `${path.resolve(folder)}.lock`;
}

/** Takes the lock of a PGlite folder for `purpose` ("server", "backup", ...); answers its release. */
export function lockFolder(folder: string, purpose: string): () => void {
  const resolved = path.resolve(folder);
  const lockFile = lockFileOf(resolved);
  if (held.has(resolved))
    throw new FolderInUseError(resolved, lockFile, { pid: process.pid, purpose: 'this process', since: 'now' });
  const mine: Holder = { pid: process.pid, bootId: bootId(), purpose, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' creates the file or fails if it exists: two openers cannot both succeed.
      fs.writeFileSync(lockFile, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (isLive(holder) || attempt > 0) {
        throw new FolderInUseError(resolved, lockFile, holder ?? { pid: 0, purpose: 'unknown', since: '?' });
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  held.add(resolved);
  return () => {
    held.delete(resolved);
    if (readHolder(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
}
