import { spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Another process holding a PGlite folder's lock as the server does (db/folder-lock.ts), until it
 * is killed: SIGTERM lets it release the lock, SIGKILL leaves the lock behind like a crash.
 */
export async function holdLockInChild(folder: string, purpose = 'Boutiko server') {
  const script = `
    const { lockFolder } = await import(${JSON.stringify(path.join(serverDir, 'src/db/folder-lock.ts'))});
    const release = lockFolder(${JSON.stringify(folder)}, ${JSON.stringify(purpose)});
    process.on('SIGTERM', () => { release(); process.exit(0); });
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`lock holder exited (${code}): ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    stop: async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
