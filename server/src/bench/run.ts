// `npm run bench [-- --quick] [--scale small|full] [--backend postgres|pglite|web] [--check-invariants]`
// Generates the data set (generate.ts), starts the built server (dist/bench/serve.js, built first
// when older than the sources) on it over loopback HTTP,
// runs every scenario of issues 11 and 19 (see bench/README.md) on PostgreSQL (a database it creates and drops) and on PGlite
// (a temporary folder), prints one table and writes bench/results/latest.json plus a dated copy.
// Exit code 1 when an invariant breaks or a scenario cannot run; missed speed budgets are
// reported, never fatal (shared machines are noisy: CI gates on invariants only).
// `--check-invariants` is that gate for CI: the same run and exit code, but the figures are only
// printed, not written over bench/results/ (a check on a busy CI machine is not a measurement).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { flushCost } from './flush-cost.js';
import { checkInvariants, generate, type Generated, type Scale } from './generate.js';
import { Client, percentile } from './http.js';
import { leanCheck, leanDrop, leanSales, leanSetup } from './lean.js';
import { cpuPerSale, cpuTimes, type CpuTimes } from './cpu.js';
import { apiSales, queueSync, race, rawSales, ventesSales, type SaleRun, type SaleTarget } from './sale.js';
import { levelsOf } from './levels.js';
import { HAPROXY, startBalancer } from './balancer.js';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { ensureWebBuilt, firstScreenJs, newestMtime, tillRouteJs } from './web-size.js';
import { benchAdminUrl } from './pg-url.js';

type Backend = 'postgres' | 'pglite' | 'web';
export type Result = {
  scenario: string;
  backend: Backend;
  figure: string;
  value: number;
  unit: string;
  budget: string | null;
  reference: number | null;
  ratio: number | null;
  met: boolean | null;
};
/** A figure whose budget is a correctness condition (numbering, stock, race, errors): missing it fails the run. */
type Recorded = Omit<Result, 'reference' | 'ratio' | 'met'> &
  Partial<Pick<Result, 'reference' | 'ratio' | 'met'>> & { invariant?: boolean };

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = flag('--quick');
const checkOnly = flag('--check-invariants');
const scale: Scale = (option('--scale') as Scale | undefined) ?? (quick ? 'small' : 'full');
if (scale !== 'small' && scale !== 'full') throw new Error(`--scale small|full, not ${scale}`);
const only = option('--backend');
/** `--scenario queue`: only the offline queue's sync (issue 20), its checks, and nothing written to bench/results. */
const queueOnly = option('--scenario') === 'queue';
/** `--scenario sale`: only the sale's references and the one-request sale (1, 4, 16 clients; PGlite 1 and 4), their checks, nothing written. */
const saleOnly = option('--scenario') === 'sale';
if (option('--scenario') !== undefined && !queueOnly && !saleOnly) throw new Error(`--scenario queue or sale, not ${option('--scenario')}`);
/** A run of one scenario family: the web is left out and nothing is written to bench/results. */
const partial = queueOnly || saleOnly;
const adminUrl = benchAdminUrl();
/** Seconds each throughput run lasts, and requests per latency figure (p95 of 20 is the 19th). */
const SALE_SECONDS = quick ? 3 : 10;
const SAMPLES = quick ? 20 : 60;
/**
 * Sales made before the first measured sale scenario of a freshly started server, not measured:
 * a shop's server sells all day, so the sale scenarios measure it warm (V8's optimizing compilers,
 * PGlite's WebAssembly tiered up, PostgreSQL's plans kept); the cold start is the restart's figure.
 */
const WARM_UP_SECONDS = 2;
async function warmUp(clients: Client[], target: SaleTarget): Promise<SaleRun> {
  return ventesSales(clients.slice(0, 1), [target], WARM_UP_SECONDS);
}

const REPO = path.resolve(import.meta.dirname, '../../..');
const results: Result[] = [];
const broken: string[] = [];
const t0 = performance.now();
/** Progress lines carry the seconds since the start, to see where a run's time goes. */
const log = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function record({ invariant, ...r }: Recorded): void {
  const full: Result = { reference: null, ratio: null, met: null, ...r, value: round(r.value) };
  if (full.met === null && full.budget !== null) full.met = meets(full.value, full.budget);
  if (full.reference !== null) full.reference = round(full.reference);
  if (full.ratio !== null) full.ratio = round(full.ratio);
  results.push(full);
  if (invariant && full.met === false)
    broken.push(`${full.backend} ${full.scenario}: ${full.figure} ${full.value}, must be ${full.budget}`);
}

function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n * 10) / 10 : Math.round(n * 1000) / 1000;
}

