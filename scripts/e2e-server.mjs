// Starts the built product for the browser journeys: a fresh PGlite data folder, the platform
// admin with known credentials, the demo data, on E2E_PORT (3100).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e/.data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'Admin1234',
  LOG_LEVEL: 'warn',
  // Every journey signs in from the same address: the per-address limit is tested by the API tests.
  SIGNIN_RATE_LIMIT: '1000',
  // Journeys in parallel write as the same demo users: the per-user write limit is tested by the API tests.
  WRITE_RATE_LIMIT: '100000',
  // The register dialog shows these (server configuration, not the catalogues).
  ACTIVATION_PHONES: '+225 27 22 40 50 60, +225 07 77 12 34 56',
};
delete env.DATABASE_URL;
delete env.SMTP_URL;

const seed = spawnSync(process.execPath, [path.join(root, 'server/dist/seed-demo.js')], { cwd: root, env, stdio: 'inherit' });
if (seed.status !== 0) process.exit(seed.status ?? 1);
const server = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
