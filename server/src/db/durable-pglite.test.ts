import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';

// Issue 23 A: an acknowledged write on the embedded database survives a power cut. Proven from
// outside: a child process makes committed writes on a PGlite data folder under strace, and after
// each acknowledgement touches a marker path; between two markers the trace must hold a flush
// (fsync) of the WAL, and a checkpoint must flush data files before pg_control.

const serverDir = path.resolve(import.meta.dirname, '../..');
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-durable-'));
afterAll(() => fs.rm(work, { recursive: true, force: true }));

type Event = { marker: string } | { fsync: string };

/** Runs pglite-writer.ts under strace; the trace as markers and flushed paths, in order. */
async function traceWriter(folder: string, mode: 'durable' | 'plain'): Promise<{ events: Event[]; output: string }> {
  const traceFile = path.join(work, `${mode}-${Date.now()}.trace`);
  const args = ['-f', '-qq', '-y', '-o', traceFile, '-e', 'trace=fsync,fdatasync,access'];
  const writer = path.join(serverDir, 'src/test/pglite-writer.ts');
  const child = spawn('strace', [...args, process.execPath, '--import', 'tsx', writer, folder, mode], { cwd: serverDir });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`writer under strace exited ${code}: ${output}`);
  const events: Event[] = [];
  for (const line of (await fs.readFile(traceFile, 'utf8')).split('\n')) {
    const marker = /access\("\/nonexistent-boutiko-marker\/([^"]+)"/.exec(line);
    if (marker) events.push({ marker: marker[1]! });
    const flushed = /f(?:data)?sync\(\d+<([^>]+)>\) = 0/.exec(line);
    if (flushed) events.push({ fsync: flushed[1]! });
  }
  return { events, output };
}

/** The paths flushed after marker `after` (or from the start) and before marker `until`. */
function flushedBetween(events: Event[], after: string | null, until: string): string[] {
  const start = after === null ? 0 : events.findIndex((event) => 'marker' in event && event.marker === after);
  const end = events.findIndex((event) => 'marker' in event && event.marker === until);
  expect(start, `marker ${after}`).toBeGreaterThanOrEqual(0);
  expect(end, `marker ${until}`).toBeGreaterThan(start);
  return events.slice(start, end).flatMap((event) => ('fsync' in event ? [event.fsync] : []));
}

const WRITES = ['write-0', 'write-1', 'write-2', 'write-3', 'write-4', 'transaction'];

describe('PGlite durability (strace)', () => {
  it('flushes the WAL behind every acknowledged commit, and data files before pg_control at a checkpoint', async () => {
    const strace = spawnSync('strace', ['-V']);
    expect(strace.error, 'strace is needed by this test: apt-get install -y strace').toBeUndefined();

    const folder = path.join(work, 'pglite');
    const { events, output } = await traceWriter(folder, 'durable');
    expect(output).toContain('"durable":true');
    // A new folder (written by PGlite's initdb without flushes) is flushed whole before first use.
    expect(flushedBetween(events, null, 'ready')).toContain(path.join(folder, 'PG_VERSION'));
    let previous = 'ready';
    for (const write of WRITES) {
      const flushed = flushedBetween(events, previous, write);
      expect(flushed.some((file) => file.startsWith(path.join(folder, 'pg_wal') + path.sep)), `WAL flushed before ${write}`).toBe(true);
      previous = write;
    }
    const checkpoint = flushedBetween(events, 'transaction', 'checkpoint');
    const control = checkpoint.lastIndexOf(path.join(folder, 'global', 'pg_control'));
    const lastDataFile = checkpoint.findLastIndex((file) => file.startsWith(path.join(folder, 'base') + path.sep));
    expect(lastDataFile).toBeGreaterThanOrEqual(0);
    expect(control).toBeGreaterThan(lastDataFile);

    // The same writes with PGlite's defaults flush nothing: what the test would catch.
    const plain = await traceWriter(folder, 'plain');
    let before = 'ready';
    for (const write of WRITES) {
      expect(flushedBetween(plain.events, before, write)).toEqual([]);
      before = write;
    }
  }, 90_000);
});

describe('the embedded database as the server opens it', () => {
  it('flushes its commits and keeps 32 MB of shared buffers (memory and start-up time)', async () => {
    const database = await openPglite(path.join(work, 'settings'));
    try {
      const { rows } = await database.pglite!.query<{ name: string; setting: string }>(
        `select name, current_setting(name) as setting from unnest(array['fsync', 'shared_buffers']) as name`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({ fsync: 'on', shared_buffers: '32MB' });
      expect(database.durable).toBe(true);
    } finally {
      await database.close();
    }
  });
});
