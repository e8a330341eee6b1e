import { todayIn } from '@app/common/dates';
import type { Invoice, InvoiceInput } from '@app/common/contracts/invoices';
import type { Language } from '@app/common/languages';
import { canSee } from '@app/common/permissions';
import { formatFcfa } from '@app/common/money';
import { paidForDelivery } from '@app/common/sale';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSales, lockShopSalesOf } from '../../db/sales-lock.js';
import { auditLog, deliveries, invoiceLines, invoices, payments } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { isRegisterDayClosed } from '../closings/closings.service.js';
import { findUsableInvoiceType } from '../invoice-types/invoice-types.service.js';
import { getInvoice, isProforma, linesOf, PROFORMA_TYPE_ID, shopOf, type LineRow } from '../invoices/invoices.service.js';
import { articlesForSale, invoiceByKey, liveClient, liveDepot, vatRefsOf } from './sale-refs.queries.js';
import { assertNoOpenDiscrepancy } from '../stock/discrepancies.service.js';
import { averageCosts, type CostedLine } from '../stock/article-costs.service.js';
import { applyStockChanges, lockAvailable, STOCK_REASONS, type StockChange } from '../stock/stock-ledger.service.js';
import { amountsOf, assertCreditClient, insertInvoice, pricedWith, setPaymentRemainders, settledState, type InvoiceRow } from './invoice-writes.js';
import { issueCreditNote, issueInvoiceDocument, keptRatesOf, withKeptRates } from './issue-document.js';
import { findStoredOnce } from '../../lib/once.js';
import { linesInWords } from '../../lib/audit.js';
import { depotName, invoiceTypeName } from './audit-words.js';

/**
 * Changes of an issued invoice (DECISIONS §6): its edit while unpaid or not delivered, its
 * deletion by a director, a proforma's conversion into an invoice. Each is one transaction that
 * takes the shop's sales lock first (db/sales-lock.ts), moves stock through the ledger, and keeps
 * an audit record.
 */

/** Who may change an invoice: directors any of the shop, sellers and cashiers their own (RECORD_SCOPES). */
function canChangeInvoice(actor: Actor, invoice: Pick<InvoiceRow, 'userId'>): boolean {
  const seen = canSee(actor, 'invoices');
  return seen === 'all' || (seen === 'own' && invoice.userId === actor.userId);
}

/** The lines priced at the articles' current prices; lines kept from the invoice keep theirs. */
async function priceLines(tx: Db, shopId: number, input: InvoiceInput['articles'], keep: Map<number, LineRow>) {
  const found = await articlesForSale(tx, shopId, input.map((line) => line.articles));
  return pricedWith(
    found,
    input.map((line) => ({ articleId: line.articles, quantity: line.nombre })),
    (index) => `body.articles.${index}.articles`,
    keep,
  );
}

async function checkRefs(tx: Db, ctx: ShopContext, input: { depotId: number; clientId: number | null }) {
  if (!(await liveDepot(tx, ctx.shopId, input.depotId))) throw new AppError('NOT_FOUND', { details: [{ field: 'body.depot' }] });
  if (input.clientId !== null && !(await liveClient(tx, ctx.shopId, input.clientId))) {
    throw new AppError('NOT_FOUND', { details: [{ field: 'body.client' }] });
  }
}

