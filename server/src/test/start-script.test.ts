import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) under a process manager: npm → sh -c → start.mjs → server. On
// SIGTERM npm signals the shell, which dies without passing it on. scripts/supervise.mjs must
// then stop the server and exit. A stand-in server (a node process that records its SIGTERM)
// keeps this test free of the build.

const supervise = pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/supervise.mjs')).href;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boutiko-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fixture(name: string): { script: string; stopped: string; ready: string } {
  const stopped = path.join(dir, `${name}.stopped`);
  const ready = path.join(dir, `${name}.ready`);
  const server = `process.on('SIGTERM', () => { require('fs').writeFileSync(${JSON.stringify(stopped)}, String(process.pid)); process.exit(0); });
    require('fs').writeFileSync(${JSON.stringify(ready)}, String(process.pid)); setInterval(() => {}, 1000);`;
  const script = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    script,
    `import { spawn } from 'node:child_process';
     import { superviseChild } from ${JSON.stringify(supervise)};
     superviseChild(spawn(process.execPath, ['-e', ${JSON.stringify(server)}], { stdio: 'inherit' }), { pollMs: 100 });`,
  );
  return { script, stopped, ready };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A file the stand-in wrote whole (existsSync alone can see it created but still empty). */
const written = (file: string) => fs.existsSync(file) && fs.readFileSync(file, 'utf8').length > 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start under a process manager', () => {
  it('stops the server and exits when the shell npm runs it through is terminated', async () => {
    const f = fixture('shell');
    // `; exit $?` keeps the shell as the parent, as npm's `sh -c` is.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${f.script}"; exit $?`], { stdio: 'ignore' });
    await until(() => written(f.ready));
    const serverPid = Number(fs.readFileSync(f.ready, 'utf8'));
    shell.kill('SIGTERM');
    await until(() => written(f.stopped));
    expect(Number(fs.readFileSync(f.stopped, 'utf8'))).toBe(serverPid);
    await until(() => !alive(serverPid));
  });

  it('passes SIGTERM on to the server and exits with its code', async () => {
    const f = fixture('direct');
    const runner = spawn(process.execPath, [f.script], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => runner.on('exit', (code) => resolve(code)));
    await until(() => written(f.ready));
    runner.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(f.stopped)).toBe(true);
  });
});
