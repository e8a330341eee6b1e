// Where a sale's time goes, counted rather than timed: `npx tsx --conditions=source
// server/src/bench/statements.ts [sales]` (from the repository or the server folder) creates a
// scratch PostgreSQL database (BENCH_PG_ADMIN_URL, dropped at the end), fills it at small scale
// (generate.ts), then records `sales` sales (20 by default) through the real app in-process
// (`app.inject`, no socket), once as POST /api/ventes and once as the older pair of requests, and
// prints per sale: the statements the app sends (round trips, `begin` and `commit` included, the
// session lookup too) with the text of one sale's, and the trigger and plpgsql function calls
// they cause inside PostgreSQL (`pg_stat_user_functions`, with `track_functions = all`).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { CASH_HANDED_FCFA } from './sale.js';
import { generate } from './generate.js';

const sales = Number(process.argv[2] ?? 20);
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `boutiko_statements_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

// Every statement any pg client of this process sends (drizzle's pool included).
let sent: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  sent.push((typeof first === 'string' ? first : (first.text ?? '')).replace(/\s+/g, ' ').trim());
  return query.apply(this, args);
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
      async (k) => {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/ventes',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            id: randomUUID(),
            vendueLe: new Date().toISOString(),
            boutique: gen.shopId,
            depot: gen.depotIds[0],
            caisse: gen.registerId,
            lignes: lines(k).map((l) => ({ article: l.id, quantite: l.n })),
            paiements: [{ methode: 'cash', montant: CASH_HANDED_FCFA }],
          },
        });
        if (answer.statusCode !== 201) throw new Error(`ventes ${answer.statusCode} ${answer.body}`);
      },
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
  for (const [label, sell] of scenarios) {
    await sell(0); // warm-up (prepared plans, caches)
    const before = await functionCalls();
    sent = [];
    let one: string[] = [];
    for (let k = 1; k <= sales; k++) {
      const from = sent.length;
      await sell(k);
      if (k === 1) one = sent.slice(from);
    }
    const count = sent.length;
    const after = await functionCalls();
    console.log(`\n${label}: ${(count / sales).toFixed(1)} statements sent per sale (${sales} sales)`);
    one.forEach((text, i) => console.log(`  ${String(i + 1).padStart(2)}. ${text.slice(0, 150)}`));
    console.log('  function and trigger calls inside PostgreSQL per sale:');
    for (const [fn, calls] of after) {
      const n = (calls - (before.get(fn) ?? 0)) / sales;
      if (n > 0) console.log(`    ${fn}: ${n.toFixed(1)}`);
    }
  }
  await stats.end();
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
