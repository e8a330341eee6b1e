// `npm run cluster [-- --servers N] [-- --port P]`: several built app servers on one machine, on
// one PostgreSQL database, behind HAProxy (README, "Several app servers on one machine").
// Ctrl-C or SIGTERM stops everything this script started.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfNeeded } from './build-if-needed.mjs';
import { haproxyConfig } from './haproxy-config.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const HAPROXY = '/usr/sbin/haproxy';
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { servers: { type: 'string', default: '2' }, port: { type: 'string', default: '3000' } } });
const count = Number(values.servers);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error('--servers: a number from 1 to 32');
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port: a TCP port');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/boutiko';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });

/** HAProxy from Debian's package, installed when missing and this runs as root. */
function ensureHaproxy() {
  if (fs.existsSync(HAPROXY)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${HAPROXY} is missing: sudo apt-get install -y haproxy`);
    process.exit(1);
  }
  console.log('Installing HAProxy (apt-get install -y haproxy)…');
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install.status !== 0 || !fs.existsSync(HAPROXY)) process.exit(1);
}

/** Creates the database of DATABASE_URL when it does not exist (connecting to `postgres` beside it). */
async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}`);
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'boutiko-cluster-'));
/** Every process started here, stopped in reverse order on the way out. */
const children = [];
let stopping = false;

function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[${name}] exited (${signal ?? code}); HAProxy sends its requests to the others`);
  });
  children.push(child);
  return child;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping HAProxy and the app servers…');
  const exits = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .reverse()
    .map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Bounded: a server that has not closed within 15 s is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      return exited.then(() => clearTimeout(timer));
    });
  await Promise.all(exits);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));
// npm runs this through `sh -c`, which dies on SIGTERM without passing it on (supervise.mjs):
// when the parent is gone, stop as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll(0);
}, 500).unref();

ensureHaproxy();
buildIfNeeded();
await ensureDatabase();

const servers = [];
for (let i = 1; i <= count; i++) servers.push({ name: `app${i}`, port: await freePort(), child: undefined });
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
for (const server of servers) {
  server.child = startChild(server.name, process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'server/dist/server.js')], {
    ...process.env,
    PORT: String(server.port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
  });
}

// All started at once: one migrates under the advisory lock, the others wait for it.
const until = Date.now() + 120_000;
for (const server of servers) {
  for (;;) {
    if (stopping) break;
    if (Date.now() > until || server.child.exitCode !== null || server.child.signalCode !== null) {
      console.error(`${server.name} did not start (it must answer /api/health within 2 minutes)`);
      await stopAll(1);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

const configFile = path.join(tmp, 'haproxy.cfg');
fs.writeFileSync(configFile, haproxyConfig({ port, servers: servers.map(({ name, port: serverPort }) => ({ name, port: serverPort })) }));
startChild('haproxy', HAPROXY, ['-db', '-f', configFile], process.env).on('exit', () => void stopAll(1));
console.log(`Boutiko on ${publicUrl}: HAProxy on 127.0.0.1:${port} in front of ${servers.map((s) => `${s.name} (127.0.0.1:${s.port})`).join(', ')}; config ${configFile}`);
