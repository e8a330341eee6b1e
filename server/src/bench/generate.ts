// The bench's data generator: fills a migrated database with set-based SQL (generate_series,
// INSERT ... SELECT), not through the API, with data that keeps every invariant of the stock
// ledger and of invoices:
// - each stock level's qty_in / qty_out are the sums of its movements, and each movement's
//   balance_after is the running sum of the movements of its (article, depot), never negative;
// - each invoice's subtotal is the sum of its lines, total = subtotal - discount, paid + remaining
//   = total, settled when nothing remains; payments and deliveries match those flags;
// - invoice numbers are 1..n per shop and year without gap, and the counter row says n.
// The director, the shops, their depots and cash registers are made by the product's services
// (the test factories), so that what the product expects around them is there.
import { ROLE } from '@app/common/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { createDepot, createShop, createUser, TEST_PASSWORD } from '../test/factories.js';

export type Scale = 'full' | 'small';

export type ScaleSize = {
  shops: number;
  articles: number;
  depots: number;
  invoices: number;
  /** Stock movements of the big shop in all: one opening addition per level, one per line sold, the rest restocks. */
  movements: number;
  clients: number;
};

export const SCALES: Record<Scale, ScaleSize> = {
  full: { shops: 200, articles: 100_000, depots: 3, invoices: 100_000, movements: 1_000_000, clients: 5_000 },
  small: { shops: 20, articles: 10_000, depots: 3, invoices: 10_000, movements: 100_000, clients: 500 },
};

/** Each other shop: a small catalogue and a few sales, so that every query has other tenants' rows to skip. */
const OTHER_SHOP = { articles: 50, depots: 1, invoices: 50, clients: 5 };
/** How many other shops `Generated.otherShops` describes (the 16-shop sale scenario). */
export const OTHER_SHOP_TARGETS = 16;
const LINES_PER_INVOICE = 5;
export const OPENING_STOCK = 1000;
export const RACE_STOCK = 10;
const DAY = 86_400;

export type Generated = {
  director: { id: number; username: string; password: string };
  shopId: number;
  depotIds: number[];
  registerId: number;
  driverId: number;
  raceArticleId: number;
  size: ScaleSize;
  /** Articles the sale scenarios sell from (the first depot). */
  poolArticleIds: number[];
  /**
   * The other shops the many-shops sale scenario sells in (up to OTHER_SHOP_TARGETS): each its own
   * first depot, default register and catalogue (OTHER_SHOP.articles articles with stock there).
   */
  otherShops: { shopId: number; depotId: number; registerId: number; articleIds: number[]; prices: number[] }[];
  /** A generated invoice (for PDFs), its number, its client's name; an article's barcode and name. */
  sample: { invoiceId: number; code: string; clientName: string; barcode: string; designation: string };
  /** How long the generation took (s). */
  seconds: number;
};

const run = async (db: Db, text: string) => {
  const t = Date.now();
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
  if (process.env.BENCH_TRACE && Date.now() - t > 300)
    console.log(`    ${Date.now() - t} ms: ${text.slice(0, 60).replace(/\s+/g, ' ')}`);
  return rows;
};
const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
};

type ShopPlan = {
  shopId: number;
  userId: number;
  articles: number;
  invoices: number;
  restocks: number;
  clients: number;
  /** Seconds since the epoch of the first invoice, and the span the invoices cover. */
  t0: number;
  span: number;
};

/**
 * Fills one shop (its depots and cash register exist) in one transaction. Foreign-key triggers
 * are off inside it (`session_replication_role = replica`, a bulk loader's switch): every id
 * written comes from the rows just read, and `checkInvariants` checks the result. Helper tables
 * `bench_*` are dropped at the end.
 */
async function fillShop(database: Db, plan: ShopPlan): Promise<void> {
  await database.transaction(async (db) => {
    await run(db, 'set local session_replication_role = replica');
    await fillShopRows(db, plan);
    // The triggers that keep the per-day sales totals and the catalogue counts are off during the bulk load: recompute them.
    await run(
      db,
      `select sales_daily_totals_rebuild(${int(plan.shopId)}), catalogue_counts_rebuild(${int(plan.shopId)}), depot_stock_values_rebuild(${int(plan.shopId)})`,
    );
  });
}