/** `<= 20`, `>= 300`, `< 150`, `== 5`. */
function meets(value: number, budget: string): boolean {
  const [op, limit] = budget.split(' ') as [string, string];
  const n = Number(limit);
  switch (op) {
    case '<=':
      return value <= n;
    case '<':
      return value < n;
    case '>=':
      return value >= n;
    case '==':
      return value === n;
    default:
      throw new Error(`budget ${budget}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The server process

type Server = {
  child: ChildProcess;
  base: string;
  /** Spawn to listening: the whole restart, node and module loading included. */
  processMs: number;
  startupMs: number;
  phases: { openMs: number; migrateMs: number; appMs: number };
};

/**
 * The server as production runs it: `node` on the compiled JavaScript (server/dist), not the
 * TypeScript sources under tsx, whose transpiler and source maps cost the process about 90 MB
 * of RSS and its start-up time. Built here when missing or older than the sources.
 */
function ensureServerBuilt(): string {
  const entry = path.join(REPO, 'server', 'dist', 'bench', 'serve.js');
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(REPO, 'server', 'src')),
    newestMtime(path.join(REPO, 'common', 'src')),
    newestMtime(path.join(REPO, 'common', 'locales')),
  );
  if (built < sources) {
    log('  building the server (npm run build -w common && npm run build -w server)...');
    for (const workspace of ['common', 'server']) {
      const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: REPO, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
    }
  }
  return entry;
}

let serverEntry: string | undefined;

async function startServer(env: Record<string, string>): Promise<Server> {
  serverEntry ??= ensureServerBuilt();
  const spawned = performance.now();
  // BENCH_SERVER_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (where the Node time goes).
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, serverEntry], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before listening`)));
  });
  const processMs = performance.now() - spawned;
  const { port, startupMs, phases } = JSON.parse(first) as Pick<Server, 'startupMs' | 'phases'> & { port: number };
  return { child, base: `http://127.0.0.1:${port}`, processMs, startupMs, phases };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The server's peak RSS (MB) since the last reset: VmHWM, reset by writing 5 to clear_refs. */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

// ---------------------------------------------------------------------------------------------
// Invariants after the sale scenarios

/** A depot whose articles the sale scenarios sell: their available stock before any sale. */
type Watch = { depotId: number; initial: Map<number, number> };

/**
 * Stock = initial − what the sales sold in every watched depot (`sold` by article: articles are
 * each one shop's); levels = movements; numbering gapless; day totals add up. Failures go to `broken`.
 */
async function verify(db: Db, backend: Backend, label: string, watches: Watch[], sold: Map<number, number>) {
  let wrong = 0;
  for (const { depotId, initial } of watches) {
    const now = await levelsOf(db, depotId, [...initial.keys()]);
    for (const [articleId, before] of initial) {
      if (now.get(articleId) !== before - (sold.get(articleId) ?? 0)) wrong++;
    }
  }
  const problems = [...(wrong ? [`${wrong} articles' stock differs from initial - sold`] : []), ...(await checkInvariants(db))];
  for (const problem of problems) broken.push(`${backend} ${label}: ${problem}`);
  record({
    scenario: `invariants after ${label}`,
    backend,
    figure: 'broken invariants',
    value: problems.length,
    unit: '',
    budget: '== 0',
  });
  if (problems.length === 0) log(`  invariants hold after ${label}`);
  else log(`  INVARIANT BROKEN after ${label}: ${problems.join('; ')}`);
}

function merge(into: Map<number, number>, run: SaleRun): void {
  for (const [id, n] of run.sold) into.set(id, (into.get(id) ?? 0) + n);
}

// ---------------------------------------------------------------------------------------------
// Scenarios over HTTP

async function serverP95(client: Client, url: string, samples = SAMPLES): Promise<{ p95: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < samples; i++) {
    const answer = await client.get(url);
    status = answer.status;
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    times.push(answer.serverMs);
  }
  return { p95: percentile(times, 95), status };
}

/** The lean references of the run (sales/s), what the PostgreSQL sale figures are divided by. */
type LeanRefs = { statements: number; call: number };

/**
 * A sale run's figures: rate (against `budget`; with a ratio to the lean one-call reference and a
 * row for the ratio to the lean 10-statement one when `lean` is given), p50, p95 (against
 * `p95Budget`), errors (an invariant).
 */
function recordSales(
  backend: Backend,
  scenario: string,
  run: SaleRun,
  options: { figure?: string; budget?: string; p95Budget?: string; lean?: LeanRefs } = {},
) {
  const rate = run.done / run.seconds;
  const { figure = 'sales/s', budget = null, p95Budget = null, lean } = options;
  record({
    scenario,
    backend,
    figure,
    value: rate,
    unit: '/s',
    budget,
    reference: lean ? lean.call : null,
    ratio: lean ? rate / lean.call : null,
    met: budget === null ? null : meets(round(rate), budget) && run.errors === 0,
  });
  if (lean) {
    record({
      scenario,
      backend,
      figure: 'ratio to lean (a), 10 statements',
      value: rate / lean.statements,
      unit: '',
      budget: null,
      reference: lean.statements,
    });
  }
  record({ scenario, backend, figure: 'p50', value: percentile(run.latencies, 50), unit: 'ms', budget: null });
  record({ scenario, backend, figure: 'p95', value: percentile(run.latencies, 95), unit: 'ms', budget: p95Budget });
  record({ scenario, backend, figure: 'errors', value: run.errors, unit: '', budget: '== 0', invariant: true });
  log(
    `  ${scenario}: ${rate.toFixed(1)}/s, p95 ${percentile(run.latencies, 95).toFixed(1)} ms, ${run.errors} errors${lean ? `, ${(rate / lean.call).toFixed(3)} of lean (b)` : ''}`,
  );
  if (run.firstError) log(`  first error: ${run.firstError}`);
}

