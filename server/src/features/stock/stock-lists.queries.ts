import type { StockView } from '@app/common/contracts/stock';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';
import { likePattern, pageWindow } from '../../lib/paging.js';
import { catalogueCount } from '../../db/catalogue-counts.js';

/**
 * Reads of the stock levels of a shop (the seeds' entree rows): every query filters by the
 * shop, and only live articles in live depots are listed.
 */

export type StockFilter = {
  view?: StockView;
  /** 0 or undefined: every depot. */
  depotId?: number;
  /** 0 or undefined: every category. */
  categoryId?: number;
  /** Designation, category or barcode. */
  term?: string;
  /** Only these depots (the caller's assigned depots). */
  depotIds?: number[];
  /** Only entries some stock left (`/api/sorties_boutique`). */
  withOutflow?: boolean;
  articleId?: number;
};

export type StockLevelRow = {
  id: number;
  article_id: number;
  depot_id: number;
  qty_in: number;
  qty_out: number;
  stock_min: number;
  designation: string;
  price_fcfa: number;
  cost_fcfa: number;
  description: string | null;
  barcode: string | null;
  image_file_id: number | null;
  article_created_at: Date | string;
  article_updated_at: Date | string;
  category_id: number | null;
  category_libelle: string | null;
  supplier_id: number | null;
  supplier_raison_sociale: string | null;
  depot_libelle: string;
  /** The rate (basis points) a sale of the article takes now; null when exempt or the shop is not subject to VAT. */
  vat_rate_bp: number | null;
  /** False only for a shop subject to VAT whose shelf prices are without VAT (DECISIONS §14). */
  prices_include_vat: boolean;
};

const FROM = sql`
  from stock_levels s
  join articles a on a.id = s.article_id and a.shop_id = s.shop_id and a.deleted_at is null
  join depots d on d.id = s.depot_id and d.shop_id = s.shop_id and d.deleted_at is null
  left join categories c on c.id = a.category_id and c.deleted_at is null
  left join suppliers su on su.id = a.supplier_id and su.deleted_at is null
  left join shop_legal_identities li on li.shop_id = s.shop_id`;

const COLUMNS = sql`
  s.id, s.article_id, s.depot_id, s.qty_in, s.qty_out, s.stock_min,
  a.designation, a.price_fcfa, a.cost_fcfa, a.description, a.barcode, a.image_file_id,
  a.created_at as article_created_at, a.updated_at as article_updated_at,
  c.id as category_id, c.libelle as category_libelle,
  su.id as supplier_id, su.raison_sociale as supplier_raison_sociale,
  d.libelle as depot_libelle,
  case when li.vat_subject then (case when a.vat_default then (li.vat_rates_bp->>0)::int else a.vat_rate_bp end) end as vat_rate_bp,
  not coalesce(li.vat_subject and not li.prices_include_vat, false) as prices_include_vat`;

/** The order of every stock list and print: by designation, then depot. */
const ORDER = sql`order by a.sort_key, d.libelle, s.id`;

