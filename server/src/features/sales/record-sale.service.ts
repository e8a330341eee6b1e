import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice, InvoiceInput } from '@app/common/contracts/invoices';
import type { Sale, SaleInput } from '@app/common/contracts/sales';
import { todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { settleSale, type SaleAmounts, type SaleSettlement, type SettlementRefusal } from '@app/common/sale';
import type { Db } from '../../db/client.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { getInvoice, serializeInvoice } from '../invoices/invoices.service.js';
import { invoiceByKey, saleRefs, type SaleRefs } from './sale-refs.queries.js';
import { amountsOf, assertCreditClient, insertInvoice, isRefusedWrite, pricedWith, type InvoiceRow, type NewInvoice, type PricedLine } from './invoice-writes.js';
import { documentFieldsOf } from '../documents/document-answers.service.js';
import { pendingSaleDocument } from './issue-document.js';
import { findStoredOnce } from '../../lib/once.js';
import { keepTicketRef, offlinePriced, placeAmongClosedDays, recordDiscrepancies, ticketRefTaken } from './late-sale.js';
import { saleOfInvoice, saleRegister, type SalePaymentRow } from './sales.queries.js';

/** A proforma prints from its data as it is now, in an issued invoice's layout (invoices' PDFs). */
export { proformaContent } from './issue-document.js';

/**
 * Recording a sale (DECISIONS §6, §13): the till's one command (POST /api/ventes) and the seed's
 * invoice dialog (POST /api/factures_generate). One transaction each: the client's id is looked
 * for first (findStoredOnce), then the sale's references in one statement, its stock through the
 * ledger, its number, lines and movements, then its payments. Every amount comes from the shop's
 * own data and the shared rules of common/sale.ts, never from the caller.
 */

/** A device's time is trusted for the day of the sale within this window around the server's clock (DECISIONS §13). */
export const SALE_TIME_AHEAD_MS = 5 * 60_000;
export const SALE_TIME_BEHIND_MS = 7 * 24 * 3_600_000;

export function checkSaleTime(soldAt: Date, now: Date): void {
  const at = soldAt.getTime();
  if (!Number.isFinite(at) || at > now.getTime() + SALE_TIME_AHEAD_MS || at < now.getTime() - SALE_TIME_BEHIND_MS) {
    throw new AppError('SALE_TIME_OUT_OF_WINDOW', { details: [{ field: 'body.vendueLe', serverTime: now.toISOString() }] });
  }
}

/** The type, depot and client of a sale, or NOT_FOUND naming the body's field; the shop's time zone. */
function checkedRefs(refs: SaleRefs, input: { clientId: number | null }, fields: { type: string; depot: string; client: string }) {
  if (!refs.type) throw new AppError('NOT_FOUND', { details: [{ field: fields.type }] });
  if (!refs.depot) throw new AppError('NOT_FOUND', { details: [{ field: fields.depot }] });
  if (input.clientId !== null && !refs.client) throw new AppError('NOT_FOUND', { details: [{ field: fields.client }] });
  if (!refs.timeZone) throw new AppError('NOT_FOUND');
  return { type: refs.type, depot: refs.depot, client: refs.client, timeZone: refs.timeZone };
}

/** The invoice as the API shows it, from the rows just written (what getInvoice reads back after the commit). */
function answerOf(ctx: ShopContext, row: InvoiceRow, refs: ReturnType<typeof checkedRefs>, found: SaleRefs['articles'], lines: PricedLine[], lang: Language): Invoice {
  const designations = new Map(found.map((a) => [a.id, a.designation]));
  return serializeInvoice(
    { invoice: row, type: refs.type, client: refs.client, depot: refs.depot, seller: { id: ctx.userId, username: ctx.username } },
    lines.map((line) => ({ invoiceId: row.id, designation: designations.get(line.articleId)!, ...line })),
    lang,
  );
}

const REFUSAL_FIELD: Record<SettlementRefusal, string> = {
  PAYMENT_REFERENCE_REQUIRED: 'reference',
  PAYMENT_EXCEEDS_REMAINDER: 'montant',
  PAYMENT_NOTHING_DUE: 'montant',
  PAYMENT_AMOUNT_INVALID: 'montant',
};

function salePayments(paid: SalePaymentRow[]): Sale['paiements'] {
  return paid.map((p) => ({
    idPaiement: p.id,
    methode: p.method,
    reference: p.reference,
    montant: p.handedFcfa,
    montantPaye: p.appliedFcfa,
    reliquat: p.changeFcfa,
    reste: p.remainingAfterFcfa,
    datePaiement: p.createdAt.toISOString(),
  }));
}

function saleAnswer(invoice: Invoice, saleId: string, soldAt: Date, paid: SalePaymentRow[]): Sale {
  return {
    ...invoice,
    idVente: saleId,
    vendueLe: soldAt.toISOString(),
    paiements: salePayments(paid),
    reliquat: paid.reduce((sum, p) => sum + p.changeFcfa, 0),
  };
}

/** A recorded sale as the API shows it, read back (a replay of its id). */
export async function getSale(db: Db, ctx: ShopContext, invoiceId: number, lang: Language): Promise<Sale> {
  const invoice = await getInvoice(db, ctx, invoiceId, lang);
  const { saleId, soldAt, payments } = await saleOfInvoice(db, ctx.shopId, invoiceId);
  return saleAnswer(invoice, saleId ?? '', soldAt, payments);
}

/** A till sale's references with its stored id and register (saleRefs), locked or not (`lock`). */
function refsOfSale(db: Db, ctx: ShopContext, input: SaleInput, lock: boolean): Promise<SaleRefs> {
  return saleRefs(db, ctx.shopId, {
    typeId: input.typeFacture,
    depotId: input.depot,
    clientId: input.client,
    articleIds: input.lignes.map((line) => line.article),
    till: { key: input.id, registerId: input.caisse, soldAt: new Date(input.vendueLe) },
    lock,
  });
}

/** What a sale's references and body make of it, checked: what its write needs. */
type PlannedSale = {
  refs: ReturnType<typeof checkedRefs>;
  lines: PricedLine[];
  amounts: SaleAmounts;
  settlement: SaleSettlement;
};

/**
 * The sale priced and its payments settled from what its references read, by the shared rules
 * (common/sale.ts), or refused with the reason and the body's field. No database access.
 */
function planSale(found: SaleRefs, input: SaleInput, now: Date): PlannedSale {
  // Checked after the look-up of the stored id: a sale recorded days ago and sent again still answers.
  checkSaleTime(new Date(input.vendueLe), now);
  if (input.typeFacture === INVOICE_TYPE.proforma) throw new AppError('SALE_PROFORMA', { details: [{ field: 'body.typeFacture' }] });
  assertCreditClient(input.typeFacture, input.client);
  const refs = checkedRefs(found, { clientId: input.client }, { type: 'body.typeFacture', depot: 'body.depot', client: 'body.client' });
  // A register named is the shop's, live, paid or not (an unpaid sale waits at the cash desk).
  if (input.caisse !== null && found.register === null) throw new AppError('NOT_FOUND', { details: [{ field: 'body.caisse' }] });
  const priced = pricedWith(
    found.articles,
    input.lignes.map((line) => ({ articleId: line.article, quantity: line.quantite })),
    (index) => `body.lignes.${index}.article`,
  );
  // Offline (DECISIONS §13), each line keeps the price the device charged; online, the server's prices stand.
  const lines = input.horsLigne ? offlinePriced(priced, input.lignes) : priced;
  const amounts = amountsOf(lines, input.remise, { lines: 'body.lignes', discount: 'body.remise' }, { identity: found.identity, articles: found.articles });
  const settlement = settleSale(
    amounts.totalFcfa,
    input.paiements.map((p) => ({ method: p.methode, handedFcfa: p.montant, reference: p.reference })),
  );
  if ('refused' in settlement) {
    throw new AppError(settlement.refused === 'PAYMENT_AMOUNT_INVALID' ? 'VALIDATION_FAILED' : settlement.refused, {
      details: [{ field: `body.paiements.${settlement.index}.${REFUSAL_FIELD[settlement.refused]}` }],
    });
  }
  // Paid at the till, a sale is paid in full; only a sale on account leaves a remainder. With no
  // payment at all it waits at the cash desk (the seller rings, the cashier takes the money).
  if (settlement.payments.length > 0 && settlement.remainingFcfa > 0 && input.typeFacture !== INVOICE_TYPE.credit) {
    throw new AppError('SALE_NOT_PAID_IN_FULL', { details: [{ field: 'body.paiements', reste: settlement.remainingFcfa }] });
  }
  return { refs, lines, amounts, settlement };
}

/** The invoice's row and document as insertInvoice takes them, for a planned sale recorded at `recordedAt`. */
function newSaleInvoice(ctx: ShopContext, input: SaleInput, found: SaleRefs, plan: PlannedSale, recordedAt: Date, lateSoldAt: Date | null): NewInvoice {
  const { amounts, settlement, lines } = plan;
  return {
    typeId: input.typeFacture,
    clientId: input.client,
    depotId: input.depot,
    amounts,
    paidFcfa: settlement.paidFcfa,
    // Taken away at the counter: the goods left once paid, or on account; an unpaid cash sale waits at the cash desk.
    delivered: input.aEmporter && (settlement.settled || input.typeFacture === INVOICE_TYPE.credit),
    print: false,
    lines,
    idempotencyKey: input.id,
    soldAt: recordedAt,
    offline: input.horsLigne ? { ticketRef: input.refTicket!, lateSoldAt } : undefined,
    // Its document is issued by the same statement, after the number (issue-document.ts).
    document: (invoice) =>
      pendingSaleDocument({
        // A late sale (its day closed) counts on the register's next open day, but its document is
        // dated when the sale was made, as every offline sale's is: never the start of a day to come.
        row: { shopId: ctx.shopId, typeId: input.typeFacture, ...amounts, ...invoice, createdAt: lateSoldAt ?? recordedAt, ticketRef: input.horsLigne ? input.refTicket : null },
        refs: found,
        lines,
        seller: { id: ctx.userId, name: ctx.displayName },
        payments: settlement.payments,
      }),
  };
}

/** The sale as the API answers it, from what its write returned. */
function writtenSale(
  ctx: ShopContext,
  input: SaleInput,
  found: SaleRefs,
  plan: PlannedSale,
  written: Awaited<ReturnType<typeof insertInvoice>>,
  lang: Language,
): Sale {
  // Its payments are recorded at the invoice's time (insertInvoice), in the same statement.
  const paid = plan.settlement.payments.map((p, i) => ({ ...p, id: written.paymentIds[i]!, createdAt: written.row.createdAt }));
  const invoice = { ...answerOf(ctx, written.row, plan.refs, found.articles, plan.lines, lang), ...documentFieldsOf([written.document!], lang) };
  return saleAnswer(invoice, input.id, new Date(input.vendueLe), paid);
}

/**
 * POST /api/ventes: a whole sale (lines, discount, optional client, payments) in one transaction,
 * or nothing. `ctx` is the shop the body names (`boutique`), checked by the auth hook. The
 * device's id is stored with the invoice: sent again (while the first is still running, after it
 * committed, or after the server died) it answers the stored sale and records nothing more.
 *
 * An online sale is first tried in 2 statements outside any transaction block (`recordOnlineSale`);
 * when its write is refused (a level short, a day closed meanwhile, a copy that won, a shop with
 * no register yet), the transaction below records it or refuses it with the exact reason.
 */
export async function recordSale(db: Db, ctx: ShopContext, input: SaleInput, lang: Language, now = new Date()): Promise<{ sale: Sale; replayed: boolean }> {
  if (!input.horsLigne) {
    const done = await recordOnlineSale(db, ctx, input, lang, now);
    if (done) return done;
  }
  return recordSaleInTransaction(db, ctx, input, lang, now);
}

/**
 * The till's online sale in 2 round trips (issue 19): its references read (and its stored id
 * looked for) by one read-only statement that locks nothing, then its stock, number, invoice,
 * lines, movements, payments and document written by ONE statement, its own transaction (the
 * depot's value row locked after the levels, as the ledger does), which checks under its locks that every
 * article is live, every level holds what the sale takes and the register's day is still open, and
 * is refused whole otherwise (insertInvoice's `oneStatement`). Two copies of one sale at once: the
 * second's write waits for the first's locks, then fails on the device id's unique index. null
 * when the write was refused: the caller then runs the transaction, which finds the stored copy or
 * gives the exact reason.
 */
async function recordOnlineSale(db: Db, ctx: ShopContext, input: SaleInput, lang: Language, now: Date): Promise<{ sale: Sale; replayed: boolean } | null> {
  const soldAt = new Date(input.vendueLe);
  const found = await refsOfSale(db, ctx, input, false);
  if (found.storedId !== null) return { sale: await getSale(db, ctx, found.storedId, lang), replayed: true };
  const plan = planSale(found, input, now);
  const paying = plan.settlement.payments.length > 0;
  // A shop without a default register gets it made by the transaction.
  if (paying && !found.register) return null;
  const day = todayIn(plan.refs.timeZone, soldAt);
  if (paying && found.register!.closedDays.includes(day)) throw new AppError('DAY_CLOSED');
  const register = paying ? found.register! : null;
  try {
    const written = await insertInvoice(
      db,
      ctx,
      { ...newSaleInvoice(ctx, input, found, plan, soldAt, null), oneStatement: { register: register ? { id: register.id, day } : null } },
      plan.refs.timeZone,
      register ? { registerId: register.id, payments: plan.settlement.payments } : null,
    );
    return { sale: writtenSale(ctx, input, found, plan, written, lang), replayed: false };
  } catch (error) {
    if (isRefusedWrite(error)) return null;
    throw error;
  }
}

/** POST /api/ventes in one transaction: an offline sale, or an online one whose one-statement write was refused. */
async function recordSaleInTransaction(db: Db, ctx: ShopContext, input: SaleInput, lang: Language, now: Date): Promise<{ sale: Sale; replayed: boolean }> {
  const soldAt = new Date(input.vendueLe);
  const done = await db.transaction(async (tx) => {
    // ONE statement: the device id's and the register's locks, then the invoice stored under that
    // id, the register with its closed days, and the sale's references (sale-refs.queries.ts).
    const found = await refsOfSale(tx, ctx, input, true);
    if (found.storedId !== null) {
      if (input.horsLigne && input.refTicket) await keepTicketRef(tx, ctx.shopId, found.storedId, input.refTicket);
      return { replayed: true as const, invoiceId: found.storedId };
    }
    const plan = planSale(found, input, now);
    const { refs, settlement } = plan;
    // The register read with the refs; a shop without a default one gets it made here (no closed day yet).
    const register =
      settlement.payments.length === 0
        ? null
        : (found.register ?? { ...(await saleRegister(tx, ctx.shopId, input.caisse)), closedDays: [] as string[] });
    // Offline, a sale of a closed day goes to the register's next open day, marked late; online it is refused.
    const placed =
      register && input.horsLigne ? placeAmongClosedDays(register.closedDays, refs.timeZone, soldAt, now) : { recordedAt: soldAt, lateSoldAt: null };
    if (register && !input.horsLigne && register.closedDays.includes(todayIn(refs.timeZone, soldAt))) throw new AppError('DAY_CLOSED');
    // A provisional reference already taken fails the write on its unique index (late-sale.ts).
    const written = await insertInvoice(
      tx,
      ctx,
      newSaleInvoice(ctx, input, found, plan, placed.recordedAt, placed.lateSoldAt),
      refs.timeZone,
      register ? { registerId: register.id, payments: settlement.payments } : null,
    ).catch((error: unknown) => {
      throw input.horsLigne ? ticketRefTaken(error) : error;
    });
    await recordDiscrepancies(tx, ctx, written.row.id, written.shortfalls);
    return { replayed: false as const, answer: writtenSale(ctx, input, found, plan, written, lang) };
  });
  if (done.replayed) return { sale: await getSale(db, ctx, done.invoiceId, lang), replayed: true };
  return { sale: done.answer, replayed: false };
}

/**
 * POST /api/factures_generate (seed 001): an invoice without payment, paid later at the cash desk.
 * `ctx` is the shop the body names (`boutiques`). The same Idempotency-Key twice gives the first
 * invoice back.
 */
export async function createInvoice(db: Db, ctx: ShopContext, input: InvoiceInput, idempotencyKey: string | null = null, lang: Language = 'fr'): Promise<Invoice> {
  const done = await db.transaction(async (tx) => {
    const stored = await findStoredOnce(tx, { kind: 'sale', shopId: ctx.shopId, key: idempotencyKey }, (key) => invoiceByKey(tx, ctx.shopId, key));
    if (stored) return { replayed: true as const, invoiceId: stored.id };
    // The type, depot, client, articles and the shop's time zone in one statement; refused in
    // the order of the separate checks (type, depot, client, then each line's article).
    const found = await saleRefs(tx, ctx.shopId, {
      typeId: input.typeFactures,
      depotId: input.depot,
      clientId: input.client,
      articleIds: input.articles.map((line) => line.articles),
    });
    const refs = checkedRefs(found, { clientId: input.client }, { type: 'body.typeFactures', depot: 'body.depot', client: 'body.client' });
    assertCreditClient(input.typeFactures, input.client);
    const lines = pricedWith(
      found.articles,
      input.articles.map((line) => ({ articleId: line.articles, quantity: line.nombre })),
      (index) => `body.articles.${index}.articles`,
    );
    const amounts = amountsOf(lines, input.remise, { lines: 'body.articles', discount: 'body.remise' }, { identity: found.identity, articles: found.articles });
    const proforma = input.typeFactures === INVOICE_TYPE.proforma;
    // Its time taken here, so that its document (issued by the write's statement) carries the invoice's own.
    const soldAt = new Date();
    const { row, document } = await insertInvoice(
      tx,
      ctx,
      {
        typeId: input.typeFactures,
        clientId: input.client,
        depotId: input.depot,
        amounts,
        print: input.imprimante,
        lines,
        idempotencyKey,
        soldAt,
        document: proforma
          ? undefined
          : (invoice) =>
              pendingSaleDocument({
                row: { shopId: ctx.shopId, typeId: input.typeFactures, ...amounts, ...invoice, createdAt: soldAt },
                refs: found,
                lines,
                seller: { id: ctx.userId, name: ctx.displayName },
                payments: [],
              }),
      },
      refs.timeZone,
    );
    const documents = document ? [document] : [];
    return { replayed: false as const, answer: { ...answerOf(ctx, row, refs, found.articles, lines, lang), ...documentFieldsOf(documents, lang) } };
  });
  return done.replayed ? getInvoice(db, ctx, done.invoiceId, lang) : done.answer;
}

