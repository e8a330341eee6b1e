import { percentToBp, vatPresetBp } from '@app/common/vat';
import type { Article, CreateArticleBody, UpdateArticleBody } from '@app/common/contracts/articles';
import type { Page } from '@app/common/contracts/paging';
import { can } from '@app/common/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { requireShopCategory } from '../categories/categories.service.js';
import { shopLegal } from '../legal-identity/legal-identity.service.js';
import { dropArticleStock } from '../stock/article-stock.service.js';
import { applyStockChanges, setStockMinimum, STOCK_REASONS } from '../stock/stock-ledger.service.js';
import {
  articleHasHistory,
  barcodeHolder,
  findArticle,
  findArticleByBarcode,
  findShopSupplier,
  listArticles,
  stocksOf,
  type ArticleRow,
} from './articles.queries.js';
import { serializeArticle } from './articles.serializer.js';
import { shopIdOfField } from '@app/common/contracts/trading-fields';

export async function pageArticles(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Article>> {
  const { rows, total } = await listArticles(db, ctx.shopId, input);
  const stocks = await stocksOf(
    db,
    ctx.shopId,
    rows.map((r) => r.article.id),
  );
  return toPage(
    rows.map((row) =>
      serializeArticle(
        row,
        stocks.filter((s) => s.article_id === row.article.id),
        ctx,
      ),
    ),
    total,
    input.page,
  );
}

/** The article as the API answers it to the caller (with its stock per depot), or NOT_FOUND. */
export async function articleView(db: Db, ctx: ShopContext, articleId: number): Promise<Article> {
  const row = await findArticle(db, ctx.shopId, articleId);
  if (!row) throw new AppError('NOT_FOUND');
  return serializeArticle(row, await stocksOf(db, ctx.shopId, [articleId]), ctx);
}

/** The detail of an article (the detail dialog); another shop's article is NOT_FOUND. */
export async function getArticle(db: Db, actor: Actor, articleId: number): Promise<Article> {
  const { ctx } = await findMyArticle(db, actor, articleId);
  return articleView(db, ctx, articleId);
}

/** A scanner's lookup: the live article of the shop with this barcode, or NOT_FOUND. */
export async function articleByBarcode(db: Db, ctx: ShopContext, barcode: string): Promise<Article> {
  const row = await findArticleByBarcode(db, ctx.shopId, barcode.trim());
  if (!row) throw new AppError('NOT_FOUND');
  return serializeArticle(row, await stocksOf(db, ctx.shopId, [row.article.id]), ctx);
}

/** A live article of one of the caller's shops; another shop's article is NOT_FOUND. */
export async function findMyArticle(db: Db, actor: Actor, articleId: number, options: { lock?: boolean } = {}) {
  return findInMyShops(db, actor, articles, articleId, options);
}

/** What creating an article needs (the body of POST /api/articles_all without its shop). */
export type NewArticle = Omit<CreateArticleBody, 'boutique'>;

async function checkReferences(tx: Db, ctx: ShopContext, input: { categorie: number | null; fournisseur: number | null }) {
  if (input.categorie !== null) await requireShopCategory(tx, ctx, input.categorie);
  if (input.fournisseur !== null && !(await findShopSupplier(tx, ctx.shopId, input.fournisseur))) {
    throw new AppError('NOT_FOUND', { details: [{ field: 'fournisseur', id: input.fournisseur }] });
  }
}

async function assertBarcodeFree(tx: Db, ctx: ShopContext, barcode: string | null, exceptId?: number) {
  if (barcode !== null && (await barcodeHolder(tx, ctx.shopId, barcode, exceptId))) {
    throw new AppError('BARCODE_TAKEN', { details: [{ field: 'body.codeBarre', message: 'BARCODE_TAKEN' }] });
  }
}

/**
 * Creates the article, its stock entry in the depot (with its minimum) and the first movement,
 * inside the caller's transaction. The quantity goes in through the stock ledger as an
 * 'addition' movement, like every later change. Answers the stored row.
 */
export async function insertArticle(tx: Db, ctx: ShopContext, input: NewArticle): Promise<ArticleRow> {
  await checkReferences(tx, ctx, input);
  await assertShopVatRate(tx, ctx, vatColumns(input).vatRateBp);
  await assertBarcodeFree(tx, ctx, input.codeBarre);
  const [article] = await tx
    .insert(articles)
    .values({
      shopId: ctx.shopId,
      designation: input.designation,
      description: input.description,
      priceFcfa: input.prix,
      costFcfa: input.prixAchat,
      categoryId: input.categorie,
      supplierId: input.fournisseur,
      barcode: input.codeBarre,
      ...vatColumns(input),
      createdBy: ctx.userId,
    })
    .returning();
  if (!article) throw new Error('article insert returned nothing');
  // NOT_FOUND here when the depot is not one of the shop's: the transaction rolls back.
  await setStockMinimum(tx, ctx, article.id, input.depot, input.stockMin);
  if (input.quantite > 0) {
    await applyStockChanges(tx, ctx, [
      { articleId: article.id, depotId: input.depot, kind: 'addition', quantity: input.quantite },
    ]);
  }
  return article;
}

/** POST /api/articles_all: one transaction for the article, its entry and its first movement. */
export async function createArticle(db: Db, ctx: ShopContext, body: NewArticle): Promise<Article> {
  const article = await db.transaction((tx) => insertArticle(tx, ctx, body));
  return articleView(db, ctx, article.id);
}

/**
 * PUT /api/articles/{id}. A manager (without the director's full edit, DECISIONS §1) may send the
 * prices, the minimum and the quantity back as they are, never changed: a change is refused as a
 * whole (MANAGER_RESTRICTED_FIELDS), nothing written. A changed quantity is an adjustment
 * movement through the ledger; a changed minimum is set on the entry of the depot.
 */
export async function updateArticle(db: Db, actor: Actor, articleId: number, body: UpdateArticleBody): Promise<Article> {
  const ctx = await db.transaction(async (tx) => {
    const { row: existing, ctx } = await findMyArticle(tx, actor, articleId, { lock: true });
    if (body.boutique !== undefined) {
      const named = shopIdOfField(body.boutique);
      if (named !== existing.shopId) throw new AppError('NOT_FOUND');
    }
    await checkReferences(tx, ctx, body);
    await assertBarcodeFree(tx, ctx, body.codeBarre, articleId);

    const entries = await stocksOf(tx, ctx.shopId, [articleId]);
    const depotId = body.depot ?? entries[0]?.depot_id ?? null;
    const entry = entries.find((e) => e.depot_id === depotId);
    const available = entry ? Number(entry.qty_in) - Number(entry.qty_out) : 0;
    const minimum = entry ? Number(entry.stock_min) : 0;
    const minChanged = body.stockMin !== undefined && depotId !== null && body.stockMin !== minimum;
    const qtyChanged = body.quantite !== undefined && depotId !== null && body.quantite !== available;
    const vat = vatColumns(body);
    const vatChanged = (vat.vatDefault !== undefined && vat.vatDefault !== existing.vatDefault) || (vat.vatRateBp !== undefined && vat.vatRateBp !== existing.vatRateBp);
    const restricted = body.prix !== existing.priceFcfa || body.prixAchat !== existing.costFcfa || minChanged || qtyChanged || vatChanged;
    if (restricted && !can(actor, 'articles:fullEdit')) throw new AppError('MANAGER_RESTRICTED_FIELDS');
    await assertShopVatRate(tx, ctx, vat.vatRateBp, existing.vatRateBp);

    await tx
      .update(articles)
      .set({
        designation: body.designation,
        description: body.description,
        priceFcfa: body.prix,
        costFcfa: body.prixAchat,
        // A price typed replaces the average (kept unrounded only while it is an average).
        ...(body.prixAchat !== existing.costFcfa && { costExact: null }),
        categoryId: body.categorie,
        supplierId: body.fournisseur,
        barcode: body.codeBarre,
        ...vat,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, articleId));
    if (depotId !== null && minChanged) await setStockMinimum(tx, ctx, articleId, depotId, body.stockMin!);
    if (depotId !== null && qtyChanged) {
      await applyStockChanges(tx, ctx, [{ articleId, depotId, kind: 'count_adjustment', quantity: body.quantite! - available }], {
        reason: STOCK_REASONS.articleEdit,
      });
    }
    return ctx;
  });
  return articleView(db, ctx, articleId);
}

/**
 * Deletes an article (directors). One with sales, receptions, transfers or counts is soft-deleted:
 * it leaves the lists and pickers, and every document naming it keeps its history. Any other
 * goes for good, with its stock entries and movements (the seed's warning says so).
 */
export async function deleteArticle(db: Db, actor: Actor, articleId: number): Promise<{ soft: boolean }> {
  return db.transaction(async (tx) => {
    const { ctx } = await findMyArticle(tx, actor, articleId, { lock: true });
    if (await articleHasHistory(tx, articleId)) {
      await tx.update(articles).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(articles.id, articleId));
      return { soft: true };
    }
    await dropArticleStock(tx, ctx, articleId);
    await tx.delete(articles).where(eq(articles.id, articleId));
    return { soft: false };
  });
}

