import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * 32 MB of shared buffers (PostgreSQL's default, and PGlite's, is 128 MB). The embedded database
 * lives in the server's process: PostgreSQL zeroes its buffers at start, so they cost their whole
 * size in memory from the first second and about 0.4 s of the start on a 2-core machine, whatever
 * the shop's data. A shop's working set (its articles, levels and recent invoices) fits in 32 MB;
 * pages read beyond it come from the OS's page cache. Measured in bench/README.md ("The embedded
 * database's buffers").
 */
const SHARED_BUFFERS = '32MB';
const BUFFER_PARAMS = ['-c', `shared_buffers=${SHARED_BUFFERS}`];

/** PGlite's start parameters for an engine without a data folder (the tests' databases). */
export const MEMORY_START_PARAMS = [...PGlite.defaultStartParams, ...BUFFER_PARAMS];

/**
 * Durability of the embedded database across a power cut (issue 23 A).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node filesystem (Emscripten's NODEFS,
 * which maps each file of the data folder to a real file and writes through `fs.writeSync`) has
 * no fsync: a commit reached the OS's page cache, not the disk, when it was acknowledged
 * (PGlite issue #1107). A power cut could lose the sales of the last seconds, or worse, leave
 * pg_control pointing at a checkpoint whose data pages never reached the disk.
 *
 * Rather than guessing from outside which files to flush and when, PostgreSQL is started with
 * fsync on, and NODEFS's streams get the `fsync` operation that Emscripten's `fsync()` calls
 * (`fd_sync`): `fs.fsyncSync` on the real file. PostgreSQL then flushes exactly as on a server:
 * the WAL up to the commit record before COMMIT returns (so before the HTTP answer), data files
 * then pg_control at each checkpoint, directories after creating or renaming files.
 * `wal_sync_method=fsync` because Emscripten's `fdatasync()` is a no-op that never reaches the
 * filesystem (only `fsync()` goes through `fd_sync`); the hook then flushes a WAL segment with
 * `fdatasync`, as PostgreSQL does on Linux by default (segments are preallocated: their data is
 * all a commit needs), and everything else (data files, pg_control, folders) with `fsync`.
 * The buffers' size: `SHARED_BUFFERS` above.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  ...BUFFER_PARAMS,
];

type EmscriptenStream = { nfd: number; path?: string };
const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;
type NodefsModule = {
  NODEFS?: {
    stream_ops?: { fsync?: (stream: EmscriptenStream) => number };
    tryFSOperation?: <T>(operation: () => T) => T;
  };
};

/** PGlite's Node filesystem whose files can be flushed: `installed` says whether the hook took. */
export class DurableNodeFS extends NodeFS {
  installed = false;

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [...(emscriptenOpts.preRun ?? []), (mod: unknown) => this.install(mod as NodefsModule)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }

  private install(mod: NodefsModule): void {
    const nodefs = mod.NODEFS;
    if (!nodefs?.stream_ops) return;
    // tryFSOperation turns a Node error (EIO, ENOSPC) into an errno PostgreSQL sees: a failed WAL
    // flush then stops it (PANIC) instead of acknowledging a commit that is not on disk.
    const attempt = nodefs.tryFSOperation ?? (<T>(operation: () => T) => operation());
    nodefs.stream_ops.fsync = (stream) => {
      attempt(() => (WAL_SEGMENT.test(stream.path ?? '') ? fs.fdatasyncSync(stream.nfd) : fs.fsyncSync(stream.nfd)));
      return 0;
    };
    this.installed = true;
  }
}

/**
 * Opens a PGlite data folder with every commit flushed to disk before it returns. A new folder is
 * written by PGlite's initdb through plain writes: it is flushed once, whole, before first use.
 */
export async function createDurablePglite(
  dataDir: string,
  options: Omit<PGliteOptions, 'dataDir' | 'fs' | 'startParams'>,
): Promise<{ client: PGlite; durable: boolean }> {
  const isNew = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const filesystem = new DurableNodeFS(dataDir);
  const client = await PGlite.create({ ...options, fs: filesystem, startParams: DURABLE_START_PARAMS });
  if (isNew) fsyncTree(dataDir);
  const fsync = (await client.query<{ fsync: string }>('show fsync')).rows[0]?.fsync;
  return { client, durable: filesystem.installed && fsync === 'on' };
}

/** Flushes every file and folder under `dir`, `dir` itself and its parent (which names it). */
export function fsyncTree(dir: string): void {
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) fsyncPath(child);
    }
    fsyncPath(folder);
  };
  walk(dir);
  fsyncPath(path.dirname(dir));
}

/** Flushes one file or folder (a folder: the names in it). */
export function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
