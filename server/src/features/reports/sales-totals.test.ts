import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDepot, createDirector, signIn } from '../../test/factories.js';
import { random } from '../../test/random.js';
import { createTestClient } from '../../test/cash-factories.js';
import { createArticle, saleBody, tillSaleBody } from '../../test/trading-factories.js';

// The dashboard, the report and the invoice lists' counts read per-day totals that triggers keep
// (sales_daily_totals, migration 0009). Money must stay exact: a random sequence of sales (the
// till's, whose one statement writes its own day totals, and the older path's), edits,
// deletions, proforma conversions, payments, payment corrections and voids, back-dated rows and a
// change of the shop's time zone, after which every figure is compared with a recomputation from
// the raw rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Figures = Record<string, number | string | null>;

/** What the figures must be, recomputed from invoices, their lines and payments. */
async function expected(shopId: number, today: string) {
  const days = rowsOf<{ day: string; factures: number; units: number; sold: number; cost: number }>(
    await t.db.execute(sql`
      select to_char((i.created_at at time zone s.time_zone)::date, 'YYYY-MM-DD') as day, count(*)::int as factures,
        coalesce(sum(l.units), 0)::int as units, coalesce(sum(i.total_fcfa), 0)::int as sold, coalesce(sum(l.cost), 0)::int as cost
      from invoices i join shops s on s.id = i.shop_id
      left join lateral (select sum(quantity) as units, sum(quantity * unit_cost_fcfa) as cost from invoice_lines where invoice_id = i.id) l on true
      where i.shop_id = ${shopId} and i.deleted_at is null and i.type_id <> 3
      group by 1 order by 1`),
  );
  const [dash] = rowsOf<Record<string, number>>(
    await t.db.execute(sql`
      with sales as (
        select i.id, (i.created_at at time zone s.time_zone)::date as day from invoices i join shops s on s.id = i.shop_id
        where i.shop_id = ${shopId} and i.deleted_at is null and i.type_id <> 3
      ), lines as (select s.day, l.quantity from invoice_lines l join sales s on s.id = l.invoice_id),
      pays as (
        select (p.created_at at time zone s.time_zone)::date as day, p.applied_fcfa, p.refund_of from payments p join shops s on s.id = p.shop_id
        where p.shop_id = ${shopId} and p.voided_at is null
      )
      select
        (select count(*) from sales)::int as commandes,
        (select count(*) from sales where day = ${today}::date)::int as "commandesToday",
        (select coalesce(sum(quantity), 0) from lines where day = ${today}::date)::int as units_today,
        (select count(*) from sales)::int as factures,
        (select count(*) from sales where day = ${today}::date)::int as "facturesToday",
        (select count(*) from pays where day = ${today}::date and refund_of is null)::int as "paiementsToday",
        (select coalesce(sum(applied_fcfa), 0) from pays)::int as montant,
        (select coalesce(sum(applied_fcfa), 0) from pays where day = ${today}::date)::int as "montantToday"`),
  );
  const paidDays = rowsOf<{ day: string; paid: number }>(
    await t.db.execute(sql`
      select to_char((p.created_at at time zone s.time_zone)::date, 'YYYY-MM-DD') as day, sum(p.applied_fcfa)::int as paid
      from payments p join shops s on s.id = p.shop_id
      where p.shop_id = ${shopId} and p.voided_at is null
      group by 1 order by 1`),
  );
  const [counts] = rowsOf<Record<string, number>>(
    await t.db.execute(sql`
      select count(*)::int as "all", (count(*) filter (where type_id <> 3 and not settled))::int as unsettled,
        (count(*) filter (where type_id <> 3 and settled))::int as settled,
        (count(*) filter (where type_id <> 3 and not delivered and (settled or type_id = 2)))::int as "toDeliver"
      from invoices where shop_id = ${shopId} and deleted_at is null`),
  );
  const { units_today: unitsToday, ...dashboard } = dash!;
  return {
    days,
    paidDays,
    dashboard: {
      ...dashboard,
      corbeilleToday: dashboard.facturesToday === 0 ? 0 : Math.round((unitsToday! / dashboard.facturesToday!) * 10) / 10,
    },
    counts: counts!,
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('per-day sales totals', () => {
  it('equal a recomputation from the raw rows after a random sequence of sales, edits, deletions, conversions and payments', async () => {
    const seed = Number(process.env.TOTALS_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const world = await createDirector(t.db, { planId: 4 });
    const shop = world.shops[0]!;
    const depot = world.depots[0]!;
    const b = shop.id;
    const call = as(t.app, await signIn(t.app, world.director));
    const w = { shop, depot };
    const goods: { id: number }[] = [];
    for (let k = 0; k < 4; k++)
      goods.push(await createArticle(t.db, depot, { prix: 500 * rnd.int(1, 9), prixAchat: 300 * rnd.int(1, 5), quantite: 500 }));
    const invoiceIds: number[] = [];
    const paymentIds: number[] = [];
    const now = Date.now();
    const log: string[] = [];
    const client = await createTestClient(t.db, b);

    const lines = () => {
      const picked = [...goods].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3));
      return picked.map((a) => ({ articles: a.id, nombre: rnd.int(1, 4) }));
    };
    const invoice = async (id: number) =>
      rowsOf<{ total_fcfa: number; remaining_fcfa: number; type_id: number; deleted_at: unknown }>(
        await t.db.execute(sql`select total_fcfa::int, remaining_fcfa::int, type_id, deleted_at from invoices where id = ${id}`),
      )[0]!;
    /** A status the API may answer for a refused operation (never a 500). */
    const refusedOrDone = (status: number, body: string) => expect([200, 201, 404, 409, 422], body).toContain(status);

    const check = async (step: string) => {
      const summary = (await call({ method: 'GET', url: `/api/dashboard/${b}` })).json() as Figures;
      const want = await expected(b, String(summary.today));
      expect({ ...summary, today: undefined }, `${step} (seed ${seed}) ${log.join(' ')}`).toEqual({
        ...want.dashboard,
        today: undefined,
      });
      const start = isoDay(new Date(now - 10 * 86_400_000));
      const end = isoDay(new Date(now + 2 * 86_400_000));
      const [total, ...days] = (await call({ method: 'GET', url: `/api/rapport/${b}/${start}/${end}` })).json() as Figures[];
      const byDay = new Map(want.days.map((d) => [d.day, d]));
      for (const day of days) {
        const d = byDay.get(String(day.date));
        expect(
          {
            factures: day.factures,
            totalArticle: day.totalArticle,
            montantVendue: day.montantVendue,
            montantSortieStock: day.montantSortieStock,
          },
          `${step} ${day.date} (seed ${seed})`,
        ).toEqual({
          factures: d?.factures ?? 0,
          totalArticle: d?.units ?? 0,
          montantVendue: d?.sold ?? 0,
          montantSortieStock: d?.cost ?? 0,
        });
      }
      const sum = (key: 'factures' | 'units' | 'sold' | 'cost') => want.days.reduce((s, d) => s + d[key], 0);
      expect(
        {
          factures: total!.factures,
          totalArticle: total!.totalArticle,
          montantVendue: total!.montantVendue,
          montantSortieStock: total!.montantSortieStock,
        },
        `${step} total (seed ${seed})`,
      ).toEqual({
        factures: sum('factures'),
        totalArticle: sum('units'),
        montantVendue: sum('sold'),
        montantSortieStock: sum('cost'),
      });
      const consolidated = (await call({ method: 'GET', url: `/api/rapport/consolide/${start}/${end}` })).json();
      const inPeriod = <T extends { day: string }>(rows: T[]) => rows.filter((d) => d.day >= start && d.day <= end);
      const periodSum = (key: 'factures' | 'units' | 'sold' | 'cost') => inPeriod(want.days).reduce((s, d) => s + d[key], 0);
      expect(
        consolidated.shops.find((line: { idBoutique: number }) => line.idBoutique === b),
        `${step} consolidated (seed ${seed})`,
      ).toMatchObject({
        factures: periodSum('factures'),
        totalArticle: periodSum('units'),
        montantVendue: periodSum('sold'),
        montantSortieStock: periodSum('cost'),
        benefice: periodSum('sold') - periodSum('cost'),
        montantPaye: inPeriod(want.paidDays).reduce((s, d) => s + d.paid, 0),
      });
      const all = (await call({ method: 'GET', url: `/api/factures/boutique/page/${b}/1` })).json();
      const unsettled = (await call({ method: 'GET', url: `/api/factures/boutique/nom/solde/page/${b}/1` })).json();
      const settled = (await call({ method: 'GET', url: `/api/factures/boutique/solde/page/${b}/1` })).json();
      const toDeliver = (await call({ method: 'GET', url: `/api/facture/livre/page/${b}/1` })).json();
      expect(
        { all: all.total, unsettled: unsettled.total, settled: settled.total, toDeliver: toDeliver.total },
        `${step} list counts (seed ${seed})`,
      ).toEqual(want.counts);
    };

    for (let step = 1; step <= 60; step++) {
      const op =
        invoiceIds.length < 3
          ? 'sell'
          : rnd.pick(['sell', 'sell', 'till', 'till', 'edit', 'delete', 'convert', 'pay', 'pay', 'correct', 'void', 'backdate']);
      log.push(op);
      if (op === 'sell') {
        const type = rnd.pick([1, 1, 2, 3]);
        const response = await call({
          method: 'POST',
          url: '/api/factures_generate',
          // A Crédit invoice names its client.
          payload: saleBody(w, lines(), {
            typeFactures: type,
            ...(type === 2 ? { client: client.id } : {}),
            remise: rnd.pick([0, 0, 100, 250]),
          }),
        });
        expect(response.statusCode, response.body).toBe(201);
        invoiceIds.push(response.json().idFacture);
      } else if (op === 'till') {
        // A till sale (POST /api/ventes): paid cash with change, or on credit to a client with a
        // part paid (or nothing), with or without a discount.
        const credit = rnd.next() < 0.4;
        const picked = lines().map((l) => [l.articles, l.nombre] as [number, number]);
        const response = await call({
          method: 'POST',
          url: '/api/ventes',
          payload: tillSaleBody(w, picked, credit ? rnd.pick([null, 500, 1_000]) : 100_000, {
            remise: rnd.pick([0, 0, 100]),
            ...(credit ? { typeFacture: 2, client: client.id } : {}),
          }),
        });
        expect(response.statusCode, response.body).toBe(201);
        invoiceIds.push(response.json().idFacture);
        for (const p of response.json().paiements as { idPaiement: number }[]) paymentIds.push(p.idPaiement);
      } else if (op === 'edit') {
        const id = rnd.pick(invoiceIds);
        const payload = saleBody(w, lines(), { typeFactures: rnd.pick([1, 2]) });
        const response = await call({
          method: 'PUT',
          url: `/api/factures/update/${id}`,
          payload: { ...payload, client: payload.typeFactures === 2 ? client.id : 0 },
        });
        refusedOrDone(response.statusCode, response.body);
      } else if (op === 'delete') {
        const response = await call({ method: 'DELETE', url: `/api/factures/${rnd.pick(invoiceIds)}` });
        refusedOrDone(response.statusCode, response.body);
      } else if (op === 'convert') {
        // A proforma when there is one (anything else is refused).
        const proformas = rowsOf<{ id: number }>(
          await t.db.execute(
            sql`select id from invoices where shop_id = ${b} and type_id = 3 and deleted_at is null and converted_to_id is null`,
          ),
        ).map((r) => r.id);
        const id = proformas.length > 0 ? rnd.pick(proformas) : rnd.pick(invoiceIds);
        const response = await call({
          method: 'POST',
          url: `/api/factures/convert/${id}`,
          payload: { typeFactures: rnd.pick([1, 2]) },
        });
        refusedOrDone(response.statusCode, response.body);
        if (response.statusCode === 201) invoiceIds.push(response.json().idFacture);
      } else if (op === 'pay') {
        const id = rnd.pick(invoiceIds);
        const row = await invoice(id);
        if (row.deleted_at !== null || row.type_id === 3 || row.remaining_fcfa <= 0) continue;
        const amount = rnd.int(1, row.remaining_fcfa + 500);
        const response = await call({
          method: 'POST',
          url: '/api/paiements/livre',
          payload: {
            facture: id,
            livrer: false,
            chauffeure: 0,
            montantPaye: amount,
            total: row.total_fcfa,
            reste: row.remaining_fcfa,
            methode: 'cash',
          },
        });
        refusedOrDone(response.statusCode, response.body);
        if (response.statusCode === 201) paymentIds.push(response.json().idPayement);
      } else if (op === 'correct' && paymentIds.length > 0) {
        const response = await call({
          method: 'PUT',
          url: `/api/payements/${rnd.pick(paymentIds)}`,
          payload: { montantPaye: rnd.int(1, 3000) },
        });
        refusedOrDone(response.statusCode, response.body);
      } else if (op === 'void' && paymentIds.length > 0) {
        const response = await call({ method: 'DELETE', url: `/api/payements/${rnd.pick(paymentIds)}` });
        refusedOrDone(response.statusCode, response.body);
      } else if (op === 'backdate') {
        // Rows written on other days (the trigger moves them from one day to the other).
        const at = new Date(now - rnd.int(0, 5 * 24) * 3_600_000);
        const table = rnd.next() < 0.6 || paymentIds.length === 0 ? 'invoices' : 'payments';
        const id = table === 'invoices' ? rnd.pick(invoiceIds) : rnd.pick(paymentIds);
        await t.db.execute(
          sql`update ${sql.identifier(table)} set created_at = ${at.toISOString()}::timestamptz where id = ${id}`,
        );
      }
      if (step % 15 === 0) await check(`step ${step}`);
      if (step === 30) {
        // The shop moves to another time zone: its days move with it.
        const moved = await call({
          method: 'PUT',
          url: `/api/boutiques/${b}`,
          payload: { nom: shop.nom, telephone: shop.telephone, adresse: shop.adresse, timeZone: 'Pacific/Kiritimati' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        log.push('timeZone');
        await check('after the time zone change');
      }
    }
    // The totals the triggers kept equal the totals a rebuild computes from the raw rows.
    const kept = rowsOf(
      await t.db.execute(
        sql`select * from sales_daily_totals where shop_id = ${b} and (live_invoices, invoices, unsettled, undelivered, lines, payments) <> (0, 0, 0, 0, 0, 0) order by day`,
      ),
    );
    await t.db.execute(sql`select sales_daily_totals_rebuild(${b})`);
    const rebuilt = rowsOf(await t.db.execute(sql`select * from sales_daily_totals where shop_id = ${b} order by day`));
    expect(kept, `seed ${seed}`).toEqual(rebuilt);
  }, 300_000);

  it('count the whole catalogue and stock lists as the raw rows do, through article and depot deletions', async () => {
    const world = await createDirector(t.db, { planId: 4 });
    const shop = world.shops[0]!;
    const b = shop.id;
    const call = as(t.app, await signIn(t.app, world.director));
    const second = await createDepot(t.db, b, 'Réserve');
    const check = async (step: string) => {
      const [raw] = rowsOf<{ articles: number; levels: number }>(
        await t.db.execute(sql`
          select (select count(*) from articles where shop_id = ${b} and deleted_at is null)::int as articles,
            (select count(*) from stock_levels s join articles a on a.id = s.article_id and a.deleted_at is null
              join depots d on d.id = s.depot_id and d.deleted_at is null where s.shop_id = ${b})::int as levels`),
      );
      const catalogue = (await call({ method: 'GET', url: `/api/articles/page/${b}/1` })).json();
      const stock = (await call({ method: 'GET', url: `/api/entree/boutique/page/${b}/1` })).json();
      expect({ articles: catalogue.total, levels: stock.total }, step).toEqual(raw);
    };
    const goods: { id: number }[] = [];
    for (let k = 0; k < 4; k++) goods.push(await createArticle(t.db, world.depots[0]!, { quantite: 10 }));
    for (let k = 0; k < 3; k++) goods.push(await createArticle(t.db, second, { quantite: 5 }));
    await check('created');
    const sold = await call({
      method: 'POST',
      url: '/api/factures_generate',
      payload: saleBody({ shop, depot: world.depots[0]! }, [{ articles: goods[0]!.id, nombre: 1 }]),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    // One with history is soft-deleted, one without is deleted for good.
    for (const article of [goods[0]!, goods[1]!]) {
      const deleted = await call({ method: 'DELETE', url: `/api/articles/${article.id}` });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await check(`article ${article.id} deleted`);
    }
    const depot = await call({ method: 'DELETE', url: `/api/depots/${second.id}` });
    expect([200, 409], depot.body).toContain(depot.statusCode);
    await check('depot deleted or refused');
    expect((await call({ method: 'GET', url: `/api/articles/page/${b}/1` })).json().total).toBe(5);
  });
});
