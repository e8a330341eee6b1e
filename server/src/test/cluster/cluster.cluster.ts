import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../../scripts/haproxy-config.mjs';
import { migrationsFolder } from '../../db/client.js';
import { freePort } from '../free-port.js';
import { apiClient, AppServer, Child, type Cleanups, freshPgDatabase, liveServerEnv, runCleanups, sleep, stockedShop, tempDir } from '../live-server.js';

/**
 * Several app servers (issue 23, items 2 and 3): on a fresh PostgreSQL database, 3 servers started
 * at the same moment (they migrate once), HAProxy in front with the configuration of
 * `npm run cluster` (scripts/haproxy-config.mjs), 8 clients selling through it as the till does
 * (a lost connection, 502 or 503 is sent again with the same sale id and body). While they sell,
 * one server is SIGKILLed and later restarted, and a fourth one, listed from the start, is
 * started. Then the database is checked: every sale once, numbers gapless, stock and ledger.
 * Also: the sign-in limit holds across the servers. CLUSTER_SALES sets the number of sales.
 */

const SALES = Number(process.env.CLUSTER_SALES ?? 200);
const CLIENTS = 8;
const ARTICLES = 4;
const INITIAL_STOCK = 100_000;
const SIGNIN_LIMIT = 10;
const HAPROXY = '/usr/sbin/haproxy';
type Rows = Record<string, unknown>[];

/** HAProxy's view of each server (`show stat` on its admin socket): UP/DOWN and sessions served. */
async function haproxyStats(socket: string): Promise<Map<string, { status: string; sessions: number }>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const connection = net.createConnection(socket, () => connection.end('show stat\n'));
    connection.on('data', (chunk) => (text += chunk.toString()));
    connection.on('end', () => resolve(text));
    connection.on('error', reject);
  });
  const [header, ...lines] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const stats = new Map<string, { status: string; sessions: number }>();
  for (const line of lines) {
    const row = Object.fromEntries(line.split(',').map((value, i) => [columns[i], value]));
    if (row.pxname === 'app_servers' && row.svname !== 'BACKEND') stats.set(row.svname!, { status: row.status!, sessions: Number(row.stot) });
  }
  return stats;
}

