import type { Page } from '@app/common/contracts/paging';
import { receptionFile, type Reception, type ReceptionInput } from '@app/common/contracts/receptions';
import { shopIdOfField } from '@app/common/contracts/trading-fields';
import { todayIn } from '@app/common/dates';
import { canSee } from '@app/common/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { receptionLines, receptions, shops } from '../../db/schema/index.js';
import { visibleRecords, type Actor, type ShopContext } from '../../lib/access.js';
import { linesInWords, pricesInWords, writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { requireShopDriver } from '../drivers/drivers.service.js';
import { nextDocumentNumber } from '../numbering/numbering.service.js';
import { coverDiscrepanciesByReception } from '../stock/discrepancies.service.js';
import { averageCosts, type CostedLine } from '../stock/article-costs.service.js';
import { applyStockChanges, type StockChange } from '../stock/stock-ledger.service.js';
import { requireShopSupplier } from '../suppliers/suppliers.service.js';
import {
  findReception,
  linesOf,
  listReceptions,
  shopArticles,
  shopDepot,
  type ReceptionHead,
  type ReceptionLineRow,
} from './receptions.queries.js';

/**
 * Goods receptions (seed 001; DECISIONS §5): a reception adds its lines to a depot through the
 * stock ledger, in one transaction with the reception, its lines and its receipt number; an edit
 * moves only the difference; a deletion takes the stock back out, refused when it already left.
 */

function serialize(head: ReceptionHead, lines: ReceptionLineRow[]): Reception {
  const { reception, driver, supplier } = head;
  return {
    idReception: reception.id,
    code: reception.code,
    file: receptionFile(reception.id),
    dateReception: reception.receivedAt.toISOString(),
    createdAt: reception.createdAt.toISOString(),
    boutique: { idBoutique: reception.shopId },
    user: { idUser: reception.userId, username: head.username },
    depot: { idDepot: reception.depotId, libelle: head.depotLibelle },
    fournisseur: supplier ? { idFournisseur: supplier.id, raisonSociale: supplier.raisonSociale } : null,
    chauffeure: driver,
    nomChaufeur: driver?.nom ?? null,
    contactChauffeur: driver?.telephone ?? null,
    article: lines.map((line) => ({
      articles: { idArticle: line.articleId, designation: line.designation, prix: line.priceFcfa, prixAchat: line.unitCostFcfa },
      nombre: line.quantity,
    })),
  };
}

async function withLines(db: Db, heads: ReceptionHead[]): Promise<Reception[]> {
  const lines = await linesOf(
    db,
    heads.map((head) => head.reception.id),
  );
  return heads.map((head) =>
    serialize(
      head,
      lines.filter((line) => line.receptionId === head.reception.id),
    ),
  );
}

/** The receptions the caller sees in the shop (DECISIONS §1: own versus all), one page. */
export async function pageReceptions(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Reception>> {
  const visible = visibleRecords(ctx, 'receptions', receptions.userId);
  const { rows, total } = await listReceptions(db, ctx.shopId, { visible, ...input });
  return toPage(await withLines(db, rows), total, input.page);
}

/** Every reception the caller sees in the shop (`own`: only the caller's, whatever their scope). */
export async function shopReceptions(db: Db, ctx: ShopContext, options: { own?: boolean } = {}): Promise<Reception[]> {
  const visible = options.own ? eq(receptions.userId, ctx.userId) : visibleRecords(ctx, 'receptions', receptions.userId);
  return withLines(db, (await listReceptions(db, ctx.shopId, { visible })).rows);
}

/**
 * A reception the caller may see: in one of their shops, and theirs unless their roles see all
 * of the shop's. Anything else is NOT_FOUND.
 */
async function findVisible(db: Db, actor: Actor, id: number, options: { includeDeleted?: boolean } = {}): Promise<ReceptionHead> {
  const seen = canSee(actor, 'receptions');
  if (seen === 'none') throw new AppError('NOT_FOUND');
  const head = await findReception(db, actor.shopIds, id, {
    ...options,
    visible: seen === 'own' ? eq(receptions.userId, actor.userId) : undefined,
  });
  if (!head) throw new AppError('NOT_FOUND');
  return head;
}

/** Record lookup of the routes addressing a reception by id. */
export async function findMyReception(db: Db, actor: Actor, id: number): Promise<ReceptionHead> {
  return findVisible(db, actor, id);
}

/** A reception and its lines, for its receipt (a deleted reception keeps its document: DECISIONS §8). */
export async function receptionForReceipt(db: Db, actor: Actor, id: number) {
  const head = await findVisible(db, actor, id, { includeDeleted: true });
  const [shop] = await db.select().from(shops).where(eq(shops.id, head.reception.shopId));
  const [reception] = await withLines(db, [head]);
  return { reception: reception!, shop: shop!, deletedAt: head.reception.deletedAt };
}

type CheckedInput = {
  depotId: number;
  depotLibelle: string;
  driverId: number | null;
  supplierId: number | null;
  lines: { articleId: number; quantity: number; designation: string; costFcfa: number; priced: boolean }[];
};

/**
 * The body's depot, driver, supplier and articles belong to the shop; 422 on the field otherwise.
 * An edit may keep the driver and supplier the reception already names, even deleted since (a
 * correction of the quantities must not wait for them).
 */
async function checkInput(
  tx: Db,
  ctx: ShopContext,
  input: ReceptionInput,
  kept: { driverId: number | null; supplierId: number | null } = { driverId: null, supplierId: null },
): Promise<CheckedInput> {
  const depot = await shopDepot(tx, ctx.shopId, input.depot);
  if (!depot) throw new AppError('DEPOT_NOT_IN_SHOP', { details: [{ field: 'body.depot', message: 'validation.invalid' }] });
  if (input.chauffeure !== undefined && input.chauffeure !== kept.driverId) await requireShopDriver(tx, ctx, input.chauffeure, 'body.chauffeure');
  if (input.fournisseur !== undefined && input.fournisseur !== kept.supplierId) await requireShopSupplier(tx, ctx, input.fournisseur, 'body.fournisseur');
  const found = new Map(
    (
      await shopArticles(
        tx,
        ctx.shopId,
        input.article.map((line) => line.articles),
      )
    ).map((a) => [a.id, a]),
  );
  const lines = input.article.map((line, index) => {
    const article = found.get(line.articles);
    if (!article)
      throw new AppError('ARTICLE_NOT_IN_SHOP', {
        details: [{ field: `body.article.${index}.articles`, message: 'validation.invalid' }],
      });
    // The price entered on the line, else the article's current one (DECISIONS §5).
    return { articleId: article.id, quantity: line.nombre, designation: article.designation, costFcfa: line.prixAchat ?? article.costFcfa, priced: line.prixAchat !== undefined };
  });
  return { depotId: input.depot, depotLibelle: depot.libelle, driverId: input.chauffeure ?? null, supplierId: input.fournisseur ?? null, lines };
}

/**
 * Applies reception stock changes; a reversal beyond what is left in the depot (stock already
 * sold or moved) becomes RECEPTION_STOCK_GONE naming the article.
 */
async function applyReceptionStock(tx: Db, ctx: ShopContext, changes: StockChange[], receptionId: number) {
  try {
    await applyStockChanges(tx, ctx, changes, { receptionId });
    // What offline sales could not take out of the depot then is taken now (DECISIONS §13).
    await coverDiscrepanciesByReception(tx, ctx, changes, receptionId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') {
      throw new AppError('RECEPTION_STOCK_GONE', { params: error.params, details: error.details });
    }
    throw error;
  }
}

/** The shop's year now (its time zone), for the receipt number. */
async function shopYear(tx: Db, shopId: number): Promise<number> {
  const [shop] = await tx.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, shopId));
  return Number(todayIn(shop?.timeZone).slice(0, 4));
}