/** The locked invoice the caller may change, in the shop `ctx` acts in. */
async function lockChangeable(tx: Db, ctx: Actor, invoiceId: number, shopId?: number): Promise<{ row: InvoiceRow; ctx: ShopContext }> {
  const found = await findInMyShops(tx, ctx, invoices, invoiceId, { lock: true });
  if ((shopId !== undefined && found.row.shopId !== shopId) || !canChangeInvoice(ctx, found.row)) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * What a change of a sale gives back to the stock, per article: what its old lines held beyond
 * what its new lines hold (all of it when the invoice is deleted), at the purchase price it left
 * with, kept on its line (DECISIONS §7). It comes back at that price, not at today's average
 * (stock/article-costs.service.ts): a sale voided after the price moved leaves the stock worth what
 * was bought. A move to another depot gives nothing back; units added leave at the average.
 */
function givenBack(oldLines: readonly LineRow[], newLines: readonly { articleId: number; quantity: number }[]): CostedLine[] {
  // An article is on one line of an invoice (the bodies refuse the same article twice).
  const kept = new Map(newLines.map((line) => [line.articleId, line.quantity]));
  return oldLines
    .map((line) => ({ articleId: line.articleId, designation: line.designation, quantity: line.quantity - (kept.get(line.articleId) ?? 0), costFcfa: line.unitCostFcfa }))
    .filter((line) => line.quantity > 0);
}

/** Whether an edit leaves the sale as it was: the same type, client, depot, amounts and lines (article, quantity, price). */
function unchangedSale(
  row: InvoiceRow,
  oldLines: readonly LineRow[],
  next: { typeId: number; clientId: number | null; depotId: number },
  lines: readonly { articleId: number; quantity: number; unitPriceFcfa: number }[],
  amounts: { subtotalFcfa: number; discountFcfa: number; totalFcfa: number },
): boolean {
  if (row.typeId !== next.typeId || row.clientId !== next.clientId || row.depotId !== next.depotId) return false;
  if (row.subtotalFcfa !== amounts.subtotalFcfa || row.discountFcfa !== amounts.discountFcfa || row.totalFcfa !== amounts.totalFcfa) return false;
  if (oldLines.length !== lines.length) return false;
  const before = new Map(oldLines.map((l) => [l.articleId, l]));
  return lines.every((l) => {
    const old = before.get(l.articleId);
    return old !== undefined && old.quantity === l.quantity && old.unitPriceFcfa === l.unitPriceFcfa;
  });
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
    await assertNoOpenDiscrepancy(tx, ctx.shopId, invoiceId);
    if (row.convertedToId !== null) throw new AppError('PROFORMA_CONVERTED');
    const wasProforma = isProforma(row);
    if (wasProforma !== (input.typeFactures === PROFORMA_TYPE_ID)) throw new AppError('PROFORMA_TYPE_CHANGE');
    assertCreditClient(input.typeFactures, input.client);
    await findUsableInvoiceType(tx, ctx.shopId, input.typeFactures);
    await checkRefs(tx, ctx, { depotId: input.depot, clientId: input.client });
    const oldLines = await linesOf(tx, [invoiceId]);
    const kept = new Map(oldLines.map((l) => [l.articleId, l]));
    let lines = await priceLines(tx, ctx.shopId, input.articles, kept);
    // A shop whose prices are without VAT adds it, as when the invoice was made (issue 21); the
    // lines it keeps keep the rate they were sold at (`keptRatesOf`), new lines take today's.
    const keptRates = wasProforma ? undefined : await keptRatesOf(tx, invoiceId);
    const vat = await vatRefsOf(tx, ctx.shopId, lines.map((l) => l.articleId));
    const vatArticles = withKeptRates(vat.articles, keptRates, (a) => a.id);
    const amounts = amountsOf(lines, input.remise, { lines: 'body.articles', discount: 'body.remise' }, { identity: vat.identity, articles: vatArticles });
    if (amounts.totalFcfa < row.paidFcfa) {
      throw new AppError('INVOICE_BELOW_PAID', { params: { total: formatFcfa(amounts.totalFcfa), paid: formatFcfa(row.paidFcfa) } });
    }
    // Saved without a change (the dialog opened and saved as it was): nothing moves, and no credit
    // note takes back an invoice only to issue it again the same; the print choice alone is kept.
    if (unchangedSale(row, oldLines, { typeId: input.typeFactures, clientId: input.client, depotId: input.depot }, lines, amounts)) {
      if (row.print !== input.imprimante) await tx.update(invoices).set({ print: input.imprimante }).where(eq(invoices.id, invoiceId));
      return;
    }
    // Delivered goods stay paid for enough: an edit may not make a delivered invoice one that could
    // not have been delivered (a Comptant sale with a remainder), the rule of the delivery itself.
    if (row.delivered && !paidForDelivery({ typeId: input.typeFactures, settled: settledState(input.typeFactures, amounts.totalFcfa - row.paidFcfa) })) {
      throw new AppError('DELIVERY_NEEDS_PAYMENT', { details: [{ field: 'body.typeFactures' }] });
    }
    let averages: Awaited<ReturnType<typeof averageCosts>> = { before: undefined, after: undefined };
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
      averages = await averageCosts(tx, ctx, [], givenBack(oldLines, lines));
      await applyStockChanges(tx, ctx, changes, { invoiceId, reason: STOCK_REASONS.invoiceEdit });
      // The purchase prices of the units that just left, read again now that the ledger holds their
      // articles: a reception that moved the average since the first read is counted (DECISIONS §7).
      const costs = await priceLines(tx, ctx.shopId, input.articles, kept);
      lines = lines.map((line, i) => ({ ...line, unitCostFcfa: costs[i]!.unitCostFcfa }));
    }
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    await tx.insert(invoiceLines).values(lines.map((line) => ({ invoiceId, ...line })));
    const remainingFcfa = amounts.totalFcfa - row.paidFcfa;
    await tx
      .update(invoices)
      .set({
        ...amounts,
        remainingFcfa,
        settled: settledState(input.typeFactures, remainingFcfa),
        typeId: input.typeFactures,
        clientId: input.client,
        depotId: input.depot,
        print: input.imprimante,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    // Each payment's remainder after it, against the new total (the payments list showed the old
    // one: « Reste 16 500 » on an invoice now of 6 500).
    if (row.paidFcfa > 0) await setPaymentRemainders(tx, invoiceId, amounts.totalFcfa);
    if (!wasProforma) {
      // The issued version is kept, marked corrected, taken back by a credit note, and the edited
      // invoice issued again (issue 21); after the stock, in the order a sale takes its rows.
      const shop = await shopOf(tx, ctx.shopId);
      await issueCreditNote(tx, invoiceId, 'corrigee', { userId: ctx.userId, name: ctx.displayName }, shop?.timeZone ?? 'Africa/Abidjan');
      await issueInvoiceDocument(tx, invoiceId, new Date(), keptRates);
    }
    // Readable in the trail (issue 22 item 15): the number, the type's and depot's names, the
    // money and the lines' designations with their quantities, before and after.
    const newLines = await linesOf(tx, [invoiceId]);
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'invoice.update',
      entity: 'invoice',
      entityId: invoiceId,
      before: {
        code: row.code,
        type: await invoiceTypeName(tx, row.typeId),
        depot: await depotName(tx, row.depotId),
        discountFcfa: row.discountFcfa,
        totalFcfa: row.totalFcfa,
        lines: linesInWords(oldLines),
        averageCosts: averages.before,
      },
      after: {
        code: row.code,
        type: await invoiceTypeName(tx, input.typeFactures),
        depot: await depotName(tx, input.depot),
        discountFcfa: amounts.discountFcfa,
        totalFcfa: amounts.totalFcfa,
        lines: linesInWords(newLines),
        averageCosts: averages.after,
      },
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
    await assertNoOpenDiscrepancy(tx, ctx.shopId, invoiceId);
    const averages = isProforma(row) ? { before: undefined, after: undefined } : await averageCosts(tx, ctx, [], givenBack(lines, []));
    if (!isProforma(row)) {
      await applyStockChanges(
        tx,
        ctx,
        lines.map((l) => ({ articleId: l.articleId, depotId: row.depotId, kind: 'sale_reversal', quantity: l.quantity })),
        { invoiceId, reason: STOCK_REASONS.invoiceDeleted },
      );
    }
    // Its payments are voided on a day still open. A payment counted in a closed register day stays
    // as it was counted, and is refunded today on its register (refused when today is closed too).
    const now = new Date();
    const timeZone = (await shopOf(tx, ctx.shopId))?.timeZone ?? 'Africa/Abidjan';
    const { voided, refunded } = await takeBackPayments(tx, ctx, invoiceId, now, timeZone);
    const cancelled = await tx
      .update(deliveries)
      .set({ cancelledAt: now, cancelledBy: ctx.userId })
      .where(and(eq(deliveries.invoiceId, invoiceId), isNull(deliveries.cancelledAt)))
      .returning({ id: deliveries.id });
    await tx.update(invoices).set({ deletedAt: now, deletedBy: ctx.userId, updatedAt: now }).where(eq(invoices.id, invoiceId));
    if (!isProforma(row)) await issueCreditNote(tx, invoiceId, 'annulee', { userId: ctx.userId, name: ctx.displayName }, timeZone);
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'invoice.delete',
      entity: 'invoice',
      entityId: invoiceId,
      // Readable in the trail (issue 22 item 15): what was deleted, in numbers, names and money.
      before: {
        code: row.code,
        type: await invoiceTypeName(tx, row.typeId),
        depot: await depotName(tx, row.depotId),
        totalFcfa: row.totalFcfa,
        paidFcfa: row.paidFcfa,
        remainingFcfa: row.remainingFcfa,
        delivered: row.delivered,
        lines: linesInWords(lines),
        averageCosts: averages.before,
      },
      after: {
        deleted: true,
        averageCosts: averages.after,
        voidedPaymentsFcfa: voided.reduce((sum, p) => sum + p.appliedFcfa, 0),
        ...(refunded.length > 0 && { refundedPaymentsFcfa: refunded.reduce((sum, p) => sum + p.appliedFcfa, 0) }),
        cancelledDeliveries: cancelled.length,
      },
    });
  });
}

