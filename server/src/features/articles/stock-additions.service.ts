import type { AddStockBody, AddToDepotBody, AddToEntryBody, StockEntry } from '@app/common/contracts/articles';
import { can } from '@app/common/permissions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { shopContext, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { applyStockChanges, setStockMinimum } from '../stock/stock-ledger.service.js';
import { findStockEntryOf, type StockRow } from './articles.queries.js';
import { serializeStock } from './articles.serializer.js';

/**
 * Stock additions of seed 001 §7 (PUT /api/ajouter, /api/ajouter1, /api/ajouter2): each one an
 * 'addition' movement through the stock ledger, in one transaction with its level.
 */

async function entryAfter(tx: Db, ctx: ShopContext, articleId: number, depotId: number): Promise<StockEntry> {
  const row = await findStockEntryOf(tx, ctx.shopId, articleId, depotId);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...serializeStock(row), article: { idArticle: row.article_id, designation: row.designation } };
}

/** PUT /api/ajouter: adds a quantity to the article's stock in a depot of the shop (opening it if needed). */
export async function addStock(db: Db, ctx: ShopContext, body: AddStockBody): Promise<StockEntry> {
  return db.transaction(async (tx) => {
    await applyStockChanges(tx, ctx, [
      { articleId: body.article, depotId: body.depot, kind: 'addition', quantity: body.quantite },
    ]);
    return entryAfter(tx, ctx, body.article, body.depot);
  });
}

/** PUT /api/ajouter1: adds a quantity to an entry named by its id; another shop's entry is NOT_FOUND. */
export async function addToEntry(db: Db, actor: Actor, body: AddToEntryBody): Promise<StockEntry> {
  return db.transaction(async (tx) => {
    const [entry] = rowsOf<Pick<StockRow, 'article_id' | 'depot_id'> & { shop_id: number }>(
      await tx.execute(sql`
        select s.article_id, s.depot_id, s.shop_id from stock_levels s
        join articles a on a.id = s.article_id and a.deleted_at is null
        where s.id = ${body.idEntree}`),
    );
    if (!entry || !actor.shopIds.includes(entry.shop_id)) throw new AppError('NOT_FOUND');
    const ctx = shopContext(actor, entry.shop_id);
    await applyStockChanges(tx, ctx, [
      { articleId: entry.article_id, depotId: entry.depot_id, kind: 'addition', quantity: body.quantite },
    ]);
    return entryAfter(tx, ctx, entry.article_id, entry.depot_id);
  });
}

/**
 * PUT /api/ajouter2: puts the article into another depot of the shop, with its minimum and a first
 * quantity. The minimum of a depot that already holds the article is the director's to change
 * (DECISIONS §1: read-only for a manager, as in the article's edit).
 */
export async function addToDepot(db: Db, ctx: ShopContext, body: AddToDepotBody): Promise<StockEntry> {
  return db.transaction(async (tx) => {
    if (!can(ctx, 'articles:fullEdit')) {
      const existing = await findStockEntryOf(tx, ctx.shopId, body.article, body.depot);
      if (existing && Number(existing.stock_min) !== body.stockMin) throw new AppError('MANAGER_RESTRICTED_FIELDS', { details: [{ field: 'body.stockMin' }] });
    }
    await setStockMinimum(tx, ctx, body.article, body.depot, body.stockMin);
    if (body.quantite > 0) {
      await applyStockChanges(tx, ctx, [
        { articleId: body.article, depotId: body.depot, kind: 'addition', quantity: body.quantite },
      ]);
    }
    return entryAfter(tx, ctx, body.article, body.depot);
  });
}