async function fillShopRows(db: Db, plan: ShopPlan): Promise<void> {
  const X = int(plan.shopId);
  const U = int(plan.userId);
  const N = int(plan.articles);
  const I = int(plan.invoices);
  const T0 = int(plan.t0);
  const SPAN = int(plan.span);
  const words = `array['Riz','Savon','Huile','Sucre','Lait','Farine','Café','Thé','Sel','Pâtes','Tomate','Sardine','Biscuit','Jus','Eau minérale','Bougie','Allumettes','Piles','Cahier','Stylo']`;
  const brands = `array['Dinor','Nido','Lipton','Maggi','Jumbo','Omo','Star','Royal','Kiss','Uncle']`;
  const first = ['Awa', 'Kouadio', 'Fatou', 'Moussa', 'Aminata', 'Yao', 'Mariam', 'Ibrahim', 'Adjoua', 'Seydou'];
  const last = ['Koné', 'Traoré', 'Diallo', 'Ouattara', 'Bamba', 'Coulibaly', 'Kouassi', 'Diabaté', 'Touré', 'Sanogo'];
  const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

  await run(db, `insert into categories (shop_id, libelle) select ${X}, 'Catégorie ' || k from generate_series(1, 20) k`);
  await run(
    db,
    `insert into articles (shop_id, designation, price_fcfa, cost_fcfa, category_id, barcode, created_by, created_at, updated_at)
     select ${X}, (${words})[1 + g % 20] || ' ' || (${brands})[1 + (g / 20) % 10] || ' n° ' || g,
       100 * (1 + g % 50), 70 * (1 + g % 50), c.ids[1 + g % 20], '2' || lpad('${X}', 4, '0') || lpad(g::text, 8, '0'),
       ${U}, to_timestamp(${T0} - ${DAY}), to_timestamp(${T0} - ${DAY})
     from generate_series(1, ${N}) g, (select array_agg(id order by id) ids from categories where shop_id = ${X}) c
     order by g`,
  );
  await run(
    db,
    `create table bench_art as select id, (row_number() over (order by id))::int g, price_fcfa price, cost_fcfa cost from articles where shop_id = ${X}`,
  );
  await run(db, `create unique index on bench_art (g)`);
  await run(
    db,
    `create table bench_dep as select id, (row_number() over (order by id))::int - 1 d from depots where shop_id = ${X} and deleted_at is null`,
  );
  const [{ n: depotCount }] = (await run(db, `select count(*)::int n from bench_dep`)) as [{ n: number }];
  const D = int(depotCount);
  await run(
    db,
    `insert into clients (shop_id, nom, prenom, telephone, adresse)
     select ${X}, (${arr(last)})[1 + c % 10] || ' ' || c, (${arr(first)})[1 + (c / 10) % 10], '07' || lpad(c::text, 8, '0'), 'Abidjan'
     from generate_series(1, ${int(plan.clients)}) c order by c`,
  );
  await run(
    db,
    `create table bench_cli as select id, (row_number() over (order by id))::int c from clients where shop_id = ${X}`,
  );
  const C = int(plan.clients);

  // Lines by invoice index i: five distinct articles, 1 to 3 units each, at the article's prices.
  await run(
    db,
    `create table bench_line as
     select i, k, a.id article_id, a.price, a.cost, 1 + (i + k) % 3 qty
     from generate_series(1, ${I}) i cross join generate_series(0, ${LINES_PER_INVOICE - 1}) k
     join bench_art a on a.g = ((i * ${LINES_PER_INVOICE} + k) % ${N}) + 1`,
  );
  // Invoices: amounts from their lines; one in ten with a 5% discount; three in four paid in full,
  // one in eight half paid, the rest unpaid; a third of the settled ones delivered.
  await run(
    db,
    `insert into invoices (shop_id, code, year, number, type_id, client_id, depot_id, user_id, subtotal_fcfa, discount_fcfa,
       total_fcfa, paid_fcfa, remaining_fcfa, settled, delivered, created_at, updated_at)
     select ${X}, 'FAC-' || yr || '-' || lpad(n::text, 6, '0'), yr, n, 1, cli.id, dep.id, ${U}, sub, disc, sub - disc, paid,
       sub - disc - paid, paid = sub - disc, paid = sub - disc and i % 3 = 0, at, at
     from (
       select w.*, (row_number() over (partition by yr order by i))::int n
       from (
         select v.*, extract(year from v.at at time zone 'Africa/Abidjan')::int yr,
           case when i % 4 <> 0 then sub - disc when i % 8 = 0 then (sub - disc) / 2 else 0 end paid
         from (
           select i, sum(qty * price)::bigint sub, case when i % 10 = 0 then sum(qty * price)::bigint / 20 else 0 end disc,
             to_timestamp(${T0} + i::bigint * ${SPAN} / ${I}) at
           from bench_line group by i
         ) v
       ) w
     ) x
     join bench_dep dep on dep.d = i % ${D}
     left join bench_cli cli on cli.c = i % ${C} + 1 and i % 5 <> 0
     order by i`,
  );
  await run(
    db,
    `create table bench_inv as select id, (row_number() over (order by id))::int i, created_at, total_fcfa, paid_fcfa, depot_id, delivered from invoices where shop_id = ${X}`,
  );
  await run(db, `create unique index on bench_inv (i)`);
  await run(
    db,
    `insert into invoice_lines (invoice_id, article_id, quantity, unit_price_fcfa, unit_cost_fcfa)
     select inv.id, l.article_id, l.qty, l.price, l.cost from bench_line l join bench_inv inv on inv.i = l.i order by l.i, l.k`,
  );
  await run(
    db,
    `insert into payments (shop_id, invoice_id, cash_register_id, user_id, method, reference, handed_fcfa, applied_fcfa, change_fcfa,
       remaining_after_fcfa, created_at)
     select ${X}, inv.id, r.id, ${U}, m.method, case when m.method = 'cash' then null else 'REF' || inv.i end,
       case when m.method = 'cash' then ((inv.paid_fcfa + 499) / 500) * 500 else inv.paid_fcfa end, inv.paid_fcfa,
       case when m.method = 'cash' then ((inv.paid_fcfa + 499) / 500) * 500 - inv.paid_fcfa else 0 end,
       inv.total_fcfa - inv.paid_fcfa, inv.created_at + interval '1 minute'
     from bench_inv inv
     cross join lateral (select (array['cash','orange_money','cash','wave','card','cash'])[1 + inv.i % 6] method) m
     join cash_registers r on r.shop_id = ${X} and r.is_default and r.deleted_at is null
     where inv.paid_fcfa > 0 order by inv.i`,
  );
  await run(
    db,
    `insert into deliveries (shop_id, invoice_id, driver_id, user_id, created_at)
     select ${X}, inv.id, (select min(id) from drivers where shop_id = ${X}), ${U}, inv.created_at + interval '1 hour'
     from bench_inv inv where inv.delivered order by inv.i`,
  );

  // Movements: the opening addition of every level (before any sale), one sale movement per line,
  // and restocks spread over the year; balances are the running sums.
  await run(
    db,
    `create table bench_mov as
     select a.id article_id, dep.id depot_id, 'addition' kind, ${OPENING_STOCK} quantity, null::int invoice_id,
       to_timestamp(${T0} - ${DAY}) created_at, 0 ord
     from bench_art a cross join bench_dep dep
     union all
     select l.article_id, inv.depot_id, 'sale', -l.qty, inv.id, inv.created_at, 1
     from bench_line l join bench_inv inv on inv.i = l.i
     union all
     select a.id, dep.id, 'addition', 100, null, to_timestamp(${T0} + k::bigint * ${SPAN} / greatest(${int(plan.restocks)}, 1)), 2
     from generate_series(1, ${int(plan.restocks)}) k
     join bench_art a on a.g = ((k - 1) % ${N}) + 1
     join bench_dep dep on dep.d = ((k - 1) / ${N}) % ${D}`,
  );
  await run(
    db,
    `insert into stock_movements (shop_id, article_id, depot_id, kind, quantity, balance_after, user_id, invoice_id, created_at)
     select ${X}, article_id, depot_id, kind, quantity,
       sum(quantity) over (partition by article_id, depot_id order by created_at, ord, invoice_id rows unbounded preceding),
       ${U}, invoice_id, created_at
     from bench_mov order by created_at, ord, invoice_id`,
  );
  await run(
    db,
    `insert into stock_levels (shop_id, article_id, depot_id, qty_in, qty_out, stock_min, created_at, updated_at)
     select ${X}, article_id, depot_id, sum(greatest(quantity, 0)), sum(greatest(-quantity, 0)), case when article_id % 7 = 0 then 5 else 0 end,
       min(created_at), max(created_at)
     from bench_mov group by article_id, depot_id`,
  );
  await run(
    db,
    `insert into document_counters (shop_id, series, year, last_number)
     select ${X}, 'FAC', year, max(number) from invoices where shop_id = ${X} group by year`,
  );
  for (const table of ['bench_mov', 'bench_line', 'bench_inv', 'bench_cli', 'bench_dep', 'bench_art'])
    await run(db, `drop table ${table}`);
}