/**
 * The live payments of an invoice being deleted, taken back: voided where their register day is
 * open (as if never taken); refunded where it is closed, by a payment row of its own on the same
 * register, now, with the amount negated (`refund_of`): the closed day keeps what it counted, and
 * today's closing expects that money out of the drawer. 409 DAY_CLOSED when the register's day
 * of today is closed as well. In the deletion's transaction; the registers stay share-locked.
 */
async function takeBackPayments(tx: Db, ctx: ShopContext, invoiceId: number, now: Date, timeZone: string) {
  const live = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), isNull(payments.voidedAt), isNull(payments.refundOf)))
    .orderBy(asc(payments.id));
  const voided: (typeof live)[number][] = [];
  const refunded: (typeof live)[number][] = [];
  for (const payment of live) {
    if (await isRegisterDayClosed(tx, ctx.shopId, payment.cashRegisterId, todayIn(timeZone, payment.createdAt))) refunded.push(payment);
    else voided.push(payment);
  }
  if (voided.length > 0) {
    await tx
      .update(payments)
      .set({ voidedAt: now, voidedBy: ctx.userId })
      .where(inArray(payments.id, voided.map((p) => p.id)));
  }
  const today = todayIn(timeZone, now);
  for (const payment of refunded) if (await isRegisterDayClosed(tx, ctx.shopId, payment.cashRegisterId, today)) throw new AppError('DAY_CLOSED');
  if (refunded.length > 0) {
    await tx.insert(payments).values(
      refunded.map((p) => ({
        shopId: ctx.shopId,
        invoiceId,
        cashRegisterId: p.cashRegisterId,
        userId: ctx.userId,
        method: p.method,
        reference: p.reference,
        handedFcfa: -p.appliedFcfa,
        appliedFcfa: -p.appliedFcfa,
        changeFcfa: 0,
        remainingAfterFcfa: 0,
        refundOf: p.id,
        createdAt: now,
      })),
    );
  }
  return { voided, refunded };
}

