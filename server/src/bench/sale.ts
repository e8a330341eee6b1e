// The sale scenarios: a whole sale of 5 lines paid in cash in one request (POST /api/ventes), N
// clients on one shop or each on its own shop; the older pair of requests (an invoice of 5 lines,
// then its payment);
// the same transaction as raw SQL through `pg` (the reference); 8 clients racing for the last units.
import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Client } from './http.js';

export type SaleTarget = { shopId: number; depotId: number; registerId: number; userId: number; articleIds: number[] };

export type SaleRun = {
  done: number;
  errors: number;
  seconds: number;
  latencies: number[];
  sold: Map<number, number>;
  firstError?: string;
};

function pickLines(articleIds: number[]): { articles: number; nombre: number }[] {
  const chosen = new Set<number>();
  while (chosen.size < 5) chosen.add(articleIds[randomInt(articleIds.length)]!);
  return [...chosen].map((id) => ({ articles: id, nombre: 1 + randomInt(3) }));
}

function addSold(sold: Map<number, number>, lines: { articles: number; nombre: number }[]) {
  for (const line of lines) sold.set(line.articles, (sold.get(line.articles) ?? 0) + line.nombre);
}

/** Handed over in cash for every /api/ventes sale: more than any 5 lines of 1-3 units cost (at most 75,000 FCFA). */
export const CASH_HANDED_FCFA = 100_000;

/** The bench's till sale (POST /api/ventes): a new device id, now, the target's depot and register, paid CASH_HANDED_FCFA in cash. */
export function ventesBody(target: { shopId: number; depotId: number; registerId: number }, lines: { article: number; quantite: number }[]) {
  return {
    id: randomUUID(),
    vendueLe: new Date().toISOString(),
    boutique: target.shopId,
    depot: target.depotId,
    caisse: target.registerId,
    lignes: lines,
    paiements: [{ methode: 'cash', montant: CASH_HANDED_FCFA }],
  };
}

/**
 * One till sale of the generated shop through the app in-process (`app.inject`, no socket), as
 * its director (`token`): the in-process benches' (statements.ts, pglite-sale.ts). Throws unless 201.
 */
export async function injectVentes(
  app: { inject: (options: { method: 'POST'; url: string; headers: Record<string, string>; payload: object }) => Promise<{ statusCode: number; body: string }> },
  token: string,
  target: { shopId: number; depotIds: number[]; registerId: number },
  lines: { article: number; quantite: number }[],
): Promise<void> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/ventes',
    headers: { authorization: `Bearer ${token}` },
    payload: ventesBody({ shopId: target.shopId, depotId: target.depotIds[0]!, registerId: target.registerId }, lines),
  });
  if (answer.statusCode !== 201) throw new Error(`ventes ${answer.statusCode} ${answer.body}`);
}

/**
 * `clients` loop selling for `seconds`, each a whole sale in one request: POST /api/ventes, 5
 * distinct articles of its shop, 1-3 units each, paid in cash (CASH_HANDED_FCFA, change given).
 * Client i sells in `targets[i % targets.length]`: one target is N tills of one shop, as many
 * targets as clients is one till per shop.
 */