/** The whole data set; `log` says what is being made. */
export async function generate(db: Db, scale: Scale, log: (line: string) => void = () => {}): Promise<Generated> {
  const size = SCALES[scale];
  const started = Date.now();
  const director = await createUser(db, {
    roles: [ROLE.director],
    username: `bench${Date.now().toString(36)}`,
    password: TEST_PASSWORD,
  });
  const [shop] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) id from shops where account_id = ${director.id}`));
  const shopId = Number(shop!.id);
  const depotIds: number[] = [];
  for (let d = 0; d < size.depots; d++) depotIds.push((await createDepot(db, shopId, `Dépôt ${d + 1}`)).id);
  const others: number[] = [];
  for (let s = 1; s < size.shops; s++) {
    const other = await createShop(db, director.id, { nom: `Boutique ${s + 1}` });
    await createDepot(db, other.id, 'Dépôt');
    others.push(other.id);
  }
  await run(
    db,
    `insert into drivers (shop_id, nom, telephone) select s.id, 'Chauffeur ' || k, '05' || lpad(k::text, 8, '0')
     from shops s cross join generate_series(1, 2) k where s.account_id = ${int(director.id)}`,
  );
  log(`  ${size.shops} shops, depots and registers by the services (${Date.now() - started} ms)`);

  const now = Math.floor(Date.now() / 1000);
  const t0 = now - 365 * DAY;
  const span = 365 * DAY - 120;
  const restocks = size.movements - size.articles * size.depots - size.invoices * LINES_PER_INVOICE;
  await fillShop(db, {
    shopId,
    userId: director.id,
    articles: size.articles,
    invoices: size.invoices,
    restocks,
    clients: size.clients,
    t0,
    span,
  });
  log(
    `  big shop: ${size.invoices} invoices, ${size.articles} articles x ${size.depots} depots, ${size.movements} movements (${Date.now() - started} ms)`,
  );
  for (const other of others) {
    await fillShop(db, { shopId: other, userId: director.id, ...OTHER_SHOP, restocks: 0, t0, span });
  }
  log(`  ${others.length} other shops filled (${Date.now() - started} ms)`);

  // The article 8 clients race for: RACE_STOCK units in the first depot, one opening movement.
  const [race] = await run(
    db,
    `insert into articles (shop_id, designation, price_fcfa, cost_fcfa, created_by) values (${int(shopId)}, 'Article de la course', 1000, 700, ${int(director.id)}) returning id`,
  );
  const raceArticleId = Number(race!.id);
  await run(
    db,
    `insert into stock_movements (shop_id, article_id, depot_id, kind, quantity, balance_after, user_id)
     values (${int(shopId)}, ${int(raceArticleId)}, ${int(depotIds[0]!)}, 'addition', ${RACE_STOCK}, ${RACE_STOCK}, ${int(director.id)})`,
  );
  await run(
    db,
    `insert into stock_levels (shop_id, article_id, depot_id, qty_in) values (${int(shopId)}, ${int(raceArticleId)}, ${int(depotIds[0]!)}, ${RACE_STOCK})`,
  );
  // A table in use has been vacuumed by autovacuum: the visibility map lets index-only scans skip the heap.
  await run(db, 'vacuum analyze');
  const [register] = await run(db, `select id from cash_registers where shop_id = ${int(shopId)} and is_default`);
  const [driver] = await run(db, `select min(id) id from drivers where shop_id = ${int(shopId)}`);
  const pool = await run(
    db,
    `select id from articles where shop_id = ${int(shopId)} and id <> ${int(raceArticleId)} order by id limit 300`,
  );
  const [invoice] = await run(
    db,
    `select i.id, i.code, c.nom from invoices i join clients c on c.id = i.client_id where i.shop_id = ${int(shopId)} order by i.id desc limit 1 offset 100`,
  );
  const [article] = await run(
    db,
    `select barcode, designation from articles where shop_id = ${int(shopId)} order by id limit 1 offset 777`,
  );
  const otherShops: Generated['otherShops'] = [];
  for (const other of others.slice(0, OTHER_SHOP_TARGETS)) {
    const [refs] = await run(
      db,
      `select (select min(id) from depots where shop_id = ${int(other)} and deleted_at is null) depot_id,
         (select id from cash_registers where shop_id = ${int(other)} and is_default and deleted_at is null) register_id`,
    );
    const depotId = Number(refs!.depot_id);
    const articles = await run(
      db,
      `select a.id, a.price_fcfa from articles a join stock_levels s on s.article_id = a.id and s.depot_id = ${int(depotId)}
       where a.shop_id = ${int(other)} and a.deleted_at is null order by a.id`,
    );
    otherShops.push({
      shopId: other,
      depotId,
      registerId: Number(refs!.register_id),
      articleIds: articles.map((r) => Number(r.id)),
      prices: articles.map((r) => Number(r.price_fcfa)),
    });
  }
  const seconds = (Date.now() - started) / 1000;
  log(`  generated in ${seconds.toFixed(1)} s`);
  return {
    director,
    shopId,
    depotIds,
    registerId: Number(register!.id),
    driverId: Number(driver!.id),
    raceArticleId,
    size,
    poolArticleIds: pool.map((r) => Number(r.id)),
    otherShops,
    sample: {
      invoiceId: Number(invoice!.id),
      code: String(invoice!.code),
      clientName: String(invoice!.nom),
      barcode: String(article!.barcode),
      designation: String(article!.designation),
    },
    seconds,
  };
}

/**
 * The invariants, checked with SQL over the whole database: levels = sums of movements, running
 * balances, invoice amounts = lines, payments = paid, numbering gapless per shop and year and the
 * counter at the last number. Answers the list of what is broken (empty: all hold).
 */
export async function checkInvariants(db: Db): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'stock levels equal the sums of their movements',
      `select count(*)::int n from stock_levels s left join (
         select article_id, depot_id,
           sum(case when kind = 'sale_reversal' then -quantity when quantity < 0 and kind <> 'reception_reversal' then -quantity else 0 end) q_out,
           sum(case when kind = 'reception_reversal' then quantity when quantity > 0 and kind <> 'sale_reversal' then quantity else 0 end) q_in
         from stock_movements group by article_id, depot_id) m on m.article_id = s.article_id and m.depot_id = s.depot_id
       where coalesce(m.q_in, 0) <> s.qty_in or coalesce(m.q_out, 0) <> s.qty_out`,
    ],
    [
      'movement balances are running sums',
      `select count(*)::int n from (
         select balance_after, sum(quantity) over (partition by article_id, depot_id order by id rows unbounded preceding) running
         from stock_movements) m where m.balance_after <> m.running`,
    ],
    [
      'invoice subtotals equal their lines',
      `select count(*)::int n from invoices i join (
         select invoice_id, sum(quantity * unit_price_fcfa) s from invoice_lines group by invoice_id) l on l.invoice_id = i.id
       where i.subtotal_fcfa <> l.s or i.total_fcfa <> i.subtotal_fcfa - i.discount_fcfa`,
    ],
    [
      'paid amounts equal the live payments',
      `select count(*)::int n from invoices i left join (
         select invoice_id, sum(applied_fcfa) p from payments where voided_at is null group by invoice_id) p on p.invoice_id = i.id
       where i.deleted_at is null and i.paid_fcfa <> coalesce(p.p, 0)`,
    ],
    [
      'invoice numbers gapless and unique per shop and year',
      `select count(*)::int n from (
         select shop_id, year, count(*) c, count(distinct number) d, max(number) m, min(number) lo
         from invoices where code like 'FAC-%' group by shop_id, year) g
       left join document_counters k on k.shop_id = g.shop_id and k.series = 'FAC' and k.year = g.year
       where g.c <> g.d or g.m <> g.c or g.lo <> 1 or k.last_number is distinct from g.m`,
    ],
    [
      'day totals equal the invoices and payments of the day (the rows the triggers keep)',
      `select count(*)::int n from (
         select i.shop_id, (i.created_at at time zone s.time_zone)::date d, count(*) inv, sum(i.total_fcfa) sold
         from invoices i join shops s on s.id = i.shop_id where i.deleted_at is null and i.type_id <> 3 group by 1, 2) x
       full join (
         select p.shop_id, (p.created_at at time zone s.time_zone)::date d, count(*) pays, sum(p.applied_fcfa) paid
         from payments p join shops s on s.id = p.shop_id where p.voided_at is null group by 1, 2) y
         on y.shop_id = x.shop_id and y.d = x.d
       full join sales_daily_totals t on t.shop_id = coalesce(x.shop_id, y.shop_id) and t.day = coalesce(x.d, y.d)
       where coalesce(x.inv, 0) <> coalesce(t.invoices, 0) or coalesce(x.sold, 0) <> coalesce(t.sold_fcfa, 0)
         or coalesce(y.pays, 0) <> coalesce(t.payments, 0) or coalesce(y.paid, 0) <> coalesce(t.paid_fcfa, 0)`,
    ],
    [
      // An offline sale that found its depot short (DECISIONS §13) took what was there: its lines are
      // its sale movements plus what a reception has not taken out since (stock_discrepancies).
      'sold lines equal their sale movements plus the stock discrepancies not taken since',
      `select count(*)::int n from (
         select l.invoice_id, l.article_id, sum(l.quantity) q from invoice_lines l
           join invoices i on i.id = l.invoice_id and i.deleted_at is null and i.type_id <> 3 group by 1, 2) l
       left join (
         select invoice_id, article_id, -sum(quantity) q from stock_movements
         where invoice_id is not null and kind in ('sale', 'sale_reversal') group by 1, 2) m
         on m.invoice_id = l.invoice_id and m.article_id = l.article_id
       left join (
         select invoice_id, article_id, sum(quantity - covered) q from stock_discrepancies group by 1, 2) d
         on d.invoice_id = l.invoice_id and d.article_id = l.article_id
       where l.q <> coalesce(m.q, 0) + coalesce(d.q, 0)`,
    ],
    [
      'depot stock values equal their levels (the rows the triggers keep)',
      `select count(*)::int n from (
         select s.depot_id, sum((s.qty_in - s.qty_out)::bigint * a.cost_fcfa) v, count(*) filter (where s.qty_in > s.qty_out) k,
           sum(s.qty_in - s.qty_out) q
         from stock_levels s join articles a on a.id = s.article_id and a.deleted_at is null group by s.depot_id) l
       full join depot_stock_values d on d.depot_id = l.depot_id
       where coalesce(l.v, 0) <> coalesce(d.value_fcfa, 0) or coalesce(l.k, 0) <> coalesce(d.articles, 0)
         or coalesce(l.q, 0) <> coalesce(d.quantity, 0)`,
    ],
    [
      'issued documents: one gapless chain per shop and series, its head row on the newest',
      `select count(*)::int n from (
         select d.shop_id, d.series, count(*) c, max(d.seq) m,
           (array_agg(d.chain_hash order by d.seq desc))[1] newest
         from issued_documents d group by 1, 2) s
       full join document_chain_heads h on h.shop_id = s.shop_id and h.series = s.series
       where s.c is distinct from s.m or s.m is distinct from h.seq or s.newest is distinct from h.chain_hash`,
    ],
  ];
  const broken: string[] = [];
  for (const [name, query] of checks) {
    const [row] = await run(db, query);
    const n = Number(row!.n);
    if (n !== 0) broken.push(`${name}: ${n} rows break it`);
  }
  return broken;
}
