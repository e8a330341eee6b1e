// Where a sale's time goes, counted rather than timed: `npx tsx --conditions=source
// server/src/bench/statements.ts [sales]` (from the repository or the server folder) creates a
// scratch PostgreSQL database (BENCH_PG_ADMIN_URL, dropped at the end), fills it at small scale
// (generate.ts), then records `sales` sales (20 by default) through the real app in-process
// (`app.inject`, no socket), once as POST /api/ventes and once as the older pair of requests, and
// prints per sale: the statements the app sends (round trips, `begin` and `commit` included, the
// session lookup too) with the text of one sale's, and the trigger and plpgsql function calls
// they cause inside PostgreSQL (`pg_stat_user_functions`, with `track_functions = all`). It also
// times them (one request after the other, no other load of its own): per sale, the request's time
// through `app.inject`, the part spent waiting on PostgreSQL (each statement from its send to its
// answer, summed) and the rest (Node: routing, auth, validation, the service, the answer); each
// statement's mean time; and the issued document's cost (issue 21: the same issuance run again for
// sold invoices in a transaction rolled back, its content read apart).
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { injectVentes } from './sale.js';
import { generate } from './generate.js';
import { issueInvoiceDocument } from '../features/sales/issue-document.js';
import { benchAdminUrl } from './pg-url.js';
import { cpuPerSale, cpuTimes } from './cpu.js';

class RolledBack extends Error {}