/** A reception's lines as units entering at their purchase price (stock/article-costs.service.ts). */
const costedLines = (lines: readonly ReceptionLineRow[]): CostedLine[] =>
  lines.map((line) => ({ articleId: line.articleId, designation: line.designation, quantity: line.quantity, costFcfa: line.unitCostFcfa }));

/** POST /api/reception: the reception, its lines (with their purchase prices), its stock, the articles' average cost and its receipt number, in one transaction. */
export async function createReception(db: Db, ctx: ShopContext, input: ReceptionInput): Promise<Reception> {
  if (shopIdOfField(input.boutique) !== ctx.shopId) throw new Error('reception body names another shop than the context');
  const id = await db.transaction(async (tx) => {
    const checked = await checkInput(tx, ctx, input);
    const { code } = await nextDocumentNumber(tx, ctx.shopId, 'REC', await shopYear(tx, ctx.shopId));
    const [row] = await tx
      .insert(receptions)
      .values({
        shopId: ctx.shopId,
        depotId: checked.depotId,
        driverId: checked.driverId,
        supplierId: checked.supplierId,
        userId: ctx.userId,
        code,
      })
      .returning({ id: receptions.id });
    const receptionId = row!.id;
    await tx
      .insert(receptionLines)
      .values(
        checked.lines.map((line) => ({
          receptionId,
          articleId: line.articleId,
          quantity: line.quantity,
          unitCostFcfa: line.costFcfa,
        })),
      );
    await averageCosts(tx, ctx, [], checked.lines);
    await applyReceptionStock(
      tx,
      ctx,
      checked.lines.map((line) => ({
        articleId: line.articleId,
        depotId: checked.depotId,
        kind: 'reception',
        quantity: line.quantity,
        unitCostFcfa: line.costFcfa,
      })),
      receptionId,
    );
    return receptionId;
  });
  return (await withLines(db, [(await findReception(db, [ctx.shopId], id))!]))[0]!;
}