/**
 * An article's own rate is one of the shop's (its legal identity's rates, its country's preset
 * while it lists none), as the article dialog offers them; `kept`, the rate the article already
 * has, stays allowed after the shop dropped it from its list. Exempt (null) and the shop's
 * standard rate (undefined) always are.
 */
async function assertShopVatRate(tx: Db, ctx: ShopContext, rateBp: number | null | undefined, kept: number | null = null): Promise<void> {
  if (rateBp === undefined || rateBp === null || rateBp === kept) return;
  const legal = await shopLegal(tx, ctx.shopId);
  const rates = legal.vatRatesBp.length > 0 ? legal.vatRatesBp : vatPresetBp(legal.country);
  if (!rates.includes(rateBp)) throw new AppError('VAT_RATE_NOT_IN_SHOP', { details: [{ field: 'body.tauxTva' }] });
}

/** The article's VAT columns from a body: a rate, null for exempt, `tvaParDefaut` or nothing for the shop's standard rate (issue 21). */
function vatColumns(body: { tauxTva?: number | null; tvaParDefaut?: boolean }): { vatDefault?: boolean; vatRateBp?: number | null } {
  if (body.tvaParDefaut === true) return { vatDefault: true, vatRateBp: null };
  if (body.tauxTva === undefined) return {};
  return { vatDefault: false, vatRateBp: body.tauxTva === null ? null : percentToBp(body.tauxTva) };
}