describe(`cluster: ${SALES} sales from ${CLIENTS} clients through HAProxy, one of 3 servers killed and restarted, a 4th started`, () => {
  const cleanups: Cleanups = [];
  afterAll(() => runCleanups(cleanups));

  it('sells every sale once, with gapless numbers and stock that adds up; the sign-in limit holds', { timeout: 600_000 }, async () => {
    await fs.access(HAPROXY).catch(() => {
      throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy (.ci/run installs it)`);
    });
    const t0 = Date.now();

    // A fresh database, dropped at the end.
    const databaseUrl = await freshPgDatabase('boutiko_cluster', cleanups);
    const tmp = await tempDir('boutiko-cluster-test-', cleanups);
    // The API is what is under test; a stand-in web app spares a build.
    await fs.writeFile(path.join(tmp, 'index.html'), '<!doctype html><title>Boutiko</title>');

    // 3 servers and the extra one (listed in HAProxy from the start, down until started).
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
    const env = liveServerEnv({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tmp }, base, tmp, {
      TRUST_PROXY: 'true',
      SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
    });
    const servers = ports.map((p, i) => new AppServer(`app${i + 1}`, p, env));
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    });
    const socket = path.join(tmp, 'haproxy.sock');
    const configFile = path.join(tmp, 'haproxy.cfg');
    await fs.writeFile(configFile, haproxyConfig({ port, socket, servers: servers.map((server, i) => ({ name: server.name, port: ports[i]! })) }));
    const haproxy = new Child('haproxy', HAPROXY, ['-db', '-f', configFile], process.env);
    cleanups.push(() => haproxy.stop('SIGKILL'));

    // The first three at the same moment: one migrates under the advisory lock, the others wait.
    for (const server of servers.slice(0, 3)) server.start();
    await Promise.all(servers.slice(0, 3).map((server) => server.ready()));
    const started = Date.now();
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    cleanups.push(() => database.end());
    const rows = async (query: string, params: unknown[] = []) => (await database.query(query, params)).rows as Rows;
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const migrations = await rows('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
    expect(migrations).toHaveLength(journal.entries.length);
    expect(migrations.every((m) => m.n === 1)).toBe(true);

    haproxy.start();
    const until = Date.now() + 30_000;
    for (;;) {
      const stats = await haproxyStats(socket).catch(() => new Map<string, { status: string }>());
      if (['app1', 'app2', 'app3'].every((server) => stats.get(server)?.status === 'UP')) break;
      if (Date.now() > until || !haproxy.running) throw new Error(`HAProxy did not see the servers up:\n${haproxy.output}`);
      await sleep(200);
    }

    // Every answer through the balancer; a 5xx other than 502/503 is a failure whatever follows.
    const statuses = new Map<number, number>();
    const api = apiClient(base, { timeoutMs: 30_000, onStatus: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1) });
    const { call } = api;

    // The shop, its depot and articles with stock, through the balancer.
    const shop = await stockedShop(api, { name: 'cluster', prices: Array.from({ length: ARTICLES }, (_, i) => 500 + i * 125), stock: INITIAL_STOCK });
    const { username, shopId } = shop;
    const token = shop.tokens[0]!;
    const articleIds = shop.articles.map((a) => a.id);
    const depot = { idDepot: shop.depotId };

    // The sign-in limit, counted in PostgreSQL: from empty counters, 10 wrong passwords are
    // refused as wrong, the 11th as too many, though round robin spread them over the servers.
    await database.query('delete from rate_limit_counters');
    const before = await haproxyStats(socket);
    const wrong: number[] = [];
    for (let i = 0; i <= SIGNIN_LIMIT; i++) wrong.push((await call('POST', '/api/auth/signin', null, { username, password: 'Wrong-password-1' })).status);
    const after = await haproxyStats(socket);
    expect(wrong.slice(0, SIGNIN_LIMIT).every((status) => status === 401 || status === 400), wrong.join(',')).toBe(true);
    expect(wrong[SIGNIN_LIMIT]).toBe(429);
    expect(['app1', 'app2', 'app3'].every((server) => after.get(server)!.sessions > before.get(server)!.sessions)).toBe(true);

    // The sales: a fixed rule for the lines; each its device-made id, sent again as it is.
    const sales = Array.from({ length: SALES }, (_, n) => ({
      id: randomUUID(),
      lines: Array.from({ length: 1 + (n % 3) }, (_, j) => ({ article: articleIds[(n + j) % ARTICLES]!, quantite: 1 + ((n * 7 + j) % 4) })),
      answer: undefined as { idFacture: number; codeFac: string; numeroFacture: number; montantFacture: number } | undefined,
    }));
    let acked = 0;
    let retries = 0;
    /** Requests that got no answer at all (the connection closed), by error. */
    const noAnswer = new Map<string, number>();
    const sell = async (sale: (typeof sales)[number]) => {
      const body = {
        id: sale.id,
        vendueLe: new Date().toISOString(),
        boutique: shopId,
        depot: depot.idDepot,
        lignes: sale.lines,
        paiements: [{ methode: 'cash', montant: 50_000 }],
      };
      // Bounded: 60 attempts, a quarter of a second apart at least.
      for (let attempt = 0; attempt < 60; attempt++) {
        if (attempt > 0) {
          retries++;
          await sleep(250);
        }
        let answer;
        try {
          answer = await call('POST', '/api/ventes', token, body, sale.id);
        } catch (error) {
          // No answer: the same id and body again.
          const cause = error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message) : String(error);
          noAnswer.set(cause, (noAnswer.get(cause) ?? 0) + 1);
          continue;
        }
        if (answer.status === 502 || answer.status === 503) continue;
        if (answer.status === 409 && answer.json.code === 'IDEMPOTENCY_IN_PROGRESS') continue;
        expect([200, 201], JSON.stringify(answer.json)).toContain(answer.status);
        sale.answer = answer.json as (typeof sales)[number]['answer'];
        acked++;
        return;
      }
      throw new Error(`sale ${sale.id}: no answer after 60 attempts`);
    };

    // The last fifth waits until the restarted and the extra servers are up in HAProxy, so that
    // they take their share.
    let allUp!: () => void;
    const lastFifth = new Promise<void>((resolve) => (allUp = resolve));
    const client = async (index: number) => {
      for (let n = index; n < SALES; n += CLIENTS) {
        if (n >= SALES * 0.8) await lastFifth;
        await sell(sales[n]!);
      }
    };
    const times = { kill: 0, extraUp: 0, restartUp: 0 };
    let sessionsAtRestart = 0;
    const conductor = async () => {
      while (acked < SALES * 0.2) await sleep(10);
      await servers[0]!.stop('SIGKILL');
      const killedAt = Date.now();
      times.kill = killedAt - salesStart;
      servers[3]!.start();
      await servers[3]!.ready();
      times.extraUp = Date.now() - killedAt;
      while (acked < SALES * 0.4) await sleep(10);
      const restartAt = Date.now();
      servers[0]!.start();
      await servers[0]!.ready();
      times.restartUp = Date.now() - restartAt;
      const until = Date.now() + 30_000;
      for (;;) {
        const stats = await haproxyStats(socket);
        if (['app1', 'app4'].every((server) => stats.get(server)!.status === 'UP')) {
          sessionsAtRestart = stats.get('app1')!.sessions;
          break;
        }
        if (Date.now() > until) throw new Error(`HAProxy did not see app1 and app4 up: ${JSON.stringify([...stats])}`);
        await sleep(200);
      }
      allUp();
    };
    const salesStart = Date.now();
    await Promise.all([conductor(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
    const salesMs = Date.now() - salesStart;
    const stats = await haproxyStats(socket);

    console.log(
      `cluster: 3 servers healthy ${started - t0} ms after start (migrated once); ${SALES} sales from ${CLIENTS} clients in ${salesMs} ms; ` +
        `app1 SIGKILLed at ${times.kill} ms, app4 up ${times.extraUp} ms after, app1 restarted in ${times.restartUp} ms; ` +
        `${retries} client retries; answers ${JSON.stringify(Object.fromEntries(statuses))}, no answer ${JSON.stringify(Object.fromEntries(noAnswer))}; ` +
        `sessions per server ${[...stats].map(([server, s]) => `${server}=${s.sessions}`).join(' ')}`,
    );

    // No 5xx but the 502/503 of the kill, each retried (every sale ended with a 200/201 above).
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 502 && status !== 503)).toEqual([]);
    // The restarted and the extra server took requests.
    expect(stats.get('app1')!.sessions).toBeGreaterThan(sessionsAtRestart);
    expect(stats.get('app4')!.sessions).toBeGreaterThan(0);

    // Every sale once, by its id, as the client was told; numbers 1..n without gap.
    const invoices = await rows(
      `select id, code, number, idempotency_key as key, total_fcfa::int as total, subtotal_fcfa::int as subtotal,
              remaining_fcfa::int as remaining, settled, deleted_at
       from invoices where shop_id = $1 order by number`,
      [shopId],
    );
    expect(invoices).toHaveLength(SALES);
    expect(new Set(invoices.map((i) => i.key)).size).toBe(SALES);
    expect(invoices.map((i) => Number(i.number))).toEqual(Array.from({ length: SALES }, (_, n) => n + 1));
    expect(new Set(invoices.map((i) => i.code)).size).toBe(SALES);
    const byKey = new Map(invoices.map((i) => [i.key as string, i]));
    for (const sale of sales) {
      const stored = byKey.get(sale.id);
      expect(stored, sale.id).toBeDefined();
      expect(Number(stored!.id)).toBe(sale.answer!.idFacture);
      expect(stored!.code).toBe(sale.answer!.codeFac);
      expect(Number(stored!.total)).toBe(sale.answer!.montantFacture);
      expect(stored!.settled).toBe(true);
      expect(Number(stored!.remaining)).toBe(0);
      expect(stored!.deleted_at).toBeNull();
    }

    // One payment per sale; lines that add up; stock = initial - sold, and the ledger adds up to it.
    const payments = await rows('select invoice_id, count(*)::int as n from payments where shop_id = $1 and voided_at is null group by invoice_id', [shopId]);
    expect(payments).toHaveLength(SALES);
    expect(payments.every((p) => p.n === 1)).toBe(true);
    const lines = await rows(
      `select l.invoice_id, l.article_id, l.quantity, l.unit_price_fcfa::int as price
       from invoice_lines l join invoices i on i.id = l.invoice_id where i.shop_id = $1`,
      [shopId],
    );
    for (const invoice of invoices) {
      const own = lines.filter((l) => l.invoice_id === invoice.id);
      expect(own.reduce((sum, l) => sum + Number(l.quantity) * Number(l.price), 0)).toBe(Number(invoice.subtotal));
    }
    const levels = await rows(
      `select s.article_id, s.qty_in - s.qty_out as available,
         (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.article_id = s.article_id and m.depot_id = s.depot_id) as ledger
       from stock_levels s where s.shop_id = $1`,
      [shopId],
    );
    expect(levels).toHaveLength(ARTICLES);
    for (const level of levels) {
      const sold = sales.flatMap((s) => s.lines).filter((l) => l.article === Number(level.article_id)).reduce((sum, l) => sum + l.quantite, 0);
      expect(Number(level.available)).toBe(INITIAL_STOCK - sold);
      expect(Number(level.ledger)).toBe(Number(level.available));
    }

    await haproxy.stop('SIGTERM');
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  });
});