const sales = Number(process.argv[2] ?? 20);
if (!Number.isInteger(sales) || sales < 1) throw new Error(`usage: statements.ts [sales, a whole number, 20 by default]; got ${process.argv[2]}`);
const adminUrl = benchAdminUrl();
const name = `boutiko_statements_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

// Every statement any pg client of this process sends (drizzle's pool included).
let sent: string[] = [];
/** Each statement's time from its send to its answer, in the order sent (ms). */
let took: number[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/**
 * `BENCH_EXPLAIN=1`: after the timed sales, 20 more POST /api/ventes sales in which each statement
 * the sale sends is first run as EXPLAIN (ANALYZE) between a savepoint and its rollback (its
 * effects undone, its locks kept), or in a transaction rolled back when it is not in one, then for real: per statement, PostgreSQL's
 * planning and execution times, and the time of each trigger it fired (foreign keys included).
 */
const explainWanted = process.env.BENCH_EXPLAIN === '1';
let explaining = false;
type Explained = { plan: number; exec: number; triggers: Map<string, number> };
let explained: Explained[][] = [];
let current: Explained[] = [];
async function explainFirst(client: pg.Client, text: string, values: unknown): Promise<void> {
  const run = (config: unknown) => query.call(client, config) as Promise<pg.QueryResult>;
  // Inside the sale's transaction: a savepoint; a statement that is its own transaction (the
  // till's one-statement write): a transaction of its own, rolled back.
  const inTransaction = await run('savepoint bench_explain').then(
    () => true,
    () => false,
  );
  if (!inTransaction) await run('begin');
  const result = await run({ text: `explain (analyze, summary, format json) ${text}`, values });
  await run(inTransaction ? 'rollback to savepoint bench_explain' : 'rollback');
  const [plan] = (
    result.rows[0] as {
      'QUERY PLAN': {
        'Planning Time': number;
        'Execution Time': number;
        Triggers?: { 'Trigger Name': string; Time: number }[];
      }[];
    }
  )['QUERY PLAN'];
  const triggers = new Map<string, number>();
  for (const t of plan!.Triggers ?? [])
    triggers.set(t['Trigger Name'].replace(/\d+/g, 'N'), (triggers.get(t['Trigger Name'].replace(/\d+/g, 'N')) ?? 0) + t.Time);
  current.push({ plan: plan!['Planning Time'], exec: plan!['Execution Time'], triggers });
}

/** Every pg client that sent a statement: their named statements' plans are read at the end. */
const clients = new Set<pg.Client>();

pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  clients.add(this);
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first.text ?? '');
  if (explaining && !/^\s*(begin|commit|rollback|savepoint)/i.test(text) && !/^\s*(\/\*prepared\*\/)?\s*with s as/.test(text)) {
    const values = Array.isArray(args[1]) ? args[1] : (first as { values?: unknown }).values;
    const explainedFirst = explainFirst(this, text, values);
    // The pool's own `query` (a statement outside any transaction) passes a callback and reads no answer.
    if (typeof args[args.length - 1] === 'function') {
      void explainedFirst.then(() => query.apply(this, args));
      return undefined;
    }
    return explainedFirst.then(() => query.apply(this, args));
  }
  sent.push((typeof first === 'string' ? first : (first.text ?? '')).replace(/\s+/g, ' ').trim());
  const index = took.push(0) - 1;
  const start = performance.now();
  // The pool's own `query` (the session lookup, the write limit) passes a callback.
  const callback = args[args.length - 1];
  if (typeof callback === 'function') {
    args[args.length - 1] = (...results: unknown[]) => {
      took[index] = performance.now() - start;
      return (callback as (...a: unknown[]) => unknown)(...results);
    };
  }
  const answer = query.apply(this, args);
  if (answer && typeof (answer as Promise<unknown>).then === 'function') {
    (answer as Promise<unknown>).then(
      () => (took[index] = performance.now() - start),
      () => (took[index] = performance.now() - start),
    );
  }
  return answer;
} as typeof pg.Client.prototype.query;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.query(`alter database ${name} set track_functions = 'all'`);
const database = await openPostgres(url.toString());
try {
  await database.migrate();
  const gen = await generate(database.db, 'small');
  const app = await buildApp({
    config: { ...loadConfig({}), signinRateLimit: 1_000_000, writeRateLimit: 1_000_000, webDist: undefined },
    db: database.db,
    logger: false,
  });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username: gen.director.username, password: gen.director.password },
  });
  const token = (signin.json() as { accessToken: string }).accessToken;
  const stats = new pg.Client({ connectionString: url.toString() });
  await stats.connect();
  const functionCalls = async () => {
    // A backend reports its function counts when idle for 10 s (PostgreSQL 15's pgstat idle flush).
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await stats.query('select pg_stat_clear_snapshot()');
    const { rows } = await stats.query<{ funcname: string; calls: string }>(
      'select funcname, calls from pg_stat_user_functions order by funcname',
    );
    return new Map(rows.map((r) => [r.funcname, Number(r.calls)]));
  };
  const lines = (k: number) =>
    Array.from({ length: 5 }, (_, i) => ({ id: gen.poolArticleIds[(k * 5 + i) % gen.poolArticleIds.length]!, n: 1 + (i % 3) }));

  const scenarios: [string, (k: number) => Promise<void>][] = [
    [
      'POST /api/ventes',
      (k) => injectVentes(app, token, gen, lines(k).map((l) => ({ article: l.id, quantite: l.n }))),
    ],
    [
      'POST /api/factures_generate + POST /api/paiements/livre',
      async (k) => {
        const invoice = await app.inject({
          method: 'POST',
          url: '/api/factures_generate',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            boutiques: gen.shopId,
            client: null,
            depot: gen.depotIds[0],
            remise: 0,
            typeFactures: 1,
            imprimante: false,
            articles: lines(k).map((l) => ({ articles: l.id, nombre: l.n })),
          },
        });
        if (invoice.statusCode !== 201) throw new Error(`invoice ${invoice.statusCode} ${invoice.body}`);
        const { idFacture, montantFacture } = invoice.json() as { idFacture: number; montantFacture: number };
        const payment = await app.inject({
          method: 'POST',
          url: '/api/paiements/livre',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            facture: idFacture,
            caisse: gen.registerId,
            montantPaye: montantFacture,
            montant: montantFacture,
            methode: 'cash',
          },
        });
        if (payment.statusCode !== 201) throw new Error(`payment ${payment.statusCode} ${payment.body}`);
      },
    ],
  ];
  /** Whether PostgreSQL kept a plan for each named statement (generic) or planned it again at every run (custom), read before the pool closes its idle connections. */
  const planReport = async () => {
    console.log('  named statements, per connection: runs with the kept (generic) plan / planned again (custom)');
    for (const client of clients) {
      if (client === stats || client === admin || (client as unknown as { _ending?: boolean })._ending) continue;
      const { rows } = (await (
        query.call(
          client,
          "select generic_plans, custom_plans, left(regexp_replace(statement, '\\s+', ' ', 'g'), 100) as text from pg_prepared_statements order by generic_plans + custom_plans desc",
        ) as Promise<unknown>
      ).catch((error: unknown) => {
        console.log('  (not read:', String(error), ')');
        return { rows: [] };
      })) as pg.QueryResult<{ generic_plans: string; custom_plans: string; text: string }>;
      console.log(`  a connection: ${rows.length} named`);
      for (const r of rows) console.log(`  ${String(r.generic_plans).padStart(5)} / ${String(r.custom_plans).padStart(5)}  ${r.text}`);
    }
  };
  for (const [label, sell] of scenarios) {
    await sell(0); // warm-up (prepared plans, caches)
    for (let k = 1; k <= 20; k++) await sell(sales + k); // warm-up: JIT, plans, the pool's connections
    const before = await functionCalls();
    sent = [];
    took = [];
    let one: string[] = [];
    const perSale: { total: number; db: number; each: number[] }[] = [];
    const cpuBefore = cpuTimes(undefined);
    for (let k = 1; k <= sales; k++) {
      const from = sent.length;
      const start = performance.now();
      await sell(k);
      const total = performance.now() - start;
      const each = took.slice(from);
      perSale.push({ total, db: each.reduce((sum, ms) => sum + ms, 0), each });
      if (k === 1) one = sent.slice(from);
    }
    const cpu = cpuPerSale(cpuBefore, cpuTimes(undefined), sales);
    const count = sent.length;
    if (label === 'POST /api/ventes') await planReport();
    const after = await functionCalls();
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    const sorted = perSale.map((p) => p.total).sort((a, b) => a - b);
    const total = mean(perSale.map((p) => p.total));
    const db = mean(perSale.map((p) => p.db));
    console.log(`\n${label}: ${(count / sales).toFixed(1)} statements sent per sale (${sales} sales)`);
    console.log(
      `  time per sale: mean ${total.toFixed(2)} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}), ` +
        `waiting on PostgreSQL ${db.toFixed(2)} ms, the rest (Node) ${(total - db).toFixed(2)} ms`,
    );
    // CPU rather than time: what one sale costs the two processes, whatever else the machine runs.
    console.log(`  CPU per sale: this process (the app, in-process) ${cpu.bench.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms`);
    one.forEach((text, i) => {
      const ms = mean(perSale.filter((p) => p.each.length === one.length).map((p) => p.each[i]!));
      console.log(`  ${String(i + 1).padStart(2)}. ${ms.toFixed(2).padStart(6)} ms  ${text.slice(0, 140)}`);
    });
    if (label === 'POST /api/ventes') {
      // The issued document (issue 21) issued again for 100 of the invoices just sold, in a
      // transaction rolled back: what issuing costs (building, hashing, its INSERT), without the
      // content's read; medians, against the sale's median (the machine is shared: means move).
      const sold = await stats.query<{ id: number }>(
        'select id from invoices where idempotency_key is not null order by id desc limit 100',
      );
      const issuing: number[] = [];
      const reading: number[] = [];
      await database.db
        .transaction(async (tx) => {
          for (const { id } of sold.rows) {
            const from = took.length;
            const start = performance.now();
            await issueInvoiceDocument(tx, id);
            const all = performance.now() - start;
            // The first statement is the content's read (which the sale itself does not send).
            const read = took[from] ?? 0;
            reading.push(read);
            issuing.push(all - read);
          }
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const issue = median(issuing.slice(2));
      const sale = sorted[Math.floor(sorted.length / 2)]!;
      console.log(
        `  the issued document: median ${issue.toFixed(2)} ms (building, hashing, its INSERT), ` +
          `${((issue / (sale - issue)) * 100).toFixed(1)}% added to the sale without it (median sale ${sale.toFixed(2)} ms, without it ${(sale - issue).toFixed(2)} ms; ` +
          `its content's read, not sent by a sale: ${median(reading.slice(2)).toFixed(2)} ms)`,
      );
    }
    if (label === 'POST /api/ventes' && explainWanted) {
      explaining = true;
      explained = [];
      for (let k = 1; k <= 20; k++) {
        current = [];
        await sell(sales + 100 + k);
        explained.push(current);
      }
      explaining = false;
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
      const shape = explained[0]!.length;
      const same = explained.filter((e) => e.length === shape);
      console.log(
        `  inside PostgreSQL (EXPLAIN ANALYZE of the sale's ${shape} statements after the session's, ${same.length} sales), mean ms:`,
      );
      for (let i = 0; i < shape; i++) {
        const plan = mean(same.map((e) => e[i]!.plan));
        const exec = mean(same.map((e) => e[i]!.exec));
        const names = [...same[0]![i]!.triggers.keys()];
        const triggers = names.map((n) => `${n} ${mean(same.map((e) => e[i]!.triggers.get(n) ?? 0)).toFixed(3)}`).join(', ');
        console.log(
          `    ${i + 1}. planning ${plan.toFixed(3)}, execution ${exec.toFixed(3)}${triggers ? ` (triggers: ${triggers})` : ''}`,
        );
      }
    }
    console.log('  function and trigger calls inside PostgreSQL per sale:');
    for (const [fn, calls] of after) {
      const n = (calls - (before.get(fn) ?? 0)) / sales;
      if (n > 0) console.log(`    ${fn}: ${n.toFixed(1)}`);
    }
  }
  // Whether PostgreSQL kept a plan for each named statement (generic) or planned it again at every
  // run (custom): a custom plan costs the statement's planning time each time.
  await stats.end();
  await app.close();
} catch (error) {
  // Printed before the scratch database is dropped (dropping it ends the pool's connections).
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
