import type { InstantRange } from '@app/common/dates';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';

/**
 * The figures of DECISIONS §7, read from the sales themselves. A sale is a live invoice that is
 * not a proforma (type 3); its lines carry the selling and purchase prices of the moment of sale,
 * so that later price changes never rewrite the past. Payments count when not voided (deleting
 * an invoice voids its payments).
 */
const SALE = sql`i.deleted_at is null and i.type_id <> 3`;

const int = (value: unknown) => (value === null || value === undefined ? 0 : toSafeInteger(value));

function inRange(column: SQL, range: InstantRange): SQL {
  return sql`${column} >= ${range.start.toISOString()}::timestamptz and ${column} < ${range.end.toISOString()}::timestamptz`;
}

export async function shopTimeZone(db: Db, shopId: number): Promise<string> {
  const [row] = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from shops where id = ${shopId}`));
  return row?.time_zone ?? 'Africa/Abidjan';
}

/** What a document's header shows of the shop, and its time zone. */
export async function shopHeader(
  db: Db,
  shopId: number,
): Promise<{ nom: string; adresse: string; telephone: string; timeZone: string }> {
  const [row] = rowsOf<{ nom: string; adresse: string; telephone: string; time_zone: string }>(
    await db.execute(sql`select nom, adresse, telephone, time_zone from shops where id = ${shopId}`),
  );
  return {
    nom: row?.nom ?? '',
    adresse: row?.adresse ?? '',
    telephone: row?.telephone ?? '',
    timeZone: row?.time_zone ?? 'Africa/Abidjan',
  };
}

export type Counts = {
  commandes: number;
  commandesToday: number;
  unitsToday: number;
  factures: number;
  facturesToday: number;
  paiementsToday: number;
  montant: number;
  montantToday: number;
};

/**
 * Every dashboard count of a shop in one statement, all time and on `today` (the shop's calendar
 * day, `YYYY-MM-DD`), from the per-day totals the triggers keep (`sales_daily_totals`): at most a
 * row a day of the shop's history, where summing every line and payment took seconds at 100k
 * invoices (issue 11). An order (commande, seed 001 §2) is a sale, a live invoice that is not a
 * proforma, whatever its number of lines.
 */
export async function dashboardCounts(db: Db, shopId: number, today: string): Promise<Counts> {
  const result = await db.execute(sql`
    select
      coalesce(sum(invoices), 0)::bigint as commandes,
      coalesce(sum(invoices) filter (where day = ${today}::date), 0)::bigint as commandes_today,
      coalesce(sum(units) filter (where day = ${today}::date), 0)::bigint as units_today,
      coalesce(sum(invoices), 0)::bigint as factures,
      coalesce(sum(invoices) filter (where day = ${today}::date), 0)::bigint as factures_today,
      coalesce(sum(payments) filter (where day = ${today}::date), 0)::bigint as paiements_today,
      coalesce(sum(paid_fcfa), 0)::bigint as montant,
      coalesce(sum(paid_fcfa) filter (where day = ${today}::date), 0)::bigint as montant_today
    from sales_daily_totals where shop_id = ${shopId}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return {
    commandes: int(row?.commandes),
    commandesToday: int(row?.commandes_today),
    unitsToday: int(row?.units_today),
    factures: int(row?.factures),
    facturesToday: int(row?.factures_today),
    paiementsToday: int(row?.paiements_today),
    montant: int(row?.montant),
    montantToday: int(row?.montant_today),
  };
}

export type DepotValue = { idDepot: number; libelle: string; montantStock: number; articles: number; quantite: number };

/**
 * Current stock value per live depot of the shop: available x the article's purchase price, live
 * articles only. Read from the per-depot rows the triggers keep (`depot_stock_values`, migration
 * 0010): summing the shop's levels joined with its articles was a full pass over both (0.6 s at 100k
 * articles x 3 depots, issue 10).
 */
