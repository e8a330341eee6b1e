import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { catalogueCount } from '../../db/catalogue-counts.js';
import { articles, categories, shopLegalIdentities, suppliers } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

export type ArticleRow = typeof articles.$inferSelect;

const articleColumns = {
  article: articles,
  categoryLibelle: categories.libelle,
  supplierName: suppliers.raisonSociale,
  // The shop's VAT settings: the rate a sale takes now (issue 21).
  vatSubject: shopLegalIdentities.vatSubject,
  vatRatesBp: shopLegalIdentities.vatRatesBp,
};
export type ArticleWithRefs = {
  article: ArticleRow;
  categoryLibelle: string | null;
  supplierName: string | null;
  vatSubject?: boolean | null;
  vatRatesBp?: number[] | null;
};

export type StockRow = {
  id: number;
  article_id: number;
  depot_id: number;
  depot_libelle: string;
  stock_min: number;
  qty_in: number;
  qty_out: number;
};

/**
 * Articles of the shop whose designation or category contains the term, or whose barcode is it, as
 * one id set of indexed branches (trigram index on the designation, the shop-and-barcode index):
 * an OR across the joined categories made PostgreSQL filter every article of the shop (issue 11).
 */
function searchCondition(shopId: number, term: string | undefined): SQL | undefined {
  const t = term?.trim();
  if (!t) return undefined;
  const pattern = likePattern(t);
  return sql`${articles.id} in (
    select a.id from articles a where a.shop_id = ${shopId} and a.deleted_at is null and a.designation ilike ${pattern}
    union all
    select a.id from articles a join categories c on c.id = a.category_id
    where a.shop_id = ${shopId} and c.shop_id = ${shopId} and c.deleted_at is null and c.libelle ilike ${pattern}
    union all
    select a.id from articles a where a.shop_id = ${shopId} and a.barcode = ${t} and a.deleted_at is null)`;
}

function selectArticles(db: Db) {
  return db
    .select(articleColumns)
    .from(articles)
    .leftJoin(categories, and(eq(categories.id, articles.categoryId), isNull(categories.deletedAt)))
    .leftJoin(suppliers, and(eq(suppliers.id, articles.supplierId), isNull(suppliers.deletedAt)))
    .leftJoin(shopLegalIdentities, eq(shopLegalIdentities.shopId, articles.shopId));
}

/** Live articles of one shop, searched by designation, category or exact barcode, in designation order. */
export async function listArticles(db: Db, shopId: number, options: { page?: number; term?: string } = {}) {
  const where = and(eq(articles.shopId, shopId), isNull(articles.deletedAt), searchCondition(shopId, options.term));
  const query = selectArticles(db).where(where).orderBy(asc(articles.sortKey), asc(articles.id));
  if (options.page === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const { limit, offset } = pageWindow(options.page);
  if (!options.term?.trim()) {
    const [rows, total] = await Promise.all([query.limit(limit).offset(offset), catalogueCount(db, shopId, 'live_articles')]);
    return { rows, total };
  }
  // A search: the page's ids and the number of matches in one pass over the matches (a window
  // count), then the joins for those ten rows only.
  const order = [asc(articles.sortKey), asc(articles.id)];
  const page = await db
    .select({ id: articles.id, total: sql<number>`(count(*) over ())::int` })
    .from(articles)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (page.length === 0) {
    // Past the last page: the count alone.
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(where);
    return { rows: [], total: count?.n ?? 0 };
  }
  const rows = await selectArticles(db)
    .where(inArray(articles.id, page.map((r) => r.id)))
    .orderBy(...order);
  return { rows, total: page[0]!.total };
}

export async function findArticle(db: Db, shopId: number, articleId: number): Promise<ArticleWithRefs | undefined> {
  const [row] = await selectArticles(db).where(
    and(eq(articles.id, articleId), eq(articles.shopId, shopId), isNull(articles.deletedAt)),
  );
  return row;
}

export async function findArticleByBarcode(db: Db, shopId: number, barcode: string): Promise<ArticleWithRefs | undefined> {
  const [row] = await selectArticles(db).where(
    and(eq(articles.barcode, barcode), eq(articles.shopId, shopId), isNull(articles.deletedAt)),
  );
  return row;
}

/** A live article of the shop holding this barcode, other than `exceptId`. */
export async function barcodeHolder(db: Db, shopId: number, barcode: string, exceptId?: number) {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.shopId, shopId),
        eq(articles.barcode, barcode),
        isNull(articles.deletedAt),
        exceptId === undefined ? undefined : sql`${articles.id} <> ${exceptId}`,
      ),
    );
  return row;
}

/** Live barcodes of the shop among these (the CSV import). */
export async function takenBarcodes(db: Db, shopId: number, barcodes: string[]): Promise<Set<string>> {
  if (barcodes.length === 0) return new Set();
  const rows = await db
    .select({ barcode: articles.barcode })
    .from(articles)
    .where(and(eq(articles.shopId, shopId), isNull(articles.deletedAt), inArray(articles.barcode, barcodes)));
  return new Set(rows.map((r) => r.barcode!));
}

/** The stock entries (levels) of these articles in the shop's live depots, read only. */
export async function stocksOf(db: Db, shopId: number, articleIds: number[]): Promise<StockRow[]> {
  if (articleIds.length === 0) return [];
  return rowsOf<StockRow>(
    await db.execute(sql`
      select s.id, s.article_id, s.depot_id, d.libelle as depot_libelle, s.stock_min, s.qty_in, s.qty_out
      from stock_levels s join depots d on d.id = s.depot_id and d.deleted_at is null
      where s.shop_id = ${shopId} and s.article_id in (${sql.join(
        articleIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})
      order by d.libelle, d.id`),
  );
}

/** One stock entry of the shop by its id, with its article. */
export async function findStockEntry(db: Db, shopId: number, entryId: number) {
  const [row] = rowsOf<StockRow & { designation: string }>(
    await db.execute(sql`
      select s.id, s.article_id, s.depot_id, d.libelle as depot_libelle, s.stock_min, s.qty_in, s.qty_out, a.designation
      from stock_levels s
      join depots d on d.id = s.depot_id and d.deleted_at is null
      join articles a on a.id = s.article_id and a.deleted_at is null
      where s.shop_id = ${shopId} and s.id = ${entryId}`),
  );
  return row;
}

export async function findStockEntryOf(db: Db, shopId: number, articleId: number, depotId: number) {
  const [row] = rowsOf<StockRow & { designation: string }>(
    await db.execute(sql`
      select s.id, s.article_id, s.depot_id, d.libelle as depot_libelle, s.stock_min, s.qty_in, s.qty_out, a.designation
      from stock_levels s
      join depots d on d.id = s.depot_id
      join articles a on a.id = s.article_id
      where s.shop_id = ${shopId} and s.article_id = ${articleId} and s.depot_id = ${depotId}`),
  );
  return row;
}

/** Sales, receptions, transfers or counts name the article: deleting it must keep that history. */
export async function articleHasHistory(db: Db, articleId: number): Promise<boolean> {
  const [row] = rowsOf<{ used: boolean }>(
    await db.execute(sql`
      select exists(select 1 from invoice_lines where article_id = ${articleId})
        or exists(select 1 from reception_lines where article_id = ${articleId})
        or exists(select 1 from stock_transfers where article_id = ${articleId})
        or exists(select 1 from stock_count_lines where article_id = ${articleId}) as used`),
  );
  return Boolean(row?.used);
}

/** A live supplier of the shop. */
export async function findShopSupplier(db: Db, shopId: number, supplierId: number) {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.shopId, shopId), isNull(suppliers.deletedAt)));
  return row;
}