export async function ventesSales(clients: Client[], targets: SaleTarget[], seconds: number): Promise<SaleRun> {
  const run: SaleRun = { done: 0, errors: 0, seconds: 0, latencies: [], sold: new Map() };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      const target = targets[i % targets.length]!;
      while (performance.now() < end) {
        const lines = pickLines(target.articleIds);
        const t = performance.now();
        const answer = await client.call(
          'POST',
          '/api/ventes',
          ventesBody(
            target,
            lines.map((line) => ({ article: line.articles, quantite: line.nombre })),
          ),
        );
        const body = answer.body as { montantFacture?: number; reliquat?: number; paiements?: unknown[] } | undefined;
        // A 201 must be the whole sale: paid in full, one payment, the change given back.
        if (
          answer.status !== 201 ||
          body?.paiements?.length !== 1 ||
          body.montantFacture === undefined ||
          body.reliquat !== CASH_HANDED_FCFA - body.montantFacture
        ) {
          run.errors++;
          run.firstError ??= `sale ${answer.status} ${JSON.stringify(answer.body)}`;
          // A 201 still sold its lines (the invariants then say what the stock is).
          if (answer.status === 201) addSold(run.sold, lines);
          continue;
        }
        addSold(run.sold, lines);
        run.latencies.push(performance.now() - t);
        run.done++;
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** `clients` loops selling for `seconds`: POST /api/factures_generate, then POST /api/paiements/livre of its total in cash. */
export async function apiSales(clients: Client[], target: SaleTarget, seconds: number): Promise<SaleRun> {
  const run: SaleRun = { done: 0, errors: 0, seconds: 0, latencies: [], sold: new Map() };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const lines = pickLines(target.articleIds);
        const t = performance.now();
        const invoice = await client.call('POST', '/api/factures_generate', {
          boutiques: target.shopId,
          client: null,
          depot: target.depotId,
          remise: 0,
          typeFactures: 1,
          imprimante: false,
          articles: lines,
        });
        if (invoice.status !== 201) {
          run.errors++;
          run.firstError ??= `invoice ${invoice.status} ${JSON.stringify(invoice.body)}`;
          continue;
        }
        addSold(run.sold, lines);
        const { idFacture, montantFacture } = invoice.body as { idFacture: number; montantFacture: number };
        const payment = await client.call('POST', '/api/paiements/livre', {
          facture: idFacture,
          caisse: target.registerId,
          montantPaye: montantFacture,
          montant: Math.ceil(montantFacture / 500) * 500,
          methode: 'cash',
        });
        if (payment.status !== 201) {
          run.errors++;
          run.firstError ??= `payment ${payment.status} ${JSON.stringify(payment.body)}`;
          continue;
        }
        run.latencies.push(performance.now() - t);
        run.done++;
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/**
 * The same sale as raw SQL through `pg`, no HTTP and no validation: lock the levels in the
 * ledger's order, guarded decrement, movements, number from the counter row, invoice, lines,
 * payment, in one transaction per sale. What the database itself allows on this machine.
 */
export async function rawSales(url: string, connections: number, target: SaleTarget, seconds: number): Promise<SaleRun> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const run: SaleRun = { done: 0, errors: 0, seconds: 0, latencies: [], sold: new Map() };
  const year = new Date().getUTCFullYear();
  const started = performance.now();
  const end = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const db = await pool.connect();
        try {
          while (performance.now() < end) {
            const lines = pickLines(target.articleIds).sort((a, b) => a.articles - b.articles);
            const ids = lines.map((l) => l.articles);
            const qty = lines.map((l) => l.nombre);
            const t = performance.now();
            try {
              await db.query('begin');
              const prices = await db.query<{ id: number; price_fcfa: string; cost_fcfa: string }>(
                'select id, price_fcfa, cost_fcfa from articles where shop_id = $1 and id = any($2) and deleted_at is null',
                [target.shopId, ids],
              );
              const byId = new Map(prices.rows.map((r) => [r.id, r]));
              const price = ids.map((id) => Number(byId.get(id)!.price_fcfa));
              const cost = ids.map((id) => Number(byId.get(id)!.cost_fcfa));
              const total = price.reduce((sum, p, i) => sum + p * qty[i]!, 0);
              const invoice = await db.query<{ id: number }>(
                `insert into invoices (shop_id, code, year, number, type_id, depot_id, user_id, subtotal_fcfa, discount_fcfa, total_fcfa,
                   paid_fcfa, remaining_fcfa) values ($1, '~' || gen_random_uuid(), $2, 0, 1, $3, $4, $5, 0, $5, 0, $5) returning id`,
                [target.shopId, year, target.depotId, target.userId, total],
              );
              const invoiceId = invoice.rows[0]!.id;
              await db.query(
                `insert into invoice_lines (invoice_id, article_id, quantity, unit_price_fcfa, unit_cost_fcfa)
                 select $1, unnest($2::int[]), unnest($3::int[]), unnest($4::bigint[]), unnest($5::bigint[])`,
                [invoiceId, ids, qty, price, cost],
              );
              await db.query(
                `select id from stock_levels where shop_id = $1 and depot_id = $2 and article_id = any($3) order by depot_id, article_id for update`,
                [target.shopId, target.depotId, ids],
              );
              const updated = await db.query<{ article_id: number; available: number }>(
                `update stock_levels s set qty_out = s.qty_out + v.q, updated_at = now()
                 from (select unnest($3::int[]) a, unnest($4::int[]) q) v
                 where s.shop_id = $1 and s.depot_id = $2 and s.article_id = v.a and s.qty_in - s.qty_out >= v.q
                 returning s.article_id, s.qty_in - s.qty_out as available`,
                [target.shopId, target.depotId, ids, qty],
              );
              if (updated.rowCount !== ids.length) throw new Error('insufficient stock');
              const available = new Map(updated.rows.map((r) => [r.article_id, r.available]));
              await db.query(
                `insert into stock_movements (shop_id, article_id, depot_id, kind, quantity, balance_after, user_id, invoice_id)
                 select $1, a, $2, 'sale', -q, b, $3, $4 from unnest($5::int[], $6::int[], $7::int[]) as v(a, q, b)`,
                [target.shopId, target.depotId, target.userId, invoiceId, ids, qty, ids.map((id) => available.get(id))],
              );
              const counter = await db.query<{ last_number: number }>(
                `insert into document_counters (shop_id, series, year, last_number) values ($1, 'FAC', $2, 1)
                 on conflict (shop_id, series, year) do update set last_number = document_counters.last_number + 1 returning last_number`,
                [target.shopId, year],
              );
              const number = counter.rows[0]!.last_number;
              await db.query(
                `insert into payments (shop_id, invoice_id, cash_register_id, user_id, method, handed_fcfa, applied_fcfa, change_fcfa, remaining_after_fcfa)
                 values ($1, $2, $3, $4, 'cash', $5, $5, 0, 0)`,
                [target.shopId, invoiceId, target.registerId, target.userId, total],
              );
              await db.query(
                `update invoices set number = $2, code = $3, paid_fcfa = total_fcfa, remaining_fcfa = 0, settled = true, updated_at = now() where id = $1`,
                [invoiceId, number, `FAC-${year}-${String(number).padStart(6, '0')}`],
              );
              await db.query('commit');
              addSold(run.sold, lines);
              run.latencies.push(performance.now() - t);
              run.done++;
            } catch (error) {
              await db.query('rollback');
              run.errors++;
              run.firstError ??= (error as Error).message;
            }
          }
        } finally {
          db.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

export type RaceOutcome = { successes: number; refusals: number; errors: number; firstError?: string };

/** 8 clients at once, each buying 2 units of an article with 10 left: 5 must win, 3 be refused (409 INSUFFICIENT_STOCK). */
export async function race(clients: Client[], target: SaleTarget, articleId: number): Promise<RaceOutcome> {
  const outcome: RaceOutcome = { successes: 0, refusals: 0, errors: 0 };
  await Promise.all(
    clients.map(async (client) => {
      const answer = await client.call('POST', '/api/factures_generate', {
        boutiques: target.shopId,
        client: null,
        depot: target.depotId,
        remise: 0,
        typeFactures: 1,
        articles: [{ articles: articleId, nombre: 2 }],
      });
      if (answer.status === 201) outcome.successes++;
      else if (answer.status === 409 && (answer.body as { code?: string }).code === 'INSUFFICIENT_STOCK') outcome.refusals++;
      else {
        outcome.errors++;
        outcome.firstError ??= `${answer.status} ${JSON.stringify(answer.body)}`;
      }
    }),
  );
  return outcome;
}

/** What a queue sync run measured: seconds for the batch, replays answered 200 with the same body, and what it sold. */
export type QueueRun = { seconds: number; recorded: number; replayed: number; errors: number; sold: Map<number, number>; firstError?: string };

/**
 * A device's queue of `count` sales made offline (issue 20), sent as the queue sends them: one
 * after the other, in the order they were made, each `horsLigne` with its provisional reference
 * and the prices it charged (`prix` = the article's price: nothing to flag). `online` sends the
 * same kind of batch as ordinary till sales (the reference figure). Each sale is 3 distinct
 * articles, 1 unit each, paid in cash. With `resend`, the whole queue is sent again afterwards
 * (a device that never heard the answers): each must answer 200 with the first body.
 */
export async function queueSync(
  client: Client,
  target: SaleTarget,
  prices: Map<number, number>,
  options: { count: number; online: boolean; resend: boolean; device: string },
): Promise<QueueRun> {
  const run: QueueRun = { seconds: 0, recorded: 0, replayed: 0, errors: 0, sold: new Map() };
  const made = Date.now() - 3_600_000;
  const sales = Array.from({ length: options.count }, (_, i) => {
    const chosen = new Set<number>();
    while (chosen.size < 3) chosen.add(target.articleIds[randomInt(target.articleIds.length)]!);
    const lines = [...chosen].map((id) => ({ articles: id, nombre: 1 }));
    return {
      lines,
      body: {
        id: randomUUID(),
        vendueLe: new Date(made + i * 1000).toISOString(),
        boutique: target.shopId,
        depot: target.depotId,
        caisse: target.registerId,
        lignes: lines.map((l) => ({ article: l.articles, quantite: l.nombre, ...(options.online ? {} : { prix: prices.get(l.articles) }) })),
        paiements: [{ methode: 'cash', montant: CASH_HANDED_FCFA }],
        ...(options.online ? {} : { horsLigne: true, refTicket: `${options.device}-${i + 1}` }),
      },
    };
  });
  const answers: string[] = [];
  const started = performance.now();
  for (const sale of sales) {
    const answer = await client.call('POST', '/api/ventes', sale.body);
    if (answer.status !== 201) {
      run.errors++;
      run.firstError ??= `sale ${answer.status} ${JSON.stringify(answer.body)}`;
      answers.push('');
      continue;
    }
    addSold(run.sold, sale.lines);
    answers.push(JSON.stringify(answer.body));
    run.recorded++;
  }
  run.seconds = (performance.now() - started) / 1000;
  if (options.resend) {
    for (const [i, sale] of sales.entries()) {
      const answer = await client.call('POST', '/api/ventes', sale.body);
      if (answer.status === 200 && JSON.stringify(answer.body) === answers[i]) run.replayed++;
      else {
        run.errors++;
        run.firstError ??= `resend ${answer.status} ${JSON.stringify(answer.body)}`;
      }
    }
  }
  return run;
}