export async function stockValueByDepot(db: Db, shopId: number): Promise<DepotValue[]> {
  const result = await db.execute(sql`
    select d.id as id_depot, d.libelle, coalesce(v.value_fcfa, 0) as montant_stock, coalesce(v.articles, 0) as articles,
      coalesce(v.quantity, 0) as quantite
    from depots d left join depot_stock_values v on v.depot_id = d.id
    where d.shop_id = ${shopId} and d.deleted_at is null
    order by d.libelle, d.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    idDepot: int(r.id_depot),
    libelle: String(r.libelle),
    montantStock: int(r.montant_stock),
    articles: int(r.articles),
    quantite: int(r.quantite),
  }));
}

export type DaySales = {
  date: string;
  factures: number;
  totalArticle: number;
  montantVendue: number;
  montantSortieStock: number;
};

/**
 * Sales per calendar day (in the shop's zone) from `startDate` to `endDate` (both included): invoices,
 * units, amount, purchase value, read from the per-day totals (days without a sale left out).
 */
export async function salesByDay(db: Db, shopId: number, startDate: string, endDate: string): Promise<DaySales[]> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, invoices as factures, units, sold_fcfa as sold, cost_fcfa as cost
    from sales_daily_totals
    where shop_id = ${shopId} and day >= ${startDate}::date and day <= ${endDate}::date and invoices > 0
    order by day`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    date: String(r.day),
    factures: int(r.factures),
    totalArticle: int(r.units),
    montantVendue: int(r.sold),
    montantSortieStock: int(r.cost),
  }));
}

export type TopArticle = { idArticle: number; designation: string; quantite: number; montant: number };

/**
 * The articles sold most (units) over the period; the amount is before the invoice discount. The
 * lines are summed per article id and only the ten kept are joined with their names: grouping on
 * the name too hashed every article's text (a year at 100k articles: about 20% slower).
 */
