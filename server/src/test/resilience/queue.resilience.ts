import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../bench/generate.js';
import { openDatabase } from '../../db/client.js';
import { freePort } from '../free-port.js';
import { apiClient, AppServer, backendEnv, type Cleanups, liveServerEnv, runCleanups, sleep, standInWebApp, stockedShop } from '../live-server.js';

/**
 * The offline queue across a crash (issue 20): one device sends its 100 queued offline sales to
 * the real server (a child process), one after the other in the order they were made, each until
 * the server answers it; the server is SIGKILLed in the middle and restarted on the same data; the
 * device then sends the whole queue once more (it lost the answers). Exactly 100 sales, numbered
 * in queue order, none half-written, stock and ledger adding up.
 */

const QUEUED = 100;
const ARTICLES = 5;
const INITIAL_STOCK = 10_000;

type Queued = { body: Record<string, unknown>; lines: { article: number; quantite: number; prix: number }[]; answer?: Record<string, unknown>; ackedBeforeKill: boolean };

async function queueScenario(env: NodeJS.ProcessEnv) {
  const cleanups: Cleanups = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = new AppServer('app', port, liveServerEnv(env, base, await standInWebApp(cleanups)));
  server.start();
  // A first start on PGlite creates its database (initdb in WASM): slow on a busy shared machine.
  await server.ready(180_000);

  const api = apiClient(base);
  const { call } = api;
  const shop = await stockedShop(api, { name: 'file', prices: Array.from({ length: ARTICLES }, (_, i) => 500 + i * 250), stock: INITIAL_STOCK });
  const token = shop.tokens[0]!;
  const { shopId, articles } = shop;

  // The device's queue: sales made offline over the last hour, in order, each with its provisional reference.
  const madeFrom = Date.now() - 3_600_000;
  const queue: Queued[] = Array.from({ length: QUEUED }, (_, n) => {
    const lines = Array.from({ length: 1 + (n % 3) }, (_, j) => {
      const article = articles[(n + j) % ARTICLES]!;
      return { article: article.id, quantite: 1 + ((n + j) % 4), prix: article.price };
    });
    const total = lines.reduce((sum, l) => sum + l.quantite * l.prix, 0);
    return {
      lines,
      body: {
        id: randomUUID(),
        vendueLe: new Date(madeFrom + n * 20_000).toISOString(),
        boutique: shopId,
        depot: shop.depotId,
        horsLigne: true,
        refTicket: `Q7DV-${n + 1}`,
        lignes: lines,
        paiements: [n % 4 === 3 ? { methode: 'orange_money', montant: total, reference: `OM-${n}` } : { methode: 'cash', montant: total + 500 }],
      },
      ackedBeforeKill: false,
    };
  });

  let killed = false;
  let acked = 0;
  let retries = 0;
  /** The queue's sender: a sale leaves the queue only once the server has answered it. */
  const send = async (sale: Queued) => {
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        const answer = await call('POST', '/api/ventes', token, sale.body);
        if (answer.status >= 500) throw new Error(String(answer.status));
        return answer;
      } catch {
        retries++;
        await sleep(200);
      }
    }
    throw new Error(`${String(sale.body.refTicket)}: no answer`);
  };
  const device = async () => {
    for (const sale of queue) {
      const answer = await send(sale);
      expect([200, 201], JSON.stringify(answer.json)).toContain(answer.status);
      sale.answer = answer.json;
      if (!killed) {
        sale.ackedBeforeKill = true;
        acked++;
      }
    }
  };
  const killer = async () => {
    while (acked < QUEUED * 0.4) await sleep(5);
    killed = true;
    await server.stop('SIGKILL');
    server.start();
    await server.ready();
  };
  await Promise.all([device(), killer()]);

  // The device lost the answers: it sends the whole queue again, and gets the same sales.
  for (const sale of queue) {
    const again = await send(sale);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(sale.answer);
  }
  await server.stop('SIGTERM');
  await runCleanups(cleanups);
  console.log(`${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${QUEUED} queued sales, ${queue.filter((s) => s.ackedBeforeKill).length} acknowledged before the kill, ${retries} retries`);
  return { queue, shopId, articles };
}

