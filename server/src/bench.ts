// `npm run bench`: the speed budgets of ARCHITECTURE.md that exist so far. Prints one line per
// measure with its budget; exits non-zero when a budget is missed. Later features add theirs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPglite } from './db/client.js';
import { ROLE } from '@app/common/roles';
import { createShop, createUser, signIn } from './test/factories.js';

const results: { name: string; value: number; budget: number; unit: string }[] = [];
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-bench-'));
const config = { ...loadConfig({}), dataDir: dir, signinRateLimit: 1_000_000, webDist: undefined };

try {
  // First start creates the database (initdb + migrations); the budget is on the restart.
  const first = await openPglite(dir);
  await first.migrate();
  // A director the admin made: no subscription line, hence no shop limit.
  const director = await createUser(first.db, { roles: [ROLE.director] });
  for (let i = 0; i < 2000; i++) await createShop(first.db, director.id, { nom: `Bench shop ${i}` });
  await first.close();

  const t0 = performance.now();
  const database = await openPglite(dir);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  results.push({ name: 'restart on an existing PGlite folder', value: performance.now() - t0, budget: 2000, unit: 'ms' });

  const token = await signIn(app, director);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const url = i % 2 ? `/api/boutique/users/page/${1 + (i % 150)}` : `/api/boutique/page/1/shop%20${i}`;
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  }
  times.sort((a, b) => a - b);
  results.push({ name: 'paged shop list and search, 2000 shops (PGlite), p95', value: times[Math.floor(times.length * 0.95)]!, budget: 20, unit: 'ms' });
  await app.close();
  await database.close();
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}

let missed = 0;
for (const r of results) {
  const ok = r.value <= r.budget;
  if (!ok) missed++;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value.toFixed(1)} ${r.unit} (budget ${r.budget} ${r.unit})`);
}
process.exit(missed ? 1 : 0);
