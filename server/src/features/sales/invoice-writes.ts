import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import { todayIn } from '@app/common/dates';
import { isSettled, saleAmounts, type SaleAmounts, type SaleVat, type SettledPayment } from '@app/common/sale';
import { weightedAverageCost } from '@app/common/stock-cost';
import { effectiveRateBp } from '@app/common/vat';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { rowsOf } from '../../db/rows.js';
import { invoices, payments } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { IssuedDocumentRow, PendingDocument } from './issue-document.js';
import {
  changeStockLevels,
  changeStockLevelsTakingAvailable,
  stockMovementsInsert,
  stockTakeInStatement,
  type Shortfall,
} from '../stock/stock-ledger.service.js';

/**
 * The statements that write an invoice, its lines and its payments: the sales module's own, called
 * by its commands (record a sale, edit, convert, pay, void) and by nothing else.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
const PROFORMA_TYPE_ID = INVOICE_TYPE.proforma;

/** A line priced at the moment of sale: the selling and purchase prices it keeps (DECISIONS §7). */
export type PricedLine = {
  articleId: number;
  quantity: number;
  unitPriceFcfa: number;
  unitCostFcfa: number;
  /** An offline line charged at another price than the article's current one: that current price (sales/late-sale.ts). */
  listPriceFcfa?: number | null;
};

/**
 * The lines priced from the shop's articles (found live, of the shop). A line kept from an earlier
 * version of the invoice (`keep`) keeps its selling price and the purchase price its units left
 * with; the units an edit adds leave now, at the article's average, so the line's purchase price
 * becomes the two weighted (DECISIONS §7): what the stock lost, and what it gets back if the line
 * is reduced or the invoice deleted (stock/article-costs.service.ts). An article not found is
 * NOT_FOUND naming the line's field (`field(index)`).
 */
export function pricedWith(
  found: readonly { id: number; priceFcfa: number; costFcfa: number }[],
  input: readonly { articleId: number; quantity: number }[],
  field: (index: number) => string,
  keep: ReadonlyMap<number, { quantity: number; unitPriceFcfa: number; unitCostFcfa: number }> = new Map(),
): PricedLine[] {
  const byId = new Map(found.map((a) => [a.id, a]));
  return input.map((line, index) => {
    const kept = keep.get(line.articleId);
    if (kept) {
      const added = line.quantity - kept.quantity;
      const now = byId.get(line.articleId);
      const unitCostFcfa =
        added > 0 && now
          ? weightedAverageCost({ quantity: kept.quantity, costFcfa: kept.unitCostFcfa }, { quantity: added, costFcfa: now.costFcfa })
          : kept.unitCostFcfa;
      return { articleId: line.articleId, quantity: line.quantity, unitPriceFcfa: kept.unitPriceFcfa, unitCostFcfa };
    }
    const article = byId.get(line.articleId);
    if (!article) throw new AppError('NOT_FOUND', { details: [{ field: field(index) }] });
    return { articleId: article.id, quantity: line.quantity, unitPriceFcfa: article.priceFcfa, unitCostFcfa: article.costFcfa };
  });
}

/** What the amounts need of the shop's VAT: its identity row (or null) and the sale's articles. */
export type SalePricing = {
  identity: unknown;
  articles: readonly { id: number; vatDefault: boolean; vatRateBp: number | null }[];
};

/** A sale on account (type Crédit) names who owes it: the till, the invoice dialog, an edit and a conversion alike. */
export function assertCreditClient(typeId: number, clientId: number | null): void {
  if (typeId === INVOICE_TYPE.credit && clientId === null) throw new AppError('SALE_CLIENT_REQUIRED', { details: [{ field: 'body.client' }] });
}

/** The VAT setting and each line's rate for common/sale.ts, from the shop's identity (prices without VAT only when subject and `prixTtc` false). */
function vatOf(lines: readonly PricedLine[], pricing: SalePricing | undefined): { lines: (PricedLine & { rateBp: number | null })[]; vat: SaleVat } {
  const shop = pricing?.identity as { vat_subject?: boolean; prices_include_vat?: boolean; vat_rates_bp?: number[] } | null | undefined;
  const subject = shop?.vat_subject === true;
  const byId = new Map((pricing?.articles ?? []).map((a) => [a.id, a]));
  const shopVat = { vatSubject: subject, standardRateBp: shop?.vat_rates_bp?.[0] ?? null };
  return {
    lines: lines.map((l) => ({ ...l, rateBp: effectiveRateBp(byId.get(l.articleId) ?? { vatDefault: true, vatRateBp: null }, shopVat) })),
    // A sale made offline follows the same rule: its device priced it with the shop's setting and
    // the articles' rates it had kept (the till's cart, common/sale.ts), so it charged this total.
    vat: { pricesIncludeVat: !subject || shop?.prices_include_vat !== false },
  };
}

