import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice, InvoiceInput } from '@app/common/contracts/invoices';
import { todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { can, canSee } from '@app/common/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSales, lockShopSalesOf } from '../../db/sales-lock.js';
import { auditLog, deliveries, invoiceLines, invoices, payments } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { findUsableInvoiceType } from '../invoice-types/invoice-types.service.js';
import { applyStockChanges, changeStockLevels, recordStockMovements, type StockChange } from '../stock/stock-ledger.service.js';
import {
  articlesForSale,
  findInvoiceRow,
  invoiceByKey,
  linesOf,
  liveClient,
  liveDepot,
  nextNumberSql,
  saleRefs,
  shopOf,
  type InvoiceRow,
  type LineRow,
} from './invoices.queries.js';
import { serializeInvoice } from './invoices.serializer.js';
import { assertDayOpen } from '../closings/closings.service.js';

/**
 * Sales invoices (seed 001 facture; DECISIONS §4, §6). Every amount is whole FCFA computed here
 * from the shop's own data (article prices at the moment of sale), never from the caller. A sale
 * is one transaction: lines, stock out of the depot through the ledger, then the number, taken
 * last because the counter row is the hottest lock. The Idempotency-Key is stored with the
 * invoice in that transaction (unique per shop), so a retried sale is recorded once, also across
 * a crash and when two copies of the request race.
 *
 * API for other features (payments, deliveries): `createInvoice`, `getInvoice`,
 * `findMyInvoice`, `lockInvoiceForUpdate`, `isProforma`.
 */

export const PROFORMA_TYPE_ID = INVOICE_TYPE.proforma;
export const isProforma = (invoice: Pick<InvoiceRow, 'typeId'>) => invoice.typeId === PROFORMA_TYPE_ID;

/**
 * Who sees an invoice: whoever sees every invoice of the shop (directors), the cash desk
 * (cashiers take payments of any invoice), warehouse keepers (they deliver any invoice), and its seller.
 */
export function canViewInvoice(actor: Actor, invoice: Pick<InvoiceRow, 'userId'>): boolean {
  return (
    canSee(actor, 'invoices') === 'all' || can(actor, 'cashDesk:use') || can(actor, 'deliveries:read') || invoice.userId === actor.userId
  );
}

/** Who may change an invoice: directors any of the shop, sellers and cashiers their own (RECORD_SCOPES). */
function canChangeInvoice(actor: Actor, invoice: Pick<InvoiceRow, 'userId'>): boolean {
  const seen = canSee(actor, 'invoices');
  return seen === 'all' || (seen === 'own' && invoice.userId === actor.userId);
}

/** A live invoice of one of the caller's shops that the caller may see; anything else is NOT_FOUND. */
export async function findMyInvoice(db: Db, actor: Actor, invoiceId: number): Promise<InvoiceRow> {
  const { row } = await findInMyShops(db, actor, invoices, invoiceId);
  if (!canViewInvoice(actor, row)) throw new AppError('NOT_FOUND');
  return row;
}

/** The invoice locked for the rest of the caller's transaction (payments, deliveries, edits). */
export async function lockInvoiceForUpdate(tx: Db, actor: Actor, invoiceId: number): Promise<{ row: InvoiceRow; ctx: ShopContext }> {
  const found = await findInMyShops(tx, actor, invoices, invoiceId, { lock: true });
  if (!canViewInvoice(actor, found.row)) throw new AppError('NOT_FOUND');
  return found;
}

/** One invoice as the API shows it. */
export async function getInvoice(db: Db, ctx: ShopContext, invoiceId: number, lang: Language = 'fr', options: { includeDeleted?: boolean } = {}): Promise<Invoice> {
  const row = await findInvoiceRow(db, ctx.shopId, invoiceId, options);
  if (!row || !canViewInvoice(ctx, row.invoice)) throw new AppError('NOT_FOUND');
  return serializeInvoice(row, await linesOf(db, [invoiceId]), lang);
}

type PricedLine = { articleId: number; quantity: number; unitPriceFcfa: number; unitCostFcfa: number };

/** The lines priced at the articles' current prices (each line keeps them: later changes never rewrite the sale). */
async function priceLines(tx: Db, shopId: number, input: InvoiceInput['articles'], keep: Map<number, LineRow> = new Map()): Promise<PricedLine[]> {
  return pricedWith(await articlesForSale(tx, shopId, input.map((line) => line.articles)), input, keep);
}

function pricedWith(
  found: { id: number; priceFcfa: number; costFcfa: number }[],
  input: InvoiceInput['articles'],
  keep: Map<number, LineRow> = new Map(),
): PricedLine[] {
  const byId = new Map(found.map((a) => [a.id, a]));
  return input.map((line, index) => {
    const kept = keep.get(line.articles);
    if (kept) return { articleId: line.articles, quantity: line.nombre, unitPriceFcfa: kept.unitPriceFcfa, unitCostFcfa: kept.unitCostFcfa };
    const article = byId.get(line.articles);
    if (!article) throw new AppError('NOT_FOUND', { details: [{ field: `body.articles.${index}.articles` }] });
    return { articleId: article.id, quantity: line.nombre, unitPriceFcfa: article.priceFcfa, unitCostFcfa: article.costFcfa };
  });
}

function amountsOf(lines: PricedLine[], discountFcfa: number) {
  const subtotalFcfa = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceFcfa, 0);
  if (!Number.isSafeInteger(subtotalFcfa)) throw new AppError('UNPROCESSABLE', { details: [{ field: 'body.articles' }] });
  if (discountFcfa > subtotalFcfa) {
    throw new AppError('DISCOUNT_TOO_HIGH', { details: [{ field: 'body.remise', max: subtotalFcfa }] });
  }
  return { subtotalFcfa, discountFcfa, totalFcfa: subtotalFcfa - discountFcfa };
}

