import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { freePort } from '../free-port.js';
import { apiClient, AppServer, backendEnv, type Cleanups, liveServerEnv, runCleanups, sleep, standInWebApp, stockedShop } from '../live-server.js';

/**
 * Crash safety (issue 12 §1): the real server in a child process, sales (invoice + payment) from
 * 4 concurrent clients with Idempotency-Keys, SIGKILL in the middle, a restart on the same data,
 * the unacknowledged requests retried with the same keys, then the data checked in the database.
 * RESILIENCE_SALES sets the number of sales: the 1,000 by default (about 1.5 minutes for both
 * backends on a quiet 2-core machine); fewer for a quick try, e.g. `RESILIENCE_SALES=120`.
 */

const SALES = Number(process.env.RESILIENCE_SALES ?? 1000);
const CLIENTS = 4;
const ARTICLES = 6;
const INITIAL_STOCK = 100_000;

type Rows = Record<string, unknown>[];

type Sale = {
  key: string;
  /** Every other sale is the till's one request (POST /api/ventes) with a device-made id; the others the seed's invoice then payment. */
  saleId: string | null;
  body: { client: number; boutiques: number; articles: { articles: number; nombre: number }[]; depot: number; remise: number; typeFactures: number };
  invoice?: { idFacture: number; codeFac: string; numeroFacture: number; montantFacture: number };
  payment?: { idPayement: number };
  /** Acknowledged (2xx received) before the server was killed. */
  ackedBeforeKill: boolean;
};