/**
 * The proforma's lines the depot cannot give now, named (DECISIONS §5, §6): a quote takes no stock,
 * so the stock is checked when it becomes an invoice, and every short article is listed at once.
 * The levels are locked (the ledger's order): what is read here is what the sale will find.
 */
async function refuseShortStock(tx: Db, ctx: ShopContext, depotId: number, lines: readonly LineRow[]): Promise<void> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.articleId, (wanted.get(l.articleId) ?? 0) + l.quantity);
  const available = await lockAvailable(tx, ctx, depotId, [...wanted.keys()].sort((a, b) => a - b));
  const short = lines
    .filter((l, i) => lines.findIndex((m) => m.articleId === l.articleId) === i)
    .map((l) => ({ articleId: l.articleId, designation: l.designation, available: available.get(l.articleId) ?? 0, requested: wanted.get(l.articleId)! }))
    .filter((l) => l.available < l.requested);
  if (short.length === 0) return;
  throw new AppError('PROFORMA_STOCK_SHORT', {
    params: { articles: short.map((l) => `${l.designation} (${l.available} / ${l.requested})`).join(', ') },
    details: short,
  });
}

/**
 * POST /api/factures/convert/{id}: a proforma becomes an invoice of another type in one
 * transaction: a new invoice (new number, stock taken now, the quoted selling prices kept) that
 * points back at the proforma, which points at it and can no longer change. The stock is checked
 * now (409 naming every short article); a Crédit sale names its client (the proforma's, or
 * `clientId`). An audit record keeps both numbers, the type and the total.
 */