async function checkRefs(tx: Db, ctx: ShopContext, input: { depotId: number; clientId: number | null }) {
  if (!(await liveDepot(tx, ctx.shopId, input.depotId))) throw new AppError('NOT_FOUND', { details: [{ field: 'body.depot' }] });
  if (input.clientId !== null && !(await liveClient(tx, ctx.shopId, input.clientId))) {
    throw new AppError('NOT_FOUND', { details: [{ field: 'body.client' }] });
  }
}

type NewInvoice = {
  typeId: number;
  clientId: number | null;
  depotId: number;
  discountFcfa: number;
  print: boolean;
  lines: PricedLine[];
  idempotencyKey: string | null;
  convertedFromId?: number;
};

/**
 * Writes an invoice in the caller's transaction: its stock out of the depot first (not for a
 * proforma: the levels locked in the ledger's order, guarded decrements), then the row with its
 * number, its lines, and the stock movements that name it. The rows every sale of the shop
 * queues on (the document counter, and the day's sales totals that the invoice triggers keep)
 * are taken in that last statements, so they stay locked for as short a time as possible.
 * Returns the row as written. `timeZone` is the shop's, when the caller has read it already.
 */
async function insertInvoice(tx: Db, ctx: ShopContext, input: NewInvoice, timeZone?: string): Promise<InvoiceRow> {
  const amounts = amountsOf(input.lines, input.discountFcfa);
  const zone = timeZone ?? (await shopOf(tx, ctx.shopId))?.timeZone;
  if (!zone) throw new AppError('NOT_FOUND');
  const year = Number(todayIn(zone).slice(0, 4));
  const proforma = input.typeId === PROFORMA_TYPE_ID;
  const applied = proforma
    ? []
    : await changeStockLevels(
        tx,
        ctx,
        input.lines.map((line) => ({ articleId: line.articleId, depotId: input.depotId, kind: 'sale', quantity: -line.quantity })),
      );
  const number = nextNumberSql(tx, ctx.shopId, proforma ? 'PRO' : 'FAC', year);
  const [created] = await tx
    .with(number.cte)
    .insert(invoices)
    .values({
      shopId: ctx.shopId,
      code: number.code,
      year,
      number: number.number,
      typeId: input.typeId,
      clientId: input.clientId,
      depotId: input.depotId,
      userId: ctx.userId,
      ...amounts,
      paidFcfa: 0,
      remainingFcfa: amounts.totalFcfa,
      settled: false,
      print: input.print,
      idempotencyKey: input.idempotencyKey,
      convertedFromId: input.convertedFromId ?? null,
    })
    .returning();
  const invoiceId = created!.id;
  await tx.insert(invoiceLines).values(input.lines.map((line) => ({ invoiceId, ...line })));
  await recordStockMovements(tx, ctx, applied, { invoiceId });
  return created!;
}

function isIdempotencyConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'invoices_shop_idempotency_key' || message?.includes('invoices_shop_idempotency_key'))) return true;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * Runs a write that stores `idempotencyKey` with a new invoice: a key already stored answers the
 * invoice it made; a race lost on the unique index (the other copy committed first) too.
 */
async function onceByKey<T extends { id: number }>(db: Db, ctx: ShopContext, key: string | null, write: () => Promise<T>): Promise<T | { id: number }> {
  if (key) {
    const existing = await invoiceByKey(db, ctx.shopId, key);
    if (existing) return { id: existing.id };
  }
  try {
    return await write();
  } catch (error) {
    if (key && isIdempotencyConflict(error)) {
      const existing = await invoiceByKey(db, ctx.shopId, key);
      if (existing) return { id: existing.id };
    }
    throw error;
  }
}

/**
 * POST /api/factures_generate. `ctx` is the shop the body names (`boutiques`), checked by the
 * auth hook. The same `idempotencyKey` twice gives the first invoice back.
 */
export async function createInvoice(db: Db, ctx: ShopContext, input: InvoiceInput, idempotencyKey: string | null = null, lang: Language = 'fr'): Promise<Invoice> {
  const done = await onceByKey(db, ctx, idempotencyKey, () =>
    db.transaction(async (tx) => {
      // The type, depot, client, articles and the shop's time zone in one statement; refused in
      // the order of the separate checks (type, depot, client, then each line's article).
      const refs = await saleRefs(tx, ctx.shopId, {
        typeId: input.typeFactures,
        depotId: input.depot,
        clientId: input.client,
        articleIds: input.articles.map((line) => line.articles),
      });
      if (!refs.type) throw new AppError('NOT_FOUND', { details: [{ field: 'body.typeFactures' }] });
      if (!refs.depot) throw new AppError('NOT_FOUND', { details: [{ field: 'body.depot' }] });
      if (input.client !== null && !refs.client) throw new AppError('NOT_FOUND', { details: [{ field: 'body.client' }] });
      if (!refs.timeZone) throw new AppError('NOT_FOUND');
      const lines = pricedWith(refs.articles, input.articles);
      const row = await insertInvoice(
        tx,
        ctx,
        {
          typeId: input.typeFactures,
          clientId: input.client,
          depotId: input.depot,
          discountFcfa: input.remise,
          print: input.imprimante,
          lines,
          idempotencyKey,
        },
        refs.timeZone,
      );
      // The answer from the rows just written (what getInvoice would read back after the commit).
      const designations = new Map(refs.articles.map((a) => [a.id, a.designation]));
      const answer = serializeInvoice(
        { invoice: row, type: refs.type, client: refs.client, depot: refs.depot, seller: { id: ctx.userId, username: ctx.username } },
        lines.map((line) => ({ invoiceId: row.id, designation: designations.get(line.articleId)!, ...line })),
        lang,
      );
      return { id: row.id, answer };
    }),
  );
  return 'answer' in done ? done.answer : getInvoice(db, ctx, done.id, lang);
}