/** The shared rule (common/sale.ts, VAT included) or the refusal, naming the body's field. */
export function amountsOf(lines: readonly PricedLine[], discountFcfa: number, fields: { lines: string; discount: string }, pricing?: SalePricing): SaleAmounts {
  const priced = vatOf(lines, pricing);
  const amounts = saleAmounts(priced.lines, discountFcfa, priced.vat);
  if ('refused' in amounts) {
    if (amounts.refused === 'DISCOUNT_TOO_HIGH') throw new AppError('DISCOUNT_TOO_HIGH', { details: [{ field: fields.discount, max: amounts.max }] });
    throw new AppError('NUMBER_TOO_LARGE', { details: [{ field: fields.lines }] });
  }
  return amounts;
}

export type NewInvoice = {
  typeId: number;
  clientId: number | null;
  depotId: number;
  amounts: SaleAmounts;
  /** Applied by the payments recorded with it (0 for an invoice paid later). */
  paidFcfa?: number;
  delivered?: boolean;
  print: boolean;
  lines: PricedLine[];
  /** The client-made id stored with it (a device's sale id, or an Idempotency-Key). */
  idempotencyKey: string | null;
  convertedFromId?: number;
  /** When the sale was made (the device's time for a till sale); now otherwise. */
  soldAt?: Date;
  /** A sale made offline (DECISIONS §13, sales/late-sale.ts): its ticket reference, its real time if late, and short stock taken as available. */
  offline?: { ticketRef: string; lateSoldAt: Date | null };
  /** The sale's document, issued by the same statement (sales/issue-document.ts `pendingSaleDocument`), for the invoice's year. */
  document?: (invoice: { year: number; paidFcfa: number; remainingFcfa: number }) => PendingDocument;
  /**
   * Written by ONE statement outside any transaction block (the till's online sale, record-sale's
   * `recordOnlineSale`, issue 19): its stock is taken by that statement too (the ledger's
   * `stockTakeInStatement`: the same lock order and guard), and the whole statement is refused
   * (SQLSTATE BK001, nothing written: `isRefusedWrite`) unless every article is live, every level
   * is taken and, with `register`, that register is live and `day` not closed (migration 0019).
   */
  oneStatement?: { register: { id: number; day: string } | null };
};

/** The one-statement write refused: its check (BK001) or the device id already stored (the copy that won). */
export function isRefusedWrite(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === 'BK001') return true;
    const idIndex = e.constraint === SALE_ID_INDEX || (typeof e.message === 'string' && e.message.includes(`"${SALE_ID_INDEX}"`));
    if (e.code === '23505' && idIndex) return true;
  }
  return false;
}

/** The unique index that keeps a device's sale id (or an Idempotency-Key) to one invoice of the shop. */
const SALE_ID_INDEX = 'invoices_shop_idempotency_key';

/**
 * Writes an invoice in the caller's transaction: its stock out of the depot first (not for a
 * proforma: the levels locked in the ledger's order, guarded decrements), then, in ONE statement,
 * its number, the invoice, its lines, the stock movements that name it and its payments (a sale
 * paid at the till). The rows every sale of the shop queues on (the document counter, and the
 * day's sales totals that the triggers keep, once per statement) are thus taken by the last
 * statement before the commit, and held for one round trip. Each line's purchase price is the
 * article's as that statement finds it, not as the caller read it before: the articles are held
 * by then (FOR KEY SHARE, by the ledger's statement or the same one), so a reception that moved the
 * average in between is seen, and the line keeps what the stock's value lost (DECISIONS §7).
 */