/** Where a run's CPU went, in ms per sale: the server, PostgreSQL's processes, the bench's clients. */
function recordCpu(backend: Backend, scenario: string, before: CpuTimes, run: SaleRun, serverPid: number | undefined) {
  const per = cpuPerSale(before, cpuTimes(serverPid), run.done);
  const parts = backend === 'postgres' ? (['server', 'postgres', 'bench'] as const) : (['server', 'bench'] as const);
  for (const part of parts) {
    const figure = { server: 'CPU per sale, server', postgres: 'CPU per sale, PostgreSQL', bench: "CPU per sale, bench's clients" }[part];
    record({ scenario, backend, figure, value: per[part], unit: 'ms', budget: null });
  }
  log(
    `  CPU per sale: server ${per.server.toFixed(2)} ms${backend === 'postgres' ? `, PostgreSQL ${per.postgres.toFixed(2)} ms` : ''}, clients ${per.bench.toFixed(2)} ms; the machine busy ${per.machine.toFixed(2)} ms, idle ${per.idle.toFixed(2)} ms`,
  );
}

/** The scenario names of the sale in one request. */
const VENTE = 'sale in one request (POST /api/ventes, 5 lines, cash)';
const clientsLabel = (n: number) => `${n} client${n > 1 ? 's' : ''}`;

type Context = { backend: Backend; server: Server; gen: Generated; clients: Client[]; target: SaleTarget };

async function readScenarios({ backend, server, gen, clients }: Context): Promise<void> {
  const client = clients[0]!;
  const b = gen.shopId;
  const reference = (await serverP95(client, '/api/auth/me')).p95;
  record({
    scenario: 'reference: GET /api/auth/me (session lookup only)',
    backend,
    figure: 'p95 server time',
    value: reference,
    unit: 'ms',
    budget: null,
  });
  /** One latency figure: the p95 server time of `url`, recorded against its budget and the reference. */
  const latency = async (scenario: string, url: string, budget: string, samples = SAMPLES) => {
    const { p95 } = await serverP95(client, url, samples);
    record({ scenario, backend, figure: 'p95 server time', value: p95, unit: 'ms', budget, reference, ratio: p95 / reference });
    log(`  ${scenario}: p95 ${p95.toFixed(1)} ms`);
  };

  const lastPage = Math.ceil(gen.size.invoices / 10);
  const deepPage = Math.min(2000, Math.floor(lastPage * 0.4));
  const lists: [string, string][] = [
    ['invoices: newest page (10 of ' + gen.size.invoices + ')', `/api/factures/boutique/page/${b}/1`],
    [`invoices: page ${deepPage}`, `/api/factures/boutique/page/${b}/${deepPage}`],
    ['invoices: search by number', `/api/facture/boutique/search/page/${b}/1/${encodeURIComponent(gen.sample.code)}`],
    ['invoices: search by client name', `/api/facture/boutique/search/page/${b}/1/${encodeURIComponent(gen.sample.clientName)}`],
    ['invoices: unpaid only', `/api/factures/boutique/nom/solde/page/${b}/1`],
    [`articles with stock (${gen.size.articles} x ${gen.size.depots}): first page`, `/api/entree/boutique/page/${b}/1`],
    ['articles: page', `/api/articles/page/${b}/1`],
    ['articles: search by name', `/api/articles/page/${b}/1/${encodeURIComponent(gen.sample.designation.split(' n°')[0]!)}`],
    ['articles: barcode lookup', `/api/article/code/${b}/${gen.sample.barcode}`],
  ];
  for (const [scenario, url] of lists) await latency(scenario, url, '<= 20');

  for (const format of ['a4', 'ticket']) {
    await latency(
      `invoice PDF ${format === 'a4' ? 'A4' : '80 mm ticket'}`,
      `/api/downloadFile/facture-${gen.sample.invoiceId}.pdf?format=${format}`,
      '<= 20',
    );
  }
  // Issue 21: an invoice sold during the run (the newest of the big shop, by the sale scenarios
  // above) prints from its frozen issued document; the generated ones (bulk-loaded) have none.
  const newest = await client.get(`/api/factures/boutique/page/${b}/1`);
  const sold = JSON.stringify(newest.body).match(/"idFacture":(\d+)/);
  if (!sold) throw new Error(`no invoice in the newest page: ${newest.status}`);
  const shown = await client.get(`/api/factures/commande/detail/${sold[1]}`);
  if (!JSON.stringify(shown.body).includes('"verification"')) throw new Error(`invoice ${sold[1]} has no issued document: ${shown.status}`);
  for (const format of ['a4', 'ticket']) {
    await latency(
      `invoice PDF ${format === 'a4' ? 'A4' : '80 mm ticket'}, from its issued document`,
      `/api/downloadFile/facture-${sold[1]}.pdf?format=${format}`,
      '<= 20',
    );
  }

  const half = Math.ceil(SAMPLES / 2);
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await latency('dashboard cards', `/api/dashboard/${b}`, '<= 50', half);
  await latency('one-year report', `/api/rapport/${b}/${start}/${end}`, '<= 50', half);
  // The report screen's other calls over the same year: its pictures (sales and profit per day, top
  // 10 articles, payments by method, sales per seller) and the director's consolidated view of
  // every shop (the bench's director owns all of them).
  // ARCHITECTURE.md: one-year charts <= 200 ms (the cards and the report's table <= 50 ms).
  await latency('one-year report charts', `/api/rapport/graphiques/${b}/${start}/${end}`, '<= 200', half);
  await latency(`one-year consolidated view (${gen.size.shops} shops)`, `/api/rapport/consolide/${start}/${end}`, '<= 50', half);

  const pid = server.child.pid!;
  const exports: [string, string][] = [
    [`full stock CSV (${gen.size.articles * gen.size.depots} entries)`, `/api/articles/export/${b}`],
    [`stock PDF (${gen.size.articles * gen.size.depots} entries)`, `/api/imp/entree/boutique/stock/${b}`],
  ];
  for (const [scenario, url] of exports) {
    const before = memoryOf(pid);
    resetPeak(pid);
    const t = performance.now();
    const answer = await client.get(url);
    const seconds = (performance.now() - t) / 1000;
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    const { peakMb } = memoryOf(pid);
    record({ scenario, backend, figure: 'time', value: seconds, unit: 's', budget: null });
    record({ scenario, backend, figure: 'size', value: answer.bytes / 1024 / 1024, unit: 'MB', budget: null });
    record({ scenario, backend, figure: 'server RSS before', value: before.rssMb, unit: 'MB', budget: null });
    record({ scenario, backend, figure: 'server peak RSS', value: peakMb, unit: 'MB', budget: null });
    // ARCHITECTURE.md's budget is the export's own memory: what the server grew by while it streamed
    // (its peak over its RSS before), not the process's size, which the database holds too on PGlite.
    record({ scenario, backend, figure: "export's own memory (peak - before)", value: peakMb - before.rssMb, unit: 'MB', budget: '< 30' });
    log(
      `  ${scenario}: ${seconds.toFixed(1)} s, ${(answer.bytes / 1048576).toFixed(1)} MB, peak RSS ${peakMb.toFixed(0)} MB (${before.rssMb.toFixed(0)} before)`,
    );
  }
}

