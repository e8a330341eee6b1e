// Builds (`npm run build`) when the sources are newer than the build: `npm start` and `npm run cluster`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['common/dist', 'server/dist/server.js', 'web/dist/index.html'].map((p) => path.join(root, p));
const sources = ['common/src', 'common/locales', 'server/src', 'web/src', 'web/index.html'].map((p) => path.join(root, p));

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}
function oldest(targets) {
  return Math.min(...targets.map((t) => (fs.existsSync(t) ? fs.statSync(t).mtimeMs : 0)));
}

/** Exits the process with the build's code when the build fails. */
export function buildIfNeeded() {
  if (oldest(outputs) >= Math.max(...sources.map(newest))) return;
  console.log('Building (sources changed since the last build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const stamp = new Date();
  for (const output of outputs) fs.utimesSync(output, stamp, stamp);
}