function whereOf(shopId: number, filter: StockFilter): SQL {
  const conditions: SQL[] = [sql`s.shop_id = ${shopId}`];
  if (filter.view === 'stock') conditions.push(sql`s.qty_in - s.qty_out > 0`);
  if (filter.view === 'rupture') conditions.push(sql`s.qty_in - s.qty_out <= 0`);
  if (filter.depotId) conditions.push(sql`s.depot_id = ${filter.depotId}`);
  if (filter.categoryId) conditions.push(sql`a.category_id = ${filter.categoryId}`);
  if (filter.articleId) conditions.push(sql`s.article_id = ${filter.articleId}`);
  if (filter.withOutflow) conditions.push(sql`s.qty_out > 0`);
  if (filter.depotIds) {
    conditions.push(
      filter.depotIds.length === 0
        ? sql`false`
        : sql`s.depot_id in (${sql.join(
            filter.depotIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
    );
  }
  const term = filter.term?.trim();
  if (term) {
    const pattern = likePattern(term);
    conditions.push(sql`(a.designation ilike ${pattern} or c.libelle ilike ${pattern} or a.barcode ilike ${pattern})`);
  }
  return sql`where ${sql.join(conditions, sql` and `)}`;
}

const toRow = (r: StockLevelRow): StockLevelRow => ({
  ...r,
  id: toSafeInteger(r.id),
  qty_in: toSafeInteger(r.qty_in),
  qty_out: toSafeInteger(r.qty_out),
  stock_min: toSafeInteger(r.stock_min),
  price_fcfa: toSafeInteger(r.price_fcfa),
  cost_fcfa: toSafeInteger(r.cost_fcfa),
  vat_rate_bp: r.vat_rate_bp === null ? null : Number(r.vat_rate_bp),
});

export async function pageStockLevels(db: Db, shopId: number, filter: StockFilter, page: number) {
  const { limit, offset } = pageWindow(page);
  const where = whereOf(shopId, filter);
  // The whole list's count is kept by triggers (catalogue_counts): counting joined 300k levels to
  // their articles (2.7 s at 100k articles x 3 depots).
  const whole =
    (filter.view === undefined || filter.view === 'all') &&
    !filter.depotId &&
    !filter.categoryId &&
    !filter.articleId &&
    !filter.withOutflow &&
    !filter.depotIds &&
    !filter.term?.trim();
  const [rows, total] = await Promise.all([
    db.execute(sql`select ${COLUMNS} ${FROM} ${where} ${ORDER} limit ${limit} offset ${offset}`),
    whole
      ? catalogueCount(db, shopId, 'live_levels')
      : db.execute(sql`select count(*)::int as n ${FROM} ${where}`).then((counted) => toSafeInteger(rowsOf<{ n: number }>(counted)[0]?.n ?? 0)),
  ]);
  return { rows: rowsOf<StockLevelRow>(rows).map(toRow), total };
}

export async function listStockLevels(db: Db, shopId: number, filter: StockFilter) {
  const where = whereOf(shopId, filter);
  return rowsOf<StockLevelRow>(await db.execute(sql`select ${COLUMNS} ${FROM} ${where} ${ORDER}`)).map(toRow);
}

export type StockTotals = { rows: number; available: number; valueAtCost: number; valueAtPrice: number };

export async function stockTotals(db: Db, shopId: number, filter: StockFilter): Promise<StockTotals> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*)::bigint as n,
        coalesce(sum(s.qty_in - s.qty_out), 0)::bigint as available,
        coalesce(sum((s.qty_in - s.qty_out)::bigint * a.cost_fcfa), 0)::bigint as value_cost,
        coalesce(sum((s.qty_in - s.qty_out)::bigint * a.price_fcfa), 0)::bigint as value_price
      ${FROM} ${whereOf(shopId, filter)}`),
  );
  return {
    rows: toSafeInteger(row?.n ?? 0),
    available: toSafeInteger(row?.available ?? 0),
    valueAtCost: toSafeInteger(row?.value_cost ?? 0),
    valueAtPrice: toSafeInteger(row?.value_price ?? 0),
  };
}

/**
 * Every entry of a print in the list order, batch by batch, so that 100k entries are never held
 * as rows at once. The order is computed once (the entries' ids alone, sorted by the database),
 * then each batch is read by id: a keyset over (designation, depot, id) made the database join
 * and sort every remaining entry again for each batch (60 sorts of 30k rows for one print).
 * An entry deleted meanwhile is skipped.
 */
export async function* streamStockLevels(
  db: Db,
  shopId: number,
  filter: StockFilter,
  batchSize = 1000,
): AsyncGenerator<StockLevelRow> {
  const where = whereOf(shopId, filter);
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select s.id ${FROM} ${where} ${ORDER}`)).map((r) =>
    toSafeInteger(r.id),
  );
  for (let start = 0; start < ids.length; start += batchSize) {
    const slice = ids.slice(start, start + batchSize);
    const rows = rowsOf<StockLevelRow>(
      await db.execute(
        sql`select ${COLUMNS} ${FROM} where s.shop_id = ${shopId} and s.id = any(${`{${slice.join(',')}}`}::int[])`,
      ),
    ).map(toRow);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of slice) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

/** Depots of the shop the user is assigned to. */
export async function assignedDepotIds(db: Db, shopId: number, userId: number): Promise<number[]> {
  const rows = rowsOf<{ depot_id: number }>(
    await db.execute(sql`
      select du.depot_id from depot_users du join depots d on d.id = du.depot_id and d.deleted_at is null
      where d.shop_id = ${shopId} and du.user_id = ${userId}`),
  );
  return rows.map((r) => toSafeInteger(r.depot_id));
}

/** Label of a live depot or category of the shop (the print's filter line), or undefined. */
export async function depotLabel(db: Db, shopId: number, depotId: number): Promise<string | undefined> {
  const [row] = rowsOf<{ libelle: string }>(
    await db.execute(sql`select libelle from depots where id = ${depotId} and shop_id = ${shopId} and deleted_at is null`),
  );
  return row?.libelle;
}

export async function categoryLabel(db: Db, shopId: number, categoryId: number): Promise<string | undefined> {
  const [row] = rowsOf<{ libelle: string }>(
    await db.execute(sql`select libelle from categories where id = ${categoryId} and shop_id = ${shopId} and deleted_at is null`),
  );
  return row?.libelle;
}
