import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdLockInChild } from '../test/lock-holder.js';
import { openPglite } from './client.js';
import { FolderInUseError, lockFileOf, lockFolder } from './folder-lock.js';

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-lock-test-'));
afterAll(() => fs.rm(work, { recursive: true, force: true }));
let folders = 0;
const newFolder = () => path.join(work, `pglite-${++folders}`);

describe('the PGlite folder lock', () => {
  it('refuses a folder another live process holds, naming it, and the server open refuses it too', async () => {
    const folder = newFolder();
    const holder = await holdLockInChild(folder, 'backup');
    try {
      expect(() => lockFolder(folder, 'restore')).toThrow(FolderInUseError);
      expect(() => lockFolder(folder, 'restore')).toThrow(
        new RegExp(`in use by process ${holder.pid} \\(backup, since .*delete .*pglite-\\d+\\.lock`),
      );
      // Before PGlite touches the folder: nothing is created in it.
      await expect(openPglite(folder)).rejects.toThrow(FolderInUseError);
      expect(await fs.readdir(folder).catch(() => [])).toEqual([]);
    } finally {
      await holder.stop('SIGTERM');
    }
    // Released on a clean stop.
    await expect(fs.access(lockFileOf(folder))).rejects.toThrow();
    lockFolder(folder, 'restore')();
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    const folder = newFolder();
    const holder = await holdLockInChild(folder);
    await holder.stop('SIGKILL');
    expect(JSON.parse(await fs.readFile(lockFileOf(folder), 'utf8'))).toMatchObject({ pid: holder.pid });
    const release = lockFolder(folder, 'server');
    expect(JSON.parse(await fs.readFile(lockFileOf(folder), 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'server' });
    release();
    await expect(fs.access(lockFileOf(folder))).rejects.toThrow();
  });

  it('takes over a lock written before the last reboot, even if its pid is alive now', async () => {
    const folder = newFolder();
    const stale = { pid: process.ppid, bootId: 'another-boot', purpose: 'server', since: '2026-01-01T00:00:00.000Z' };
    await fs.writeFile(lockFileOf(folder), JSON.stringify(stale));
    lockFolder(folder, 'server')();
  });

  it('refuses a second open of one folder in the same process', () => {
    const folder = newFolder();
    const release = lockFolder(folder, 'server');
    try {
      expect(() => lockFolder(folder, 'server')).toThrow(/in use by process \d+ \(this process/);
    } finally {
      release();
    }
  });
});
