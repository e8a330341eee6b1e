// `npm test`: the whole suite. Unit and API tests (Vitest; API on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set), then a build and the browser journeys (Playwright on Debian's Chromium).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['npx', ['vitest', 'run']],
  ['npm', ['run', 'build']],
  ['npm', ['run', 'test', '-w', 'e2e']],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`> ${command} ${args.join(' ')}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
