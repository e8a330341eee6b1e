import type { Page } from '@app/common/contracts/paging';
import type { StockRow, StockView } from '@app/common/contracts/stock';
import { can } from '@app/common/permissions';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { assignedDepotIds, listStockLevels, pageStockLevels, type StockFilter } from './stock-lists.queries.js';
import { serializeStockRow } from './stock-lists.serializer.js';

/**
 * The stock lists of seed 001 (all, in stock, sold out, by depot and category), paged and
 * searchable by designation, category and barcode, and their non-paged lookups.
 */

export type StockListInput = { view?: StockView; depotId?: number; categoryId?: number; term?: string };

export async function pageStock(db: Db, ctx: ShopContext, input: StockListInput & { page: number }): Promise<Page<StockRow>> {
  const { rows, total } = await pageStockLevels(db, ctx.shopId, input, input.page);
  return toPage(
    rows.map((row) => serializeStockRow(row, ctx)),
    total,
    input.page,
  );
}

export async function listStock(db: Db, ctx: ShopContext, input: StockFilter): Promise<StockRow[]> {
  const rows = await listStockLevels(db, ctx.shopId, input);
  return rows.map((row) => serializeStockRow(row, ctx));
}

/**
 * `/api/entree/articles/depot/user/{b}`: the stock of the depots the caller works in (the depots
 * they are assigned to; a director or manager, who keeps the whole shop, sees every depot).
 */
export async function myDepotsStock(db: Db, ctx: ShopContext): Promise<StockRow[]> {
  const wholeShop = can(ctx, 'stock:manage');
  return listStock(db, ctx, wholeShop ? {} : { depotIds: await assignedDepotIds(db, ctx.shopId, ctx.userId) });
}

/** `/api/entrees_article/{b}/{idArticle}/{idDepot}`: one article's stock in one depot, or NOT_FOUND. */
export async function articleStockIn(db: Db, ctx: ShopContext, articleId: number, depotId: number): Promise<StockRow> {
  const [row] = await listStock(db, ctx, { articleId, depotId });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
