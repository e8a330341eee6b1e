// A PGlite sale's cost, in-process and one after the other (issue 19, Speed: PGlite at 1 client
// >= 100 sales/s): `npx tsx --conditions=source server/src/bench/pglite-sale.ts [sales] [folder]`
// fills a PGlite folder at small scale (generate.ts; kept in `folder` when given, and reused from
// it next time: copy it first, a run sells from it), then records `sales` sales (300 by default)
// of 5 lines paid cash through the real app (`app.inject`, no socket) and prints per sale the wall
// time and the process's CPU time (user + system, counted by the OS: less sensitive than wall
// time to other processes on a shared machine), and the time spent in fsync/fdatasync.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { injectVentes } from './sale.js';
import { generate, type Generated } from './generate.js';

const sales = Number(process.argv[2] ?? 300);
const kept = process.argv[3];
const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'boutiko-pglite-sale-'));
const genFile = path.join(dir, 'generated.json');

// Time spent flushing to disk (durable-pglite.ts calls these synchronously).
let flushMs = 0;
for (const name of ['fsyncSync', 'fdatasyncSync'] as const) {
  const original = fs[name];
  (fs as Record<string, unknown>)[name] = (fd: number) => {
    const t = performance.now();
    try {
      original(fd);
    } finally {
      flushMs += performance.now() - t;
    }
  };
}

let gen: Generated;
let database = await openPglite(path.join(dir, 'pglite'));
await database.migrate();
if (fs.existsSync(genFile)) gen = JSON.parse(fs.readFileSync(genFile, 'utf8')) as Generated;
else {
  gen = await generate(database.db, 'small');
  fs.writeFileSync(genFile, JSON.stringify(gen));
  // Reopened as a server would find it.
  await database.close();
  database = await openPglite(path.join(dir, 'pglite'));
}
if (process.env.PGLITE_SALE_SET) await database.pglite!.exec(process.env.PGLITE_SALE_SET);
const config = { ...loadConfig({}), signinRateLimit: 1_000_000, writeRateLimit: 1_000_000, webDist: undefined };
const app = await buildApp({ config, db: database.db, logger: false });
const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: gen.director.username, password: gen.director.password } });
const token = (signin.json() as { accessToken: string }).accessToken;

const sell = async () => {
  const chosen = new Set<number>();
  while (chosen.size < 5) chosen.add(gen.poolArticleIds[randomInt(gen.poolArticleIds.length)]!);
  await injectVentes(app, token, gen, [...chosen].map((article) => ({ article, quantite: 1 + randomInt(3) })));
};

for (let i = 0; i < 30; i++) await sell(); // warm-up: JIT, plans, caches
if (process.env.PGLITE_SALE_TRACE) {
  // One sale's calls into the engine: each call's protocol messages (P parse, B bind, Q query, ...)
  // and the statement's text, or the name it runs under.
  const engine = database.pglite!;
  const original = engine.execProtocolStream.bind(engine);
  const calls: string[] = [];
  engine.execProtocolStream = async (message, options) => {
    const kinds: string[] = [];
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    for (let at = 0; at < message.length; at += 1 + view.getInt32(at + 1)) {
      const kind = String.fromCharCode(message[at]!);
      const body = Buffer.from(message.subarray(at + 5, at + 1 + view.getInt32(at + 1))).toString('utf8');
      kinds.push('PQB'.includes(kind) ? `${kind}(${body.replace(/\0/g, '|').replace(/\s+/g, ' ').slice(0, 70)})` : kind);
    }
    calls.push(kinds.join(' '));
    return original(message, options);
  };
  await sell();
  engine.execProtocolStream = original;
  console.log(`one sale: ${calls.length} calls into the engine\n${calls.join('\n')}`);
}
flushMs = 0;
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < sales; i++) await sell();
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
const per = (ms: number) => (ms / sales).toFixed(2);
console.log(
  `${sales} sales: ${(sales / (wall / 1000)).toFixed(1)} sales/s; per sale: wall ${per(wall)} ms, CPU ${per((used.user + used.system) / 1000)} ms (user ${per(used.user / 1000)}, system ${per(used.system / 1000)}), flushing ${per(flushMs)} ms`,
);
await app.close();
await database.close();
if (!kept) fs.rmSync(dir, { recursive: true, force: true });