export async function insertInvoice(
  tx: Db,
  ctx: ShopContext,
  input: NewInvoice,
  timeZone: string,
  paid: { registerId: number; payments: readonly SettledPayment[] } | null = null,
): Promise<{ row: InvoiceRow; paymentIds: number[]; shortfalls: Shortfall[]; document: IssuedDocumentRow | null }> {
  const year = Number(todayIn(timeZone).slice(0, 4));
  const proforma = input.typeId === PROFORMA_TYPE_ID;
  if (input.lines.length === 0) throw new Error('an invoice has lines');
  const sold = input.lines.map((line) => ({ articleId: line.articleId, depotId: input.depotId, kind: 'sale' as const, quantity: -line.quantity }));
  const articleIds = [...new Set(input.lines.map((line) => line.articleId))];
  // In one statement: the articles held FOR KEY SHARE first (what the lines' foreign key takes
  // anyway, later), before the levels, as an article edit takes the article then its levels; the
  // purchase price of those rows is what the depot's value loses with them (stockTakeInStatement).
  const take =
    input.oneStatement && !proforma && !input.offline
      ? stockTakeInStatement(ctx, sold, sql`(select count(*) from sale_articles) = ${articleIds.length}`, sql`sale_articles`)
      : null;
  const register = input.oneStatement?.register ?? null;
  const check = take
    ? sql`sale_write_check(${take.allTaken}${register ? sql` and sale_register_open(${ctx.shopId}, ${register.id}, ${register.day}::date)` : sql``})`
    : null;
  // An offline sale is a fact: what the depot lacks is a shortfall to record, not a refusal.
  const { applied, shortfalls } =
    proforma || take
      ? { applied: [], shortfalls: [] }
      : input.offline
        ? await changeStockLevelsTakingAvailable(tx, ctx, sold)
        : { applied: await changeStockLevels(tx, ctx, sold), shortfalls: [] };
  const series = proforma ? 'PRO' : 'FAC';
  const paidFcfa = input.paidFcfa ?? 0;
  const remainingFcfa = input.amounts.totalFcfa - paidFcfa;
  const settled = settledState(input.typeId, remainingFcfa);
  const delivered = input.delivered ?? false;
  const at = input.soldAt ? sql`${input.soldAt.toISOString()}::timestamptz` : sql`now()`;
  const invoiceId = sql`(select id from inv)`;
  const payments = paid?.payments ?? [];
  const document = input.document?.({ year, paidFcfa, remainingFcfa });
  const [written] = rowsOf<{ id: number; code: string; number: number; created_at: Date | string; payment_ids: unknown; doc: unknown }>(
    await tx.execute(prepared(sql`
      with ${
        take
          ? sql`sale_articles as (
        select id, cost_fcfa from articles where shop_id = ${ctx.shopId} and id in (${sql.join(
          articleIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}) and deleted_at is null
        order by id
        for key share),
      ${take.ctes},
      `
          : sql``
      }counter as (
        insert into document_counters (shop_id, series, year, last_number)
        ${check ? sql`select ${ctx.shopId}, ${series}, ${year}, 1 where ${check}` : sql`values (${ctx.shopId}, ${series}, ${year}, 1)`}
        on conflict (shop_id, series, year) do update set last_number = document_counters.last_number + 1
        returning last_number),
      inv as (
        insert into invoices (shop_id, code, year, number, type_id, client_id, depot_id, user_id, subtotal_fcfa, discount_fcfa,
          total_fcfa, paid_fcfa, remaining_fcfa, settled, delivered, print, idempotency_key, converted_from_id, created_at, updated_at,
          ticket_ref, late_sold_at)
        select ${ctx.shopId}, ${`${series}-${year}-`} || lpad(last_number::text, greatest(6, length(last_number::text)), '0'), ${year},
          last_number, ${input.typeId}, ${input.clientId}::int, ${input.depotId}, ${ctx.userId}, ${input.amounts.subtotalFcfa},
          ${input.amounts.discountFcfa}, ${input.amounts.totalFcfa}, ${paidFcfa}, ${remainingFcfa}, ${settled}, ${delivered},
          ${input.print}, ${input.idempotencyKey}::text, ${input.convertedFromId ?? null}::int, ${at}, ${at},
          ${input.offline?.ticketRef ?? null}::text, ${input.offline?.lateSoldAt?.toISOString() ?? null}::timestamptz
        from counter
        returning id, code, number, created_at),
      lines as (
        insert into invoice_lines (invoice_id, article_id, quantity, unit_price_fcfa, unit_cost_fcfa, list_price_fcfa)
        select ${invoiceId}, v.article_id, v.quantity, v.price, coalesce(a.cost_fcfa, v.cost), v.list_price
        from (values ${sql.join(
          input.lines.map(
            (l) => sql`(${l.articleId}::int, ${l.quantity}::int, ${l.unitPriceFcfa}::bigint, ${l.unitCostFcfa}::bigint, ${l.listPriceFcfa ?? null}::bigint)`,
          ),
          sql`, `,
        )}) as v(article_id, quantity, price, cost, list_price)
        left join ${take ? sql`sale_articles` : sql`articles`} a on a.id = v.article_id${take ? sql`` : sql` and a.shop_id = ${ctx.shopId}`}
        returning quantity, unit_cost_fcfa)
      ${applied.length > 0 ? sql`, moves as (${stockMovementsInsert(ctx, applied, { invoiceIdSql: invoiceId })})` : sql``}
      ${take ? sql`, moves as (${take.movements({ invoiceIdSql: invoiceId })})` : sql``}
      ${
        payments.length > 0
          ? sql`, pays as (
        insert into payments (shop_id, invoice_id, cash_register_id, user_id, method, reference, handed_fcfa, applied_fcfa, change_fcfa,
          remaining_after_fcfa, created_at)
        values ${sql.join(
          payments.map(
            (p) => sql`(${ctx.shopId}, ${invoiceId}, ${paid!.registerId}, ${ctx.userId}, ${p.method}, ${p.reference}, ${p.handedFcfa},
              ${p.appliedFcfa}, ${p.changeFcfa}, ${p.remainingAfterFcfa}, ${at})`,
          ),
          sql`, `,
        )}
        returning id)`
          : sql``
      }
      ${document ? sql`, ${document.ctes({ idSql: sql`(select id from inv)`, codeSql: sql`(select code from inv)` })}` : sql``}
      ${input.oneStatement ? sql`, ${dayTotalsOnce(ctx, input, {
        settled,
        delivered,
        payments,
        after: [...(payments.length > 0 ? [sql`pays`] : []), ...(document ? [sql`doc`] : [])],
      })}` : sql``}
      select inv.id, inv.code, inv.number, inv.created_at,
        ${payments.length > 0 ? sql`(select json_agg(id order by id) from pays)` : sql`null`} as payment_ids,
        ${document ? sql`(select row_to_json(doc) from doc)` : sql`null`} as doc
      from inv`)),
  );
  if (!written) throw new Error('invoice not written');
  const createdAt = written.created_at instanceof Date ? written.created_at : (invoices.createdAt.mapFromDriverValue(written.created_at) as Date);
  const ids = typeof written.payment_ids === 'string' ? (JSON.parse(written.payment_ids) as number[]) : ((written.payment_ids as number[] | null) ?? []);
  const row: InvoiceRow = {
    id: Number(written.id),
    shopId: ctx.shopId,
    code: written.code,
    year,
    number: Number(written.number),
    typeId: input.typeId,
    clientId: input.clientId,
    depotId: input.depotId,
    userId: ctx.userId,
    ...input.amounts,
    paidFcfa,
    remainingFcfa,
    settled,
    delivered,
    print: input.print,
    convertedToId: null,
    convertedFromId: input.convertedFromId ?? null,
    idempotencyKey: input.idempotencyKey,
    ticketRef: input.offline?.ticketRef ?? null,
    lateSoldAt: input.offline?.lateSoldAt ?? null,
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
    deletedBy: null,
  };
  return { row, paymentIds: ids.map(Number), shortfalls, document: document ? document.rowOf({ invoiceId: row.id, code: row.code, doc: written.doc }) : null };
}

/**
 * The sale's own addition to its shop's day totals (sales_daily_totals), for a statement that is
 * its whole transaction (`oneStatement`): one upsert instead of the three the invoice's, lines' and
 * payments' triggers make, which leave this invoice out (migration 0021: the statement marks it,
 * for itself alone). The same figures as those triggers: a live invoice, a sale unless a quote,
 * unsettled and undelivered as written, its lines, units, amount and cost on the invoice's day in
 * the shop's time zone, and its payments on their day (the same time). Runs after the payments and
 * the document (`after`: their CTEs read first), so that the day row is locked after the document
 * chain's head, as a trigger at the end of the statement took it: the lock order of every writer.
 */
function dayTotalsOnce(
  ctx: ShopContext,
  input: NewInvoice,
  state: { settled: boolean; delivered: boolean; payments: readonly SettledPayment[]; after: SQL[] },
): SQL {
  const paid = state.payments.reduce((sum, p) => sum + p.appliedFcfa, 0);
  const sale = input.typeId !== PROFORMA_TYPE_ID;
  const units = input.lines.reduce((sum, l) => sum + l.quantity, 0);
  const count = (yes: boolean) => (yes ? 1 : 0);
  return sql`day_totals as (
        insert into sales_daily_totals as t (shop_id, day, live_invoices, invoices, unsettled, undelivered, lines, units, sold_fcfa,
          cost_fcfa, payments, paid_fcfa)
        select s.id, (inv.created_at at time zone s.time_zone)::date, 1, ${count(sale)}::int, ${count(sale && !state.settled)}::int,
          ${count(sale && !state.delivered)}::int, ${sale ? input.lines.length : 0}::int, ${sale ? units : 0}::bigint,
          ${sale ? input.amounts.totalFcfa : 0}::bigint, ${sale ? sql`(select coalesce(sum(quantity::bigint * unit_cost_fcfa), 0) from lines)` : sql`0`}::bigint, ${state.payments.length}::int, ${paid}::bigint
        from inv join shops s on s.id = ${ctx.shopId}
        where set_config('boutiko.sale_day_totals', inv.id || '@' || statement_timestamp()::text, true) is not null
          ${sql.join(
            state.after.map((cte) => sql`and (select count(*) from ${cte}) >= 0`),
            sql` `,
          )}
        on conflict (shop_id, day) do update set
          live_invoices = t.live_invoices + excluded.live_invoices, invoices = t.invoices + excluded.invoices,
          unsettled = t.unsettled + excluded.unsettled, undelivered = t.undelivered + excluded.undelivered,
          lines = t.lines + excluded.lines, units = t.units + excluded.units, sold_fcfa = t.sold_fcfa + excluded.sold_fcfa,
          cost_fcfa = t.cost_fcfa + excluded.cost_fcfa, payments = t.payments + excluded.payments, paid_fcfa = t.paid_fcfa + excluded.paid_fcfa)`;
}

export type PaymentValues = Omit<typeof payments.$inferInsert, 'id' | 'voidedAt' | 'voidedBy'>;

/**
 * Records a payment of an existing invoice and the invoice's new amounts in one statement;
 * returns the payment's id and time. The invoice row is the caller's, locked.
 */
export async function insertPayment(
  tx: Db,
  payment: Omit<PaymentValues, 'createdAt'>,
  invoice: { paidFcfa: number; remainingFcfa: number; settled: boolean; updatedAt: Date },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = rowsOf<{ id: number; created_at: Date | string }>(
    await tx.execute(sql`
      with p as (
        insert into payments (shop_id, invoice_id, cash_register_id, user_id, method, reference, handed_fcfa, applied_fcfa,
          change_fcfa, remaining_after_fcfa, idempotency_key)
        values (${payment.shopId}, ${payment.invoiceId}, ${payment.cashRegisterId}, ${payment.userId}, ${payment.method},
          ${payment.reference ?? null}, ${payment.handedFcfa}, ${payment.appliedFcfa}, ${payment.changeFcfa},
          ${payment.remainingAfterFcfa}, ${payment.idempotencyKey ?? null})
        returning id, created_at)
      update invoices set paid_fcfa = ${invoice.paidFcfa}, remaining_fcfa = ${invoice.remainingFcfa}, settled = ${invoice.settled},
        updated_at = ${invoice.updatedAt.toISOString()}
      from p where invoices.id = ${payment.invoiceId}
      returning p.id, p.created_at`),
  );
  if (!row) throw new Error(`invoice ${payment.invoiceId} not updated`);
  // As drizzle maps the column (the drivers hand timestamps over as text to drizzle).
  const createdAt = row.created_at instanceof Date ? row.created_at : (payments.createdAt.mapFromDriverValue(row.created_at) as Date);
  return { id: Number(row.id), createdAt };
}

/**
 * Each live payment's remainder after it, in order, against the invoice's total `totalFcfa`
 * (written where it changed); answers the invoice's remainder after them all.
 */
export async function setPaymentRemainders(tx: Db, invoiceId: number, totalFcfa: number): Promise<number> {
  const live = await tx
    .select({ id: payments.id, applied: payments.appliedFcfa, after: payments.remainingAfterFcfa })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), sql`${payments.voidedAt} is null`))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  let remaining = totalFcfa;
  for (const p of live) {
    remaining -= p.applied;
    if (p.after !== remaining) await tx.update(payments).set({ remainingAfterFcfa: remaining }).where(eq(payments.id, p.id));
  }
  return remaining;
}

/**
 * Recomputes an invoice from its live payments (after a correction or a void): each payment's
 * remainder after it, in order, and the invoice's paid, remainder and settled, by the one rule of
 * common/sale.ts.
 */
export async function recomputeInvoice(tx: Db, invoice: InvoiceRow) {
  const { totalFcfa } = invoice;
  const remaining = await setPaymentRemainders(tx, invoice.id, totalFcfa);
  const paidFcfa = totalFcfa - remaining;
  const [updated] = await tx
    .update(invoices)
    .set({ paidFcfa, remainingFcfa: remaining, settled: settledState(invoice.typeId, remaining), updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated!;
}

/**
 * "Settled" as the invoice row stores it, for every writer: the shared rule (nothing left to pay,
 * common/sale.ts `isSettled`), for a sale; a quote is never settled (it is never paid).
 */
export function settledState(typeId: number, remainingFcfa: number): boolean {
  return typeId !== PROFORMA_TYPE_ID && isSettled(remainingFcfa);
}