export async function topArticles(db: Db, shopId: number, period: InstantRange, limit = 10): Promise<TopArticle[]> {
  const result = await db.execute(sql`
    with top as (
      select l.article_id, sum(l.quantity)::bigint as quantite, sum(l.quantity::bigint * l.unit_price_fcfa)::bigint as montant
      from invoices i
      join invoice_lines l on l.invoice_id = i.id
      where i.shop_id = ${shopId} and ${SALE} and ${inRange(sql`i.created_at`, period)}
      group by l.article_id
      order by quantite desc, montant desc, l.article_id
      limit ${limit}
    )
    select a.id, a.designation, top.quantite, top.montant
    from top join articles a on a.id = top.article_id
    order by top.quantite desc, top.montant desc, a.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    idArticle: int(r.id),
    designation: String(r.designation),
    quantite: int(r.quantite),
    montant: int(r.montant),
  }));
}

export type MethodTotal = { method: string; montant: number; count: number };

/** Payments made over the period, per method (the amount applied to invoices, less the refunds made in it; refunds are not counted as payments). */
export async function paymentsByMethod(db: Db, shopId: number, period: InstantRange): Promise<MethodTotal[]> {
  const result = await db.execute(sql`
    select p.method, coalesce(sum(p.applied_fcfa), 0)::bigint as montant, count(*) filter (where p.refund_of is null) as n
    from payments p
    where p.shop_id = ${shopId} and p.voided_at is null and ${inRange(sql`p.created_at`, period)}
    group by p.method
    order by montant desc, p.method`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    method: String(r.method),
    montant: int(r.montant),
    count: int(r.n),
  }));
}

export type SellerTotal = { idUser: number; username: string; nom: string; prenom: string; montant: number; factures: number };

/** Sales over the period per seller. */
export async function salesBySeller(db: Db, shopId: number, period: InstantRange): Promise<SellerTotal[]> {
  const result = await db.execute(sql`
    select u.id, u.username, u.nom, u.prenom, coalesce(sum(i.total_fcfa), 0)::bigint as montant, count(*) as factures
    from invoices i join users u on u.id = i.user_id
    where i.shop_id = ${shopId} and ${SALE} and ${inRange(sql`i.created_at`, period)}
    group by u.id, u.username, u.nom, u.prenom
    order by montant desc, u.username`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    idUser: int(r.id),
    username: String(r.username),
    nom: String(r.nom ?? ''),
    prenom: String(r.prenom ?? ''),
    montant: int(r.montant),
    factures: int(r.factures),
  }));
}

export type ShopPeriod = {
  idBoutique: number;
  nom: string;
  factures: number;
  totalArticle: number;
  montantVendue: number;
  montantSortieStock: number;
  montantStock: number;
  montantPaye: number;
};

/**
 * The period's figures of several shops in one statement, each shop's days taken in its own
 * time zone (`startDate` and `endDate` are calendar days, both included), read from the per-day
 * totals (`sales_daily_totals`, kept on the shop's calendar days) and the kept stock values: a
 * director's year over every shop is at most a row a day per shop, where reading the invoices and
 * their lines was a pass over the whole year's sales.
 */
export async function periodByShop(db: Db, shopIds: number[], startDate: string, endDate: string): Promise<ShopPeriod[]> {
  if (shopIds.length === 0) return [];
  const ids = sql.join(
    shopIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with t as (
      select d.shop_id, sum(d.invoices)::bigint as factures, sum(d.units)::bigint as units, sum(d.sold_fcfa)::bigint as sold,
        sum(d.cost_fcfa)::bigint as cost, sum(d.paid_fcfa)::bigint as paid
      from sales_daily_totals d
      where d.shop_id in (${ids}) and d.day >= ${startDate}::date and d.day <= ${endDate}::date
      group by d.shop_id
    ), v as (
      select v.shop_id, sum(v.value_fcfa)::bigint as stock
      from depot_stock_values v join depots dp on dp.id = v.depot_id and dp.deleted_at is null
      where v.shop_id in (${ids})
      group by v.shop_id
    )
    select s.id, s.nom, coalesce(t.factures, 0) as factures, coalesce(t.units, 0) as units, coalesce(t.sold, 0) as sold,
      coalesce(t.cost, 0) as cost, coalesce(t.paid, 0) as paid, coalesce(v.stock, 0) as stock
    from shops s left join t on t.shop_id = s.id left join v on v.shop_id = s.id
    where s.id in (${ids})
    order by s.nom, s.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    idBoutique: int(r.id),
    nom: String(r.nom),
    factures: int(r.factures),
    totalArticle: int(r.units),
    montantVendue: int(r.sold),
    montantSortieStock: int(r.cost),
    montantStock: int(r.stock),
    montantPaye: int(r.paid),
  }));
}

export type SeriesCount = { series: 'FAC' | 'AV'; count: number };
/** `subject`: issued while the shop was subject to VAT (a null rate is then an exempt line; otherwise the document charged no VAT at all). */
export type RateVat = { series: 'FAC' | 'AV'; rateBp: number | null; subject: boolean; baseFcfa: number; vatFcfa: number };

/**
 * The VAT of the shop's issued documents over the period, as their frozen content charged it
 * (DECISIONS §14): per series (invoices FAC, credit notes AV) how many, and per series, rate and
 * issuer's VAT status the base and the VAT. A document counts on the day it was issued (a sale
 * made offline: the time it was made). The content is read as `json`, checked but not converted
 * (half the time of `jsonb` here: a busy shop's year, 36,500 documents, about 0.4 s on PostgreSQL,
 * its month 35 ms). A column written with each document would spare that, but it cost every sale
 * about 5 % (bench/README.md).
 */
export async function issuedVat(
  db: Db,
  shopId: number,
  period: InstantRange,
): Promise<{ counts: SeriesCount[]; rates: RateVat[] }> {
  const result = await db.execute(sql`
    with docs as (
      select d.series, d.content::json as c from issued_documents d
      where d.shop_id = ${shopId} and ${inRange(sql`d.issued_at`, period)}
    )
    select series, 0 as by_rate, null::int as rate, null::boolean as subject, count(*)::bigint as n, 0::bigint as base, 0::bigint as vat
    from docs group by series
    union all
    select series, 1, (v->>'rateBp')::int, coalesce((c->'issuer'->>'vatSubject')::boolean, false), 0, sum((v->>'baseFcfa')::bigint),
      sum((v->>'vatFcfa')::bigint)
    from docs cross join lateral json_array_elements(c->'vat') v
    group by series, (v->>'rateBp')::int, coalesce((c->'issuer'->>'vatSubject')::boolean, false)`);
  const counts: SeriesCount[] = [];
  const rates: RateVat[] = [];
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const series = r.series === 'AV' ? 'AV' : 'FAC';
    if (int(r.by_rate) === 0) counts.push({ series, count: int(r.n) });
    else
      rates.push({
        series,
        rateBp: r.rate === null ? null : int(r.rate),
        subject: r.subject === true,
        baseFcfa: int(r.base),
        vatFcfa: int(r.vat),
      });
  }
  return { counts, rates };
}

/** Whether the shop is subject to VAT today (its legal identity says so; none: not subject). */
export async function shopVatSubject(db: Db, shopId: number): Promise<boolean> {
  const [row] = rowsOf<{ vat_subject: boolean }>(
    await db.execute(sql`select vat_subject from shop_legal_identities where shop_id = ${shopId}`),
  );
  return row?.vat_subject === true;
}