/** The locked invoice the caller may change, in the shop `ctx` acts in. */
async function lockChangeable(tx: Db, ctx: Actor, invoiceId: number, shopId?: number): Promise<{ row: InvoiceRow; ctx: ShopContext }> {
  const found = await findInMyShops(tx, ctx, invoices, invoiceId, { lock: true });
  if ((shopId !== undefined && found.row.shopId !== shopId) || !canChangeInvoice(ctx, found.row)) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * PUT /api/factures/update/{id}: allowed while the invoice is unpaid or not delivered
 * (DECISIONS §6). Lines kept keep their prices of the moment of sale; new articles are priced
 * now. Stock moves by the difference only (the whole lines when the depot changes).
 */
export async function updateInvoice(db: Db, ctx: ShopContext, invoiceId: number, input: InvoiceInput, lang: Language = 'fr'): Promise<Invoice> {
  await db.transaction(async (tx) => {
    await lockShopSales(tx, ctx.shopId);
    const { row } = await lockChangeable(tx, ctx, invoiceId, ctx.shopId);
    if (row.settled && row.delivered) throw new AppError('INVOICE_LOCKED');
    if (row.convertedToId !== null) throw new AppError('PROFORMA_CONVERTED');
    const wasProforma = isProforma(row);
    if (wasProforma !== (input.typeFactures === PROFORMA_TYPE_ID)) throw new AppError('PROFORMA_TYPE_CHANGE');
    await findUsableInvoiceType(tx, ctx.shopId, input.typeFactures);
    await checkRefs(tx, ctx, { depotId: input.depot, clientId: input.client });
    const oldLines = await linesOf(tx, [invoiceId]);
    const lines = await priceLines(tx, ctx.shopId, input.articles, new Map(oldLines.map((l) => [l.articleId, l])));
    const amounts = amountsOf(lines, input.remise);
    if (amounts.totalFcfa < row.paidFcfa) {
      throw new AppError('INVOICE_BELOW_PAID', { params: { total: amounts.totalFcfa, paid: row.paidFcfa } });
    }
    if (!wasProforma) {
      const changes: StockChange[] = [];
      if (input.depot !== row.depotId) {
        for (const l of oldLines) changes.push({ articleId: l.articleId, depotId: row.depotId, kind: 'sale_reversal', quantity: l.quantity });
        for (const l of lines) changes.push({ articleId: l.articleId, depotId: input.depot, kind: 'sale', quantity: -l.quantity });
      } else {
        const diff = new Map<number, number>();
        for (const l of oldLines) diff.set(l.articleId, (diff.get(l.articleId) ?? 0) - l.quantity);
        for (const l of lines) diff.set(l.articleId, (diff.get(l.articleId) ?? 0) + l.quantity);
        for (const [articleId, more] of diff) {
          if (more > 0) changes.push({ articleId, depotId: row.depotId, kind: 'sale', quantity: -more });
          if (more < 0) changes.push({ articleId, depotId: row.depotId, kind: 'sale_reversal', quantity: -more });
        }
      }
      await applyStockChanges(tx, ctx, changes, { invoiceId });
    }
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    await tx.insert(invoiceLines).values(lines.map((line) => ({ invoiceId, ...line })));
    const remainingFcfa = amounts.totalFcfa - row.paidFcfa;
    await tx
      .update(invoices)
      .set({
        ...amounts,
        remainingFcfa,
        settled: remainingFcfa === 0 && row.paidFcfa > 0,
        typeId: input.typeFactures,
        clientId: input.client,
        depotId: input.depot,
        print: input.imprimante,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'invoice.update',
      entity: 'invoice',
      entityId: invoiceId,
      before: { totalFcfa: row.totalFcfa, discountFcfa: row.discountFcfa, depotId: row.depotId, lines: oldLines },
      after: { ...amounts, depotId: input.depot, lines },
    });
  });
  return getInvoice(db, ctx, invoiceId, lang);
}

/**
 * DELETE /api/factures/{id} (directors): the stock comes back to the depot, payments are voided
 * and a live delivery cancelled; the invoice keeps its number (DECISIONS §4) and an audit record
 * says who deleted what, with the amounts before.
 */
export async function deleteInvoice(db: Db, actor: Actor, invoiceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShopSalesOf(tx, 'invoices', invoiceId);
    const { row, ctx } = await lockChangeable(tx, actor, invoiceId);
    const lines = await linesOf(tx, [invoiceId]);
    if (!isProforma(row)) {
      await applyStockChanges(
        tx,
        ctx,
        lines.map((l) => ({ articleId: l.articleId, depotId: row.depotId, kind: 'sale_reversal', quantity: l.quantity })),
        { invoiceId, reason: 'invoice deleted' },
      );
    }
    // Its payments would be voided: refused when one of them was counted in a closed register day.
    const live = await tx
      .select({ registerId: payments.cashRegisterId, createdAt: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), isNull(payments.voidedAt)));
    for (const payment of live) await assertDayOpen(tx, ctx.shopId, payment.registerId, payment.createdAt);
    const now = new Date();
    const voided = await tx
      .update(payments)
      .set({ voidedAt: now, voidedBy: ctx.userId })
      .where(and(eq(payments.invoiceId, invoiceId), isNull(payments.voidedAt)))
      .returning({ id: payments.id, appliedFcfa: payments.appliedFcfa });
    const cancelled = await tx
      .update(deliveries)
      .set({ cancelledAt: now, cancelledBy: ctx.userId })
      .where(and(eq(deliveries.invoiceId, invoiceId), isNull(deliveries.cancelledAt)))
      .returning({ id: deliveries.id });
    await tx.update(invoices).set({ deletedAt: now, deletedBy: ctx.userId, updatedAt: now }).where(eq(invoices.id, invoiceId));
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'invoice.delete',
      entity: 'invoice',
      entityId: invoiceId,
      before: {
        code: row.code,
        typeId: row.typeId,
        totalFcfa: row.totalFcfa,
        paidFcfa: row.paidFcfa,
        remainingFcfa: row.remainingFcfa,
        delivered: row.delivered,
        lines,
      },
      after: { deleted: true, voidedPayments: voided, cancelledDeliveries: cancelled.map((d) => d.id) },
    });
  });
}