async function signedInClients(base: string, gen: Generated, n: number): Promise<Client[]> {
  const first = new Client(base);
  await first.signIn(gen.director.username, gen.director.password);
  const clients = [first];
  // One session each, as separate tills would have.
  for (let i = 1; i < n; i++) {
    const c = new Client(base);
    await c.signIn(gen.director.username, gen.director.password);
    clients.push(c);
  }
  return clients;
}

/** The other shops' targets: one till each, in its own shop, depot, register and catalogue. */
function shopTargetsOf(gen: Generated): SaleTarget[] {
  return gen.otherShops.map(({ prices: _prices, ...shop }) => ({ ...shop, userId: gen.director.id }));
}

/** The queue of offline sales the till syncs at once (issue 20). */
const QUEUE = 200;
const QUEUE_SCENARIO = `${QUEUE} queued sales synced (POST /api/ventes horsLigne, one after the other, 3 lines, cash)`;

/**
 * The offline queue (issue 20): one device sends `QUEUE` sales made offline, one after the other
 * in the order they were made, into one of the other shops (its own depot and catalogue), then
 * sends them all again (the answers lost): each must replay 200 with the first body. Beside it,
 * the reference: the same number of ordinary online sales by the same till, one after the other.
 * Seconds for the batch against the budget; what it sold goes into `sold` for the stock checks.
 */
async function queueScenario({ backend, clients, gen }: Context, sold: Map<number, number>, budget: string): Promise<void> {
  const shop = gen.otherShops.at(-1);
  if (!shop) return log('  no other shop for the queue scenario: skipped');
  const target: SaleTarget = { shopId: shop.shopId, depotId: shop.depotId, registerId: shop.registerId, userId: gen.director.id, articleIds: shop.articleIds };
  const prices = new Map(shop.articleIds.map((id, i) => [id, shop.prices[i]!]));
  const client = clients[0]!;
  const online = await queueSync(client, target, prices, { count: QUEUE, online: true, resend: false, device: 'REF' });
  const queued = await queueSync(client, target, prices, { count: QUEUE, online: false, resend: true, device: `Q${process.pid % 100_000}` });
  for (const run of [online, queued]) for (const [id, n] of run.sold) sold.set(id, (sold.get(id) ?? 0) + n);
  record({
    scenario: QUEUE_SCENARIO,
    backend,
    figure: 'time',
    value: queued.seconds,
    unit: 's',
    budget,
    reference: online.seconds,
    ratio: queued.seconds / online.seconds,
  });
  record({ scenario: QUEUE_SCENARIO, backend, figure: 'recorded', value: queued.recorded, unit: '', budget: `== ${QUEUE}`, invariant: true });
  record({ scenario: QUEUE_SCENARIO, backend, figure: 'replayed on resend (200, same body)', value: queued.replayed, unit: '', budget: `== ${QUEUE}`, invariant: true });
  record({ scenario: QUEUE_SCENARIO, backend, figure: 'errors', value: queued.errors + online.errors, unit: '', budget: '== 0', invariant: true });
  log(
    `  ${QUEUE} queued sales: ${queued.seconds.toFixed(2)} s (the same ${QUEUE} online: ${online.seconds.toFixed(2)} s), ${queued.replayed} replayed, ${queued.errors + online.errors} errors`,
  );
  if (queued.firstError ?? online.firstError) log(`  first error: ${queued.firstError ?? online.firstError}`);
}