export async function convertProforma(
  db: Db,
  actor: Actor,
  proformaId: number,
  input: { typeId: number; clientId?: number | null },
  idempotencyKey: string | null = null,
  lang: Language = 'fr',
): Promise<Invoice> {
  const { typeId } = input;
  const { ctx: shopCtx } = await findInMyShops(db, actor, invoices, proformaId);
  const invoiceId = await db.transaction(async (tx) => {
    const stored = await findStoredOnce(tx, { kind: 'sale', shopId: shopCtx.shopId, key: idempotencyKey }, (key) => invoiceByKey(tx, shopCtx.shopId, key));
    if (stored) return stored.id;
    await lockShopSales(tx, shopCtx.shopId);
    const { row, ctx } = await lockChangeable(tx, actor, proformaId);
    if (!isProforma(row) || row.convertedToId !== null) throw new AppError('PROFORMA_CONVERTED');
    if (typeId === PROFORMA_TYPE_ID) throw new AppError('PROFORMA_TYPE_CHANGE');
    const type = await findUsableInvoiceType(tx, ctx.shopId, typeId);
    const clientId = row.clientId ?? input.clientId ?? null;
    assertCreditClient(typeId, clientId);
    await checkRefs(tx, ctx, { depotId: row.depotId, clientId });
    const shop = await shopOf(tx, ctx.shopId);
    if (!shop) throw new AppError('NOT_FOUND');
    // The quoted selling prices are kept; the purchase price is the one of the moment stock leaves (DECISIONS §7).
    const quoted = await linesOf(tx, [proformaId]);
    await refuseShortStock(tx, ctx, row.depotId, quoted);
    const current = await articlesForSale(tx, ctx.shopId, quoted.map((l) => l.articleId));
    const lines = pricedWith(
      current,
      quoted.map((l) => ({ articleId: l.articleId, quantity: l.quantity })),
      () => 'params.idFacture',
    ).map((line, i) => ({ ...line, unitPriceFcfa: quoted[i]!.unitPriceFcfa }));
    const { row: made } = await insertInvoice(
      tx,
      ctx,
      {
        typeId,
        clientId,
        depotId: row.depotId,
        amounts: { subtotalFcfa: row.subtotalFcfa, discountFcfa: row.discountFcfa, totalFcfa: row.totalFcfa },
        print: row.print,
        lines,
        idempotencyKey,
        convertedFromId: proformaId,
      },
      shop.timeZone,
    );
    await tx.update(invoices).set({ convertedToId: made.id, updatedAt: new Date() }).where(eq(invoices.id, proformaId));
    // Readable in the trail (issue 22 item 15): numbers, the type's name and money, not ids.
    await tx.insert(auditLog).values({
      shopId: ctx.shopId,
      userId: ctx.userId,
      action: 'invoice.convert',
      entity: 'invoice',
      entityId: proformaId,
      before: { code: row.code, type: 'Proforma', totalFcfa: row.totalFcfa },
      after: { code: made.code, type: type.libelle, totalFcfa: made.totalFcfa },
    });
    await issueInvoiceDocument(tx, made.id);
    return made.id;
  });
  return getInvoice(db, shopCtx, invoiceId, lang);
}