/**
 * POST /api/factures/convert/{id}: a proforma becomes an invoice of another type in one
 * transaction: a new invoice (new number, stock taken now, the quoted selling prices kept) that
 * points back at the proforma, which points at it and can no longer change.
 */
export async function convertProforma(db: Db, actor: Actor, proformaId: number, typeId: number, idempotencyKey: string | null = null, lang: Language = 'fr'): Promise<Invoice> {
  const { ctx: shopCtx } = await findInMyShops(db, actor, invoices, proformaId);
  const { id: invoiceId } = await onceByKey(db, shopCtx, idempotencyKey, () =>
    db.transaction(async (tx) => {
      await lockShopSales(tx, shopCtx.shopId);
      const { row, ctx } = await lockChangeable(tx, actor, proformaId);
      if (!isProforma(row) || row.convertedToId !== null) throw new AppError('PROFORMA_CONVERTED');
      if (typeId === PROFORMA_TYPE_ID) throw new AppError('PROFORMA_TYPE_CHANGE');
      await findUsableInvoiceType(tx, ctx.shopId, typeId);
      await checkRefs(tx, ctx, { depotId: row.depotId, clientId: row.clientId });
      const lines = (await linesOf(tx, [proformaId])).map((l) => ({
        articleId: l.articleId,
        quantity: l.quantity,
        unitPriceFcfa: l.unitPriceFcfa,
        unitCostFcfa: l.unitCostFcfa,
      }));
      // The purchase price is the one of the moment stock leaves (DECISIONS §7).
      const current = new Map((await articlesForSale(tx, ctx.shopId, lines.map((l) => l.articleId))).map((a) => [a.id, a.costFcfa]));
      const { id } = await insertInvoice(tx, ctx, {
        typeId,
        clientId: row.clientId,
        depotId: row.depotId,
        discountFcfa: row.discountFcfa,
        print: row.print,
        lines: lines.map((l) => ({ ...l, unitCostFcfa: current.get(l.articleId) ?? l.unitCostFcfa })),
        idempotencyKey,
        convertedFromId: proformaId,
      });
      await tx.update(invoices).set({ convertedToId: id, updatedAt: new Date() }).where(eq(invoices.id, proformaId));
      return { id };
    }),
  );
  return getInvoice(db, shopCtx, invoiceId, lang);
}