function targetOf(gen: Generated): SaleTarget {
  return {
    shopId: gen.shopId,
    depotId: gen.depotIds[0]!,
    registerId: gen.registerId,
    userId: gen.director.id,
    articleIds: gen.poolArticleIds,
  };
}

// ---------------------------------------------------------------------------------------------
// Backends

/**
 * The two backends' data sets are generated at the same time (PostgreSQL's work is in its own
 * server process, PGlite's in this one: two cores), then their scenarios run one backend after
 * the other, so that no measured figure shares the machine with the other backend. Generation
 * times are therefore not figures to compare.
 */
async function benchPostgres(beforeScenarios: Promise<void>): Promise<void> {
  const name = `boutiko_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL not reachable at ${adminUrl} (${(error as Error).message}): skipped`);
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await admin.query(`create database ${name}`);
  let database: Database | undefined;
  let server: Server | undefined;
  try {
    log(`PostgreSQL (database ${name}, reached at ${url.searchParams.get('host') ?? url.host}), scale ${scale}: generating`);
    database = await openPostgres(url.toString());
    await database.migrate();
    const gen = await generate(database.db, scale, log);
    record({ scenario: 'data generation', backend: 'postgres', figure: 'time', value: gen.seconds, unit: 's', budget: null });
    await verify(database.db, 'postgres', 'generation', [], new Map());
    await beforeScenarios;
    log('PostgreSQL scenarios');
    server = await startServer({ BENCH_DATABASE_URL: url.toString() });
    const shopTargets = shopTargetsOf(gen);
    const clients = await signedInClients(server.base, gen, Math.max(8, shopTargets.length));
    const target = targetOf(gen);
    const ctx: Context = { backend: 'postgres', server, gen, clients, target };

    const sold = new Map<number, number>();
    const watches: Watch[] = [
      { depotId: target.depotId, initial: await levelsOf(database.db, target.depotId, target.articleIds) },
    ];
    for (const shop of shopTargets)
      watches.push({ depotId: shop.depotId, initial: await levelsOf(database.db, shop.depotId, shop.articleIds) });
    if (queueOnly) {
      await queueScenario(ctx, sold, '<= 5');
      await verify(database.db, 'postgres', 'the queued sales', watches, sold);
      return;
    }

    // The references first: the database alone. The lean tables (no triggers), then the
    // project's raw SQL on the real tables (with their triggers).
    const lean = await leanReferences(url.toString(), target);
    const raw = await rawSales(url.toString(), 4, target, SALE_SECONDS);
    const rawRate = raw.done / raw.seconds;
    record({
      scenario: 'sale as raw SQL through pg, 4 connections',
      backend: 'postgres',
      figure: 'transactions/s',
      value: rawRate,
      unit: '/s',
      budget: null,
    });
    record({
      scenario: 'sale as raw SQL through pg, 4 connections',
      backend: 'postgres',
      figure: 'errors',
      value: raw.errors,
      unit: '',
      budget: '== 0',
      invariant: true,
    });
    log(`  raw SQL sale, 4 connections: ${rawRate.toFixed(0)}/s (${raw.errors} errors)`);
    merge(sold, raw);

    // The sale in one request: 1 and 4 tills of one shop, then one till in each of 16 shops.
    merge(sold, await warmUp(clients, target));
    for (const n of [1, 4]) {
      const cpu = cpuTimes(server.child.pid);
      const run = await ventesSales(clients.slice(0, n), [target], SALE_SECONDS);
      merge(sold, run);
      const scenario = `${VENTE}, ${clientsLabel(n)}${n > 1 ? ', one shop' : ''}`;
      recordSales('postgres', scenario, run, {
        budget: n === 4 ? '>= 500' : undefined,
        p95Budget: n === 4 ? '<= 30' : undefined,
        lean,
      });
      recordCpu('postgres', scenario, cpu, run, server.child.pid);
      await verify(database.db, 'postgres', `the one-request sale at ${clientsLabel(n)}`, watches, sold);
    }
    if (shopTargets.length > 0) {
      const n = shopTargets.length;
      const cpu = cpuTimes(server.child.pid);
      const run = await ventesSales(clients.slice(0, n), shopTargets, SALE_SECONDS);
      merge(sold, run);
      const scenario = `${VENTE}, ${n} clients, ${n} shops (one till each)`;
      recordSales('postgres', scenario, run, { budget: '>= 500', lean });
      recordCpu('postgres', scenario, cpu, run, server.child.pid);
      await verify(database.db, 'postgres', `the one-request sale over ${n} shops`, watches, sold);
    }
    if (saleOnly) return;
    await queueScenario(ctx, sold, '<= 5');
    await verify(database.db, 'postgres', 'the queued sales', watches, sold);

    // Through a real load balancer (HAProxy, as `npm run cluster` runs it): 4 tills of one shop
    // straight to one server, through HAProxy to that server, and through HAProxy to 2 servers. A
    // speed figure, not an invariant: CI's check (--check-invariants) leaves it out.
    if (!checkOnly && fs.existsSync(HAPROXY)) await balancerScenarios(url.toString(), ctx, sold, async (label) => verify(database!.db, 'postgres', label, watches, sold));

    // The older sale, two requests (invoice, then its payment): a figure beside the new one.
    for (const n of [1, 4]) {
      const run = await apiSales(clients.slice(0, n), target, SALE_SECONDS);
      merge(sold, run);
      recordSales('postgres', `sale (5 lines + payment), ${clientsLabel(n)}`, run, { figure: 'invoices/s', lean });
      await verify(database.db, 'postgres', `sale at ${n} client(s)`, watches, sold);
    }

    await raceScenario(ctx);
    const [left] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select qty_in - qty_out n from stock_levels where article_id = ${gen.raceArticleId}`),
    );
    record({
      scenario: '8 clients racing for the last 10 units',
      backend: 'postgres',
      figure: 'stock left',
      value: Number(left!.n),
      unit: '',
      budget: '== 0',
      invariant: true,
    });
    await verify(database.db, 'postgres', 'the race', watches, sold);

    await readScenarios(ctx);
  } finally {
    if (server) await stopServer(server);
    if (database) await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * The sale through HAProxy in front of 1 then 2 app servers, beside the same 4 tills sent straight
 * to the first server in the same minute: the ratio of 2 servers to 1 (on 2 cores it shows the
 * balancer's overhead more than a gain), and the p95 through the balancer against the direct one
 * (budget: at most 1.5 times).
 */
async function balancerScenarios(url: string, ctx: Context, sold: Map<number, number>, check: (label: string) => Promise<void>) {
  const second = await startServer({ BENCH_DATABASE_URL: url });
  const runs: { label: string; servers: string[] | null }[] = [
    { label: 'straight to one server', servers: null },
    { label: 'through HAProxy, 1 app server', servers: [ctx.server.base] },
    { label: 'through HAProxy, 2 app servers', servers: [ctx.server.base, second.base] },
  ];
  const measured = new Map<string, SaleRun>();
  try {
    for (const { label, servers } of runs) {
      const balancer = servers ? await startBalancer(servers) : null;
      try {
        const clients = balancer ? await signedInClients(balancer.base, ctx.gen, 4) : ctx.clients.slice(0, 4);
        const run = await ventesSales(clients, [ctx.target], SALE_SECONDS);
        merge(sold, run);
        measured.set(label, run);
        recordSales('postgres', `${VENTE}, 4 clients, ${label}`, run);
      } finally {
        await balancer?.stop();
      }
      await check(`the one-request sale ${label}`);
    }
  } finally {
    await stopServer(second);
  }
  const rate = (label: string) => measured.get(label)!.done / measured.get(label)!.seconds;
  const p95 = (label: string) => percentile(measured.get(label)!.latencies, 95);
  const direct = 'straight to one server';
  const one = 'through HAProxy, 1 app server';
  const two = 'through HAProxy, 2 app servers';
  record({ scenario: `${VENTE}, 4 clients, ${two}`, backend: 'postgres', figure: 'ratio to 1 app server', value: rate(two) / rate(one), unit: '', budget: null });
  record({
    scenario: `${VENTE}, 4 clients, ${one}`,
    backend: 'postgres',
    figure: 'p95 ratio to straight',
    value: p95(one) / p95(direct),
    unit: '',
    budget: '<= 1.5',
  });
  log(`  balancer: 2 servers / 1 = ${(rate(two) / rate(one)).toFixed(2)}, p95 through it / straight = ${(p95(one) / p95(direct)).toFixed(2)}`);
}

/**
 * The database's own limit for a sale's writes (lean.ts): lean tables without triggers in a
 * scratch schema, 4 connections, (a) 10 statements per sale, (b) one plpgsql call per sale.
 * Their invariants (numbering, stock, payments, day totals) are checked, then the schema dropped.
 */
async function leanReferences(url: string, target: SaleTarget): Promise<LeanRefs> {
  const prices = await leanSetup(url, target);
  const rates: LeanRefs = { statements: 0, call: 0 };
  for (const mode of ['statements', 'call'] as const) {
    const run = await leanSales(url, 4, target, prices, mode, SALE_SECONDS);
    const scenario =
      mode === 'statements'
        ? 'lean tables, no triggers (a): 10 statements per sale, 4 connections'
        : 'lean tables, no triggers (b): one plpgsql call per sale, 4 connections';
    rates[mode] = run.done / run.seconds;
    recordSales('postgres', scenario, run);
  }
  const problems = await leanCheck(url);
  for (const problem of problems) broken.push(`postgres lean tables: ${problem}`);
  record({
    scenario: 'invariants of the lean tables',
    backend: 'postgres',
    figure: 'broken invariants',
    value: problems.length,
    unit: '',
    budget: '== 0',
  });
  await leanDrop(url);
  return rates;
}

async function raceScenario({ backend, clients, target, gen }: Context): Promise<void> {
  const outcome = await race(clients.slice(0, 8), target, gen.raceArticleId);
  const scenario = '8 clients racing for the last 10 units';
  record({ scenario, backend, figure: 'successes', value: outcome.successes, unit: '', budget: '== 5', invariant: true });
  record({ scenario, backend, figure: 'refusals', value: outcome.refusals, unit: '', budget: '== 3', invariant: true });
  record({ scenario, backend, figure: 'errors', value: outcome.errors, unit: '', budget: '== 0', invariant: true });
  log(
    `  race: ${outcome.successes} sold, ${outcome.refusals} refused, ${outcome.errors} errors${outcome.firstError ? ` (${outcome.firstError})` : ''}`,
  );
}

/** Runs generate-pglite.ts in its own process (see there why), with this process's loader. */
async function generatePglite(dir: string): Promise<{ gen: Generated; initial: Map<number, number> }> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(import.meta.dirname, 'generate-pglite.ts'), dir, scale], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stderr! }).on('line', (line) => log(line));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`PGlite generation exited with ${code}`);
  const parsed = JSON.parse(out) as { gen: Generated; initial: [number, number][] };
  return { gen: parsed.gen, initial: new Map(parsed.initial) };
}

async function benchPglite(generated: () => void, beforeScenarios: Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boutiko-bench-'));
  let server: Server | undefined;
  try {
    log(`PGlite (${dir}), scale ${scale}: generating`);
    let gen: Generated;
    let initial: Map<number, number>;
    try {
      ({ gen, initial } = await generatePglite(dir));
    } finally {
      generated();
    }
    record({ scenario: 'data generation', backend: 'pglite', figure: 'time', value: gen.seconds, unit: 's', budget: null });
    const target = targetOf(gen);
    await beforeScenarios;
    log(`PGlite scenarios`);

    // The first start of the server is a restart on an existing folder (the generator closed it).
    server = await startServer({ BENCH_PGLITE_DIR: dir });
    const restart = `restart on an existing PGlite folder (${scale} scale)`;
    const { openMs, migrateMs, appMs } = server.phases;
    record({
      scenario: restart,
      backend: 'pglite',
      figure: 'process start to listening',
      value: server.processMs / 1000,
      unit: 's',
      budget: '<= 2',
    });
    record({
      scenario: restart,
      backend: 'pglite',
      figure: 'of which node + module loading',
      value: (server.processMs - server.startupMs) / 1000,
      unit: 's',
      budget: null,
    });
    record({
      scenario: restart,
      backend: 'pglite',
      figure: 'of which PGlite open',
      value: openMs / 1000,
      unit: 's',
      budget: null,
    });
    record({
      scenario: restart,
      backend: 'pglite',
      figure: 'of which migrations check',
      value: migrateMs / 1000,
      unit: 's',
      budget: null,
    });
    record({
      scenario: restart,
      backend: 'pglite',
      figure: 'of which app built + listening',
      value: appMs / 1000,
      unit: 's',
      budget: null,
    });
    log(
      `  restart: ${(server.processMs / 1000).toFixed(2)} s (modules ${((server.processMs - server.startupMs) / 1000).toFixed(2)}, open ${(openMs / 1000).toFixed(2)}, migrations ${(migrateMs / 1000).toFixed(2)}, app ${(appMs / 1000).toFixed(2)})`,
    );
    const clients = await signedInClients(server.base, gen, 8);
    const ctx: Context = { backend: 'pglite', server, gen, clients, target };
    const sold = new Map<number, number>();
    if (!saleOnly) await queueScenario(ctx, sold, '<= 15');
    if (!queueOnly) merge(sold, await warmUp(clients, target));
    for (const n of queueOnly ? [] : [1, 4]) {
      const run = await ventesSales(clients.slice(0, n), [target], SALE_SECONDS);
      merge(sold, run);
      recordSales('pglite', `${VENTE}, ${clientsLabel(n)}${n > 1 ? ', one shop' : ''}`, run, {
        budget: n === 1 ? '>= 100' : undefined,
      });
    }
    for (const n of partial ? [] : [1, 4]) {
      const run = await apiSales(clients.slice(0, n), target, SALE_SECONDS);
      merge(sold, run);
      recordSales('pglite', `sale (5 lines + payment), ${clientsLabel(n)}`, run, { figure: 'invoices/s' });
    }
    if (!partial) {
      await raceScenario(ctx);
      await readScenarios(ctx);
    }
    await stopServer(server);
    server = undefined;

    // PGlite is one process's: the checks run once the server has let go of the folder.
    const database = await openPglite(dir);
    await verify(database.db, 'pglite', 'the sales and the race', [{ depotId: target.depotId, initial }], sold);
    const [left] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select qty_in - qty_out n from stock_levels where article_id = ${gen.raceArticleId}`),
    );
    if (!partial)
      record({
        scenario: '8 clients racing for the last 10 units',
        backend: 'pglite',
        figure: 'stock left',
        value: Number(left!.n),
        unit: '',
        budget: '== 0',
        invariant: true,
      });
    await database.close();
    if (partial) return;
    const flush = await flushCost(dir);
    const scenario = 'insert loop, 1 row a commit (issue 23: WAL flushed behind each commit)';
    record({ scenario, backend: 'pglite', figure: 'per write, flushed (server)', value: flush.durableMs, unit: 'ms', budget: null });
    record({ scenario, backend: 'pglite', figure: 'per write, PGlite default (no fsync)', value: flush.plainMs, unit: 'ms', budget: null });
    log(`  commit flush: ${flush.durableMs.toFixed(2)} ms a write flushed, ${flush.plainMs.toFixed(2)} ms without`);
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function benchWeb(): void {
  const dist = ensureWebBuilt(REPO, log);
  const { files, gzipKb, rawKb } = firstScreenJs(dist);
  record({
    scenario: `first screen JS, landing + login (${files.length} files)`,
    backend: 'web',
    figure: 'gzip',
    value: gzipKb,
    unit: 'KB',
    budget: '<= 250',
  });
  record({
    scenario: `first screen JS, landing + login (${files.length} files)`,
    backend: 'web',
    figure: 'raw',
    value: rawKb,
    unit: 'KB',
    budget: null,
  });
  log(`  first screen JS: ${gzipKb.toFixed(0)} KB gzip (${rawKb.toFixed(0)} KB raw) in ${files.length} files`);
  const till = tillRouteJs(dist);
  const tillScenario = `till route JS beyond the shell (${till.files.length} files)`;
  record({ scenario: tillScenario, backend: 'web', figure: 'gzip', value: till.gzipKb, unit: 'KB', budget: '<= 150' });
  record({ scenario: tillScenario, backend: 'web', figure: 'raw', value: till.rawKb, unit: 'KB', budget: null });
  log(`  till route JS: ${till.gzipKb.toFixed(0)} KB gzip (${till.rawKb.toFixed(0)} KB raw) in ${till.files.length} files`);
  const first = tillRouteJs(dist, false);
  const firstScenario = `till route JS with the signed-in layout, beyond index.html (${first.files.length} files)`;
  record({ scenario: firstScenario, backend: 'web', figure: 'gzip', value: first.gzipKb, unit: 'KB', budget: null });
  log(`  till route JS with the layout: ${first.gzipKb.toFixed(0)} KB gzip in ${first.files.length} files`);
}