/** Runs one crash scenario against a server started with `env` and returns what the clients saw. */
async function crashScenario(env: NodeJS.ProcessEnv) {
  const cleanups: Cleanups = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = new AppServer('app', port, liveServerEnv(env, base, await standInWebApp(cleanups)));
  const t0 = Date.now();
  server.start();
  // A first start on PGlite creates its database (initdb in WASM): slow on a busy shared machine.
  await server.ready(180_000);
  const started = Date.now();

  // The shop, its depot and articles with stock, through the API; one session per client.
  const api = apiClient(base);
  const { call } = api;
  const shop = await stockedShop(api, { name: 'crash', prices: Array.from({ length: ARTICLES }, (_, i) => 500 + i * 125), stock: INITIAL_STOCK, sessions: CLIENTS });
  const { shopId } = shop;
  const articleIds = shop.articles.map((a) => a.id);
  const depot = { idDepot: shop.depotId };

  // The sales, spread over the clients; lines chosen by a fixed rule so that a failure can be replayed.
  const sales: Sale[] = Array.from({ length: SALES }, (_, n) => {
    const count = 1 + (n % 3);
    const lines = Array.from({ length: count }, (_, j) => ({ articles: articleIds[(n + j * 2) % ARTICLES]!, nombre: 1 + ((n * 7 + j) % 4) }));
    return {
      key: `crash-sale-${n.toString().padStart(5, '0')}`,
      saleId: n % 2 === 0 ? randomUUID() : null,
      body: { client: 0, boutiques: shopId, articles: lines, depot: depot.idDepot, remise: n % 5 === 0 ? 100 : 0, typeFactures: 1 },
      ackedBeforeKill: false,
    };
  });

  let killed = false;
  let acked = 0;
  let retried = 0;
  let replays = 0;
  /** Sends until the server answers: a lost connection (the kill) or 409 in progress waits and sends again, same key and body. */
  const untilAnswered = async (token: string, url: string, body: unknown, key?: string) => {
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        const answer = await call('POST', url, token, body, key);
        if (answer.status === 409 && answer.json.code === 'IDEMPOTENCY_IN_PROGRESS') {
          retried++;
          await sleep(300);
          continue;
        }
        if (attempt > 0) replays++;
        return answer;
      } catch {
        retried++;
        await sleep(200);
      }
    }
    throw new Error(`${url} ${key}: no answer`);
  };

  const client = async (index: number) => {
    const token = shop.tokens[index]!;
    for (let n = index; n < SALES; n += CLIENTS) {
      const sale = sales[n]!;
      if (sale.saleId) {
        // The till: the whole sale and its cash payment in one request; its id is the device's, sent again as it is.
        const { body } = sale;
        const rung = await untilAnswered(token, '/api/ventes', {
          id: sale.saleId,
          vendueLe: new Date().toISOString(),
          boutique: body.boutiques,
          depot: body.depot,
          remise: body.remise,
          lignes: body.articles.map((line) => ({ article: line.articles, quantite: line.nombre })),
          paiements: [{ methode: 'cash', montant: 50_000 }],
        });
        expect([200, 201], JSON.stringify(rung.json)).toContain(rung.status);
        sale.invoice = rung.json as Sale['invoice'];
        sale.payment = { idPayement: (rung.json.paiements as { idPaiement: number }[])[0]!.idPaiement };
        if (!killed) {
          sale.ackedBeforeKill = true;
          acked++;
        }
        continue;
      }
      const created = await untilAnswered(token, '/api/factures_generate', sale.body, `${sale.key}-inv`);
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      sale.invoice = created.json as Sale['invoice'];
      const paid = await untilAnswered(
        token,
        '/api/paiements/livre',
        { facture: sale.invoice!.idFacture, montantPaye: sale.invoice!.montantFacture, methode: 'cash', livrer: false },
        `${sale.key}-pay`,
      );
      expect([200, 201], JSON.stringify(paid.json)).toContain(paid.status);
      sale.payment = paid.json as Sale['payment'];
      if (!killed) {
        sale.ackedBeforeKill = true;
        acked++;
      }
    }
  };

  let restartMs = 0;
  const killer = async () => {
    while (acked < SALES / 2) await sleep(20);
    killed = true;
    await server.stop('SIGKILL');
    const down = Date.now();
    server.start();
    await server.ready();
    restartMs = Date.now() - down;
  };
  const salesStart = Date.now();

  await Promise.all([killer(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
  await server.stop('SIGTERM');
  console.log(
    `${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: first start ${started - t0} ms, ${SALES} sales in ${Date.now() - salesStart} ms, ` +
      `restart after SIGKILL ${restartMs} ms, ${sales.filter((s) => s.ackedBeforeKill).length} acknowledged before the kill, ${retried} retries, ${replays} requests answered after a retry`,
  );
  await runCleanups(cleanups);
  return { sales, shopId, articleIds, depotId: depot.idDepot, retried, replays, output: server.output };
}

/** The checks of issue 12 §1 on the database the scenario left. */
async function checkDatabase(database: Awaited<ReturnType<typeof openDatabase>>, run: Awaited<ReturnType<typeof crashScenario>>) {
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Rows }).rows;
  const { sales, shopId } = run;

  const invoices = await rows(sql`
    select i.id, i.code, i.number, i.idempotency_key as key, i.total_fcfa::int as total, i.subtotal_fcfa::int as subtotal,
           i.discount_fcfa::int as discount, i.paid_fcfa::int as paid, i.remaining_fcfa::int as remaining, i.settled, i.deleted_at
    from invoices i where i.shop_id = ${shopId} order by i.number`);
  // One invoice per sale, none deleted, each key once (the retries made no duplicate).
  expect(invoices).toHaveLength(sales.length);
  expect(new Set(invoices.map((i) => i.key)).size).toBe(sales.length);
  expect(invoices.every((i) => i.deleted_at === null)).toBe(true);
  // Numbering: 1..n without gap, codes unique.
  expect(invoices.map((i) => Number(i.number))).toEqual(Array.from({ length: sales.length }, (_, n) => n + 1));
  expect(new Set(invoices.map((i) => i.code)).size).toBe(sales.length);

  // Every acknowledged sale is there with the id, number and amount the client was told.
  const byKey = new Map(invoices.map((i) => [i.key as string, i]));
  const invoiceKey = (sale: Sale) => sale.saleId ?? `${sale.key}-inv`;
  for (const sale of sales) {
    const stored = byKey.get(invoiceKey(sale));
    expect(stored, sale.key).toBeDefined();
    expect(Number(stored!.id)).toBe(sale.invoice!.idFacture);
    expect(stored!.code).toBe(sale.invoice!.codeFac);
    expect(Number(stored!.total)).toBe(sale.invoice!.montantFacture);
  }

  // No half-written invoice: lines that add up, one payment settling it, one sale movement per line.
  const lines = await rows(sql`
    select l.invoice_id, l.article_id, l.quantity, l.unit_price_fcfa::int as price from invoice_lines l
    join invoices i on i.id = l.invoice_id where i.shop_id = ${shopId}`);
  const payments = await rows(sql`
    select p.id, p.invoice_id, p.idempotency_key as key, p.applied_fcfa::int as applied, p.voided_at from payments p where p.shop_id = ${shopId}`);
  const movements = await rows(sql`
    select m.invoice_id, m.article_id, m.quantity, m.kind from stock_movements m where m.shop_id = ${shopId} and m.kind = 'sale'`);
  expect(payments).toHaveLength(sales.length);
  // The seed's payments carry their Idempotency-Key, each once; a till sale's payment is found by its sale's id.
  const keyed = payments.filter((p) => p.key !== null);
  expect(keyed).toHaveLength(sales.filter((s) => !s.saleId).length);
  expect(new Set(keyed.map((p) => p.key)).size).toBe(keyed.length);
  const paymentIds = new Set(payments.map((p) => Number(p.id)));
  for (const sale of sales) expect(paymentIds.has(sale.payment!.idPayement), sale.key).toBe(true);
  for (const invoice of invoices) {
    const own = lines.filter((l) => l.invoice_id === invoice.id);
    const expected = sales.find((s) => invoiceKey(s) === invoice.key)!;
    expect(own.length, String(invoice.key)).toBe(expected.body.articles.length);
    expect(own.reduce((sum, l) => sum + Number(l.quantity) * Number(l.price), 0)).toBe(Number(invoice.subtotal));
    const paid = payments.filter((p) => p.invoice_id === invoice.id && p.voided_at === null);
    expect(paid, String(invoice.key)).toHaveLength(1);
    expect(Number(paid[0]!.applied)).toBe(Number(invoice.total));
    expect(invoice.settled).toBe(true);
    expect(Number(invoice.remaining)).toBe(0);
    const moved = movements.filter((m) => m.invoice_id === invoice.id);
    expect(moved.map((m) => `${m.article_id}:${-Number(m.quantity)}`).sort()).toEqual(own.map((l) => `${l.article_id}:${l.quantity}`).sort());
  }

  // Stock = initial - the lines of the stored invoices, and the ledger adds up to it.
  const levels = await rows(sql`
    select s.article_id, s.qty_in - s.qty_out as available,
      (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.article_id = s.article_id and m.depot_id = s.depot_id) as ledger
    from stock_levels s where s.shop_id = ${shopId}`);
  expect(levels).toHaveLength(run.articleIds.length);
  for (const level of levels) {
    const sold = lines.filter((l) => l.article_id === level.article_id).reduce((sum, l) => sum + Number(l.quantity), 0);
    expect(Number(level.available)).toBe(INITIAL_STOCK - sold);
    expect(Number(level.ledger)).toBe(Number(level.available));
  }
}

describe(`crash safety: ${SALES} sales from ${CLIENTS} clients, SIGKILL in the middle`, () => {
  const cleanups: Cleanups = [];
  afterAll(() => runCleanups(cleanups));

  for (const backend of ['pglite', 'postgres'] as const) {
    it(`on ${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, { timeout: 600_000 }, async () => {
      const { env, dataDir, databaseUrl } = await backendEnv(backend, 'crash', cleanups);
      const run = await crashScenario(env);
      expect(run.sales.some((s) => s.ackedBeforeKill)).toBe(true);
      if (backend === 'pglite') expect(run.sales.some((s) => !s.ackedBeforeKill)).toBe(true);
      const database = await openDatabase({ dataDir, databaseUrl });
      try {
        await checkDatabase(database, run);
      } finally {
        await database.close();
      }
    });
  }
});