/** What moves when a reception goes from `before` to `after` lines: the difference per (article, depot). */
export function receptionDifference(
  before: { depotId: number; lines: { articleId: number; quantity: number }[] },
  after: { depotId: number; lines: { articleId: number; quantity: number }[] },
): StockChange[] {
  const net = new Map<string, { articleId: number; depotId: number; quantity: number }>();
  const add = (depotId: number, articleId: number, quantity: number) => {
    const key = `${depotId}:${articleId}`;
    const entry = net.get(key) ?? { articleId, depotId, quantity: 0 };
    entry.quantity += quantity;
    net.set(key, entry);
  };
  for (const line of before.lines) add(before.depotId, line.articleId, -line.quantity);
  for (const line of after.lines) add(after.depotId, line.articleId, line.quantity);
  return [...net.values()]
    .filter((entry) => entry.quantity !== 0)
    .map((entry) => ({ ...entry, kind: entry.quantity > 0 ? 'reception' : 'reception_reversal' }));
}

/**
 * PUT /api/reception/{idReception}: new depot, driver, supplier and lines; stock moves by the
 * difference only, refused (nothing changed) when a reduction exceeds what is left in the depot.
 */
export async function updateReception(db: Db, actor: Actor, id: number, input: ReceptionInput): Promise<Reception> {
  await db.transaction(async (tx) => {
    // Locked first, so that two edits or deletions of the same reception run one after the other.
    await tx.select({ id: receptions.id }).from(receptions).where(eq(receptions.id, id)).for('update');
    const head = await findVisible(tx, actor, id);
    const ctx: ShopContext = { ...actor, shopId: head.reception.shopId };
    if (shopIdOfField(input.boutique) !== ctx.shopId) {
      throw new AppError('SHOP_MISMATCH', { details: [{ field: 'body.boutique', message: 'validation.invalid' }] });
    }
    const oldLines = await linesOf(tx, [id]);
    const checked = await checkInput(tx, ctx, input, { driverId: head.reception.driverId, supplierId: head.reception.supplierId });
    const changes = receptionDifference(
      { depotId: head.reception.depotId, lines: oldLines },
      { depotId: checked.depotId, lines: checked.lines },
    );
    // A line kept keeps the purchase price it was received at, unless a new one is entered.
    const oldCost = new Map(oldLines.map((line) => [line.articleId, line.unitCostFcfa]));
    const costOf = (line: CheckedInput['lines'][number]) => (line.priced ? line.costFcfa : (oldCost.get(line.articleId) ?? line.costFcfa));
    const newLines = checked.lines.map((line) => ({ articleId: line.articleId, designation: line.designation, quantity: line.quantity, costFcfa: costOf(line) }));
    const newCost = new Map(newLines.map((line) => [line.articleId, line.costFcfa]));
    const averages = await averageCosts(tx, ctx, costedLines(oldLines), newLines);
    await applyReceptionStock(
      tx,
      ctx,
      changes.map((change) => ({ ...change, unitCostFcfa: newCost.get(change.articleId) ?? oldCost.get(change.articleId) ?? null })),
      id,
    );
    await tx.delete(receptionLines).where(eq(receptionLines.receptionId, id));
    await tx.insert(receptionLines).values(
      checked.lines.map((line) => ({
        receptionId: id,
        articleId: line.articleId,
        quantity: line.quantity,
        unitCostFcfa: costOf(line),
      })),
    );
    await tx
      .update(receptions)
      .set({ depotId: checked.depotId, driverId: checked.driverId, supplierId: checked.supplierId, updatedAt: new Date() })
      .where(eq(receptions.id, id));
    // Who changed what came in, and what it did to the articles' purchase prices.
    await writeAudit(tx, {
      shopId: ctx.shopId,
      userId: actor.userId,
      action: 'reception.update',
      entity: 'reception',
      entityId: id,
      before: { code: head.reception.code, depot: head.depotLibelle, lines: linesInWords(oldLines), prices: pricesInWords(costedLines(oldLines)), averageCosts: averages.before },
      after: {
        code: head.reception.code,
        depot: checked.depotLibelle,
        lines: linesInWords(newLines),
        prices: pricesInWords(newLines),
        averageCosts: averages.after,
      },
    });
  });
  return (await withLines(db, [await findVisible(db, actor, id)]))[0]!;
}