async function checkDatabase(database: Awaited<ReturnType<typeof openDatabase>>, run: Awaited<ReturnType<typeof queueScenario>>) {
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const { queue, shopId } = run;
  const invoices = await rows(sql`
    select i.id, i.number, i.idempotency_key as key, i.ticket_ref, i.subtotal_fcfa::int as subtotal, i.total_fcfa::int as total, i.settled
    from invoices i where i.shop_id = ${shopId} order by i.number`);
  // Exactly the queue, once each, numbered 1..100 in the order the device made them.
  expect(invoices).toHaveLength(QUEUED);
  expect(invoices.map((i) => Number(i.number))).toEqual(Array.from({ length: QUEUED }, (_, n) => n + 1));
  expect(invoices.map((i) => i.key)).toEqual(queue.map((s) => s.body.id));
  expect(invoices.map((i) => i.ticket_ref)).toEqual(queue.map((s) => s.body.refTicket));
  // None half-written: its lines, one movement per line, its payment settling it.
  const lines = await rows(sql`select l.invoice_id, l.article_id, l.quantity, l.unit_price_fcfa::int as price from invoice_lines l join invoices i on i.id = l.invoice_id where i.shop_id = ${shopId}`);
  const moves = await rows(sql`select invoice_id, article_id, quantity from stock_movements where shop_id = ${shopId} and kind = 'sale'`);
  const paid = await rows(sql`select invoice_id, applied_fcfa::int as applied from payments where shop_id = ${shopId} and voided_at is null`);
  expect(paid).toHaveLength(QUEUED);
  for (const [n, invoice] of invoices.entries()) {
    const own = lines.filter((l) => l.invoice_id === invoice.id);
    expect(own.map((l) => `${l.article_id}:${l.quantity}`).sort()).toEqual(queue[n]!.lines.map((l) => `${l.article}:${l.quantite}`).sort());
    expect(own.reduce((sum, l) => sum + Number(l.quantity) * Number(l.price), 0)).toBe(Number(invoice.subtotal));
    expect(moves.filter((m) => m.invoice_id === invoice.id).map((m) => `${m.article_id}:${-Number(m.quantity)}`).sort()).toEqual(
      own.map((l) => `${l.article_id}:${l.quantity}`).sort(),
    );
    expect(paid.filter((p) => p.invoice_id === invoice.id).map((p) => Number(p.applied))).toEqual([Number(invoice.total)]);
    expect(invoice.settled).toBe(true);
  }
  const levels = await rows(sql`select article_id, qty_in - qty_out as available from stock_levels where shop_id = ${shopId}`);
  for (const level of levels) {
    const sold = queue.flatMap((s) => s.lines).filter((l) => l.article === level.article_id).reduce((sum, l) => sum + l.quantite, 0);
    expect(Number(level.available)).toBe(INITIAL_STOCK - sold);
  }
  expect(await checkInvariants(database.db)).toEqual([]);
}

describe(`the offline queue: ${QUEUED} queued sales, SIGKILL while the device sends them`, () => {
  const cleanups: Cleanups = [];
  afterAll(() => runCleanups(cleanups));

  for (const backend of ['pglite', 'postgres'] as const) {
    it(`on ${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, { timeout: 600_000 }, async () => {
      const { env, dataDir, databaseUrl } = await backendEnv(backend, 'queue', cleanups);
      const run = await queueScenario(env);
      expect(run.queue.some((s) => s.ackedBeforeKill)).toBe(true);
      expect(run.queue.some((s) => !s.ackedBeforeKill)).toBe(true);
      const database = await openDatabase({ dataDir, databaseUrl });
      try {
        await checkDatabase(database, run);
      } finally {
        await database.close();
      }
    });
  }
});