// ---------------------------------------------------------------------------------------------

function printTable(rows: Result[]): void {
  const header = ['scenario', 'backend', 'figure', 'value', 'unit', 'budget', 'reference', 'ratio', 'met'];
  const cells = rows.map((r) => [
    r.scenario,
    r.backend,
    r.figure,
    String(r.value),
    r.unit,
    r.budget ?? '',
    r.reference === null ? '' : String(r.reference),
    r.ratio === null ? '' : String(r.ratio),
    r.met === null ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

const started = performance.now();
let failed = false;
try {
  if ((!only || only === 'web') && !partial) benchWeb();
  if (only !== 'web') serverEntry = ensureServerBuilt();
  let pgliteGenerated = () => {};
  const pgliteReady = new Promise<void>((resolve) => (pgliteGenerated = resolve));
  let postgresDone = () => {};
  const postgresFinished = new Promise<void>((resolve) => (postgresDone = resolve));
  const runs = [
    !only || only === 'postgres' ? benchPostgres(pgliteReady).finally(postgresDone) : (postgresDone(), Promise.resolve()),
    !only || only === 'pglite' ? benchPglite(pgliteGenerated, postgresFinished) : (pgliteGenerated(), Promise.resolve()),
  ];
  for (const outcome of await Promise.allSettled(runs)) {
    if (outcome.status === 'rejected') {
      failed = true;
      console.error(outcome.reason);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
}
console.log();
printTable(results);
if (!checkOnly && !partial) {
  const outDir = path.join(REPO, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  fs.writeFileSync(path.join(outDir, 'latest.json'), json);
  fs.writeFileSync(path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${scale}.json`), json);
}
const missed = results.filter((r) => r.met === false).length;
console.log(
  `\n${results.length} figures, ${missed} budgets missed, ${broken.length} invariants broken, scale ${scale}, ${((performance.now() - started) / 1000).toFixed(0)} s (${os.cpus().length} cores)`,
);
for (const problem of broken) console.log(`BROKEN: ${problem}`);
// The bench is a command: its exit code says whether an invariant broke or a scenario crashed
// (missed budgets are reported, not fatal); exiting also ends the pg pools and child servers' pipes.
process.exit(failed || broken.length > 0 ? 1 : 0);