/** DELETE /api/reception/{idReception}: the stock goes back out of the depot, then the reception is soft-deleted. */
export async function deleteReception(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first, so that two edits or deletions of the same reception run one after the other.
    await tx.select({ id: receptions.id }).from(receptions).where(eq(receptions.id, id)).for('update');
    const head = await findVisible(tx, actor, id);
    const ctx: ShopContext = { ...actor, shopId: head.reception.shopId };
    const lines = await linesOf(tx, [id]);
    const averages = await averageCosts(tx, ctx, costedLines(lines), []);
    await applyReceptionStock(
      tx,
      ctx,
      lines.map((line) => ({
        articleId: line.articleId,
        depotId: head.reception.depotId,
        kind: 'reception_reversal',
        quantity: -line.quantity,
        unitCostFcfa: line.unitCostFcfa,
      })),
      id,
    );
    await tx.update(receptions).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(receptions.id, id));
    await writeAudit(tx, {
      shopId: head.reception.shopId,
      userId: actor.userId,
      action: 'reception.delete',
      entity: 'reception',
      entityId: id,
      // In words (issue 22 item 15): the depot's name and the articles' designations, not ids.
      before: { code: head.reception.code, depot: head.depotLibelle, lines: linesInWords(lines), prices: pricesInWords(costedLines(lines)), averageCosts: averages.before },
      after: { deleted: true, averageCosts: averages.after },
    });
  });
}
