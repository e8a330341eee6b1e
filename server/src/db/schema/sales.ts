import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { articles, drivers } from './catalogue.js';
import { clients } from './clients.js';
import { depots, shops } from './shops.js';
import { PAYMENT_METHODS } from '@app/common/payments';

/**
 * Invoice types (seed 001 typeFacture): 1 Comptant, 2 Crédit and 3 Proforma are built in
 * (`shop_id` null, not deletable, named in fr and en); shops add their own (ids from 100).
 */
export const invoiceTypes = pgTable(
  'invoice_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    shopId: integer('shop_id').references(() => shops.id),
    libelle: text('libelle').notNull(),
    /** English name of a built-in type; a shop's own types have one name. */
    libelleEn: text('libelle_en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('invoice_types_shop_idx').on(t.shopId)],
);

/** Cash registers (caisses) of a shop; each shop has one default register, made with the shop. */
export const cashRegisters = pgTable(
  'cash_registers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    libelle: text('libelle').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('cash_registers_shop_idx').on(t.shopId),
    uniqueIndex('cash_registers_one_default_key').on(t.shopId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

/**
 * Sales invoices (seed 001 facture). Amounts are whole FCFA computed by the server: total =
 * subtotal - discount, paid + remaining = total. `code` is the number shown (FAC-2026-000042, or
 * PRO-... for a proforma), per shop and year without gap or reuse; a deleted invoice keeps it.
 * The idempotency key of the request that made it is stored with it, unique per shop, so that a
 * retried sale is never recorded twice, even across a crash.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    code: text('code').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => invoiceTypes.id),
    clientId: integer('client_id').references(() => clients.id),
    depotId: integer('depot_id')
      .notNull()
      .references(() => depots.id),
    /** The seller. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    subtotalFcfa: bigint('subtotal_fcfa', { mode: 'number' }).notNull(),
    discountFcfa: bigint('discount_fcfa', { mode: 'number' }).notNull().default(0),
    totalFcfa: bigint('total_fcfa', { mode: 'number' }).notNull(),
    paidFcfa: bigint('paid_fcfa', { mode: 'number' }).notNull().default(0),
    remainingFcfa: bigint('remaining_fcfa', { mode: 'number' }).notNull(),
    settled: boolean('settled').notNull().default(false),
    delivered: boolean('delivered').notNull().default(false),
    /** The print switch of the create dialog (imprimante). */
    print: boolean('print').notNull().default(false),
    /** A proforma turned into an invoice points at it (and the invoice back at the proforma). */
    convertedToId: integer('converted_to_id'),
    convertedFromId: integer('converted_from_id'),
    idempotencyKey: text('idempotency_key'),
    /** The provisional reference printed on an offline ticket (DECISIONS §13), unique per shop. */
    ticketRef: text('ticket_ref'),
    /**
     * A late sale (enRetard): made offline on a register day already closed when it arrived, it
     * was recorded on the register's next open day (`createdAt`); this is its real device time.
     */
    lateSoldAt: timestamp('late_sold_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('invoices_shop_code_key').on(t.shopId, t.code),
    uniqueIndex('invoices_shop_ticket_ref_key').on(t.shopId, t.ticketRef).where(sql`${t.ticketRef} is not null`),
    uniqueIndex('invoices_shop_idempotency_key').on(t.shopId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('invoices_shop_created_idx').on(t.shopId, t.createdAt),
    // The live invoices of a shop in list order: the newest page without a sort, the page count index-only (issue 11).
    index('invoices_shop_live_newest_idx').on(t.shopId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('invoices_shop_user_created_idx').on(t.shopId, t.userId, t.createdAt),
    index('invoices_shop_unsettled_idx').on(t.shopId, t.createdAt).where(sql`not ${t.settled} and ${t.deletedAt} is null`),
    index('invoices_shop_undelivered_idx').on(t.shopId, t.createdAt).where(sql`not ${t.delivered} and ${t.deletedAt} is null`),
    index('invoices_client_idx').on(t.clientId),
    check(
      'invoices_amounts_check',
      sql`${t.discountFcfa} >= 0 and ${t.discountFcfa} <= ${t.subtotalFcfa} and ${t.totalFcfa} = ${t.subtotalFcfa} - ${t.discountFcfa}
        and ${t.paidFcfa} >= 0 and ${t.remainingFcfa} >= 0 and ${t.paidFcfa} + ${t.remainingFcfa} = ${t.totalFcfa}`,
    ),
  ],
);

/** Lines of an invoice: each keeps the selling and the purchase price of the moment of sale (DECISIONS §7). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull(),
    unitPriceFcfa: bigint('unit_price_fcfa', { mode: 'number' }).notNull(),
    unitCostFcfa: bigint('unit_cost_fcfa', { mode: 'number' }).notNull(),
    /**
     * An offline sale's line charged at a price that differs from the article's price when it
     * reached the server (DECISIONS §13): that price, kept for the manager (prixModifie).
     */
    listPriceFcfa: bigint('list_price_fcfa', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('invoice_lines_invoice_article_key').on(t.invoiceId, t.articleId),
    index('invoice_lines_article_idx').on(t.articleId),
    check('invoice_lines_check', sql`${t.quantity} > 0 and ${t.unitPriceFcfa} >= 0 and ${t.unitCostFcfa} >= 0`),
  ],
);

/** Payment methods (DECISIONS §12): only cash gives change; mobile money and card carry the operator's reference. */

/**
 * Payments of invoices (seed 001 paiement; DECISIONS §6): `appliedFcfa` = min(handed over,
 * remainder), `changeFcfa` (reliquat) = handed over - applied, `remainingAfterFcfa` (reste) the
 * invoice's remainder after it. A payment voided (its invoice deleted, or corrected by a
 * director) keeps its row with `voidedAt`. The idempotency key is stored with it, unique per shop.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    cashRegisterId: integer('cash_register_id')
      .notNull()
      .references(() => cashRegisters.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    handedFcfa: bigint('handed_fcfa', { mode: 'number' }).notNull(),
    appliedFcfa: bigint('applied_fcfa', { mode: 'number' }).notNull(),
    changeFcfa: bigint('change_fcfa', { mode: 'number' }).notNull().default(0),
    remainingAfterFcfa: bigint('remaining_after_fcfa', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id),
    /**
     * A refund: money given back for the payment named here, when its invoice was deleted after the
     * payment's register day was closed. The closed day keeps the payment as it was counted; the
     * refund counts on its own (open) day, amounts negated, no change.
     */
    refundOf: integer('refund_of').references((): AnyPgColumn => payments.id),
  },
  (t) => [
    uniqueIndex('payments_refund_of_key').on(t.refundOf).where(sql`${t.refundOf} is not null`),
    uniqueIndex('payments_shop_idempotency_key').on(t.shopId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('payments_shop_created_idx').on(t.shopId, t.createdAt),
    index('payments_shop_user_created_idx').on(t.shopId, t.userId, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_register_created_idx').on(t.cashRegisterId, t.createdAt),
    check(
      'payments_amounts_check',
      sql`((${t.refundOf} is null and ${t.appliedFcfa} > 0 and ${t.handedFcfa} >= ${t.appliedFcfa}
          and ${t.changeFcfa} = ${t.handedFcfa} - ${t.appliedFcfa} and (${t.method} = 'cash' or ${t.changeFcfa} = 0))
        or (${t.refundOf} is not null and ${t.appliedFcfa} < 0 and ${t.handedFcfa} = ${t.appliedFcfa} and ${t.changeFcfa} = 0))
        and ${t.remainingAfterFcfa} >= 0`,
    ),
  ],
);

/** Deliveries of invoices by a driver (seed 001 livraison); a cancelled one keeps its row. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
  },
  (t) => [
    index('deliveries_shop_created_idx').on(t.shopId, t.createdAt),
    index('deliveries_shop_user_created_idx').on(t.shopId, t.userId, t.createdAt),
    uniqueIndex('deliveries_one_live_per_invoice_key').on(t.invoiceId).where(sql`${t.cancelledAt} is null`),
  ],
);

/**
 * The closing of a register's day (clôture de caisse, DECISIONS §12): what the payments of the
 * day say, what the cashier counted, and the difference. A closed day cannot change.
 */
export const cashClosings = pgTable(
  'cash_closings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    cashRegisterId: integer('cash_register_id')
      .notNull()
      .references(() => cashRegisters.id),
    /** The calendar day in the shop's time zone. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    openingFloatFcfa: bigint('opening_float_fcfa', { mode: 'number' }).notNull().default(0),
    /** Applied amounts per payment method, e.g. { cash: 15000, orange_money: 5000 }. */
    totalsByMethod: jsonb('totals_by_method').$type<Record<string, number>>().notNull(),
    changeGivenFcfa: bigint('change_given_fcfa', { mode: 'number' }).notNull().default(0),
    /** How many payments the figures above sum. */
    paymentCount: integer('payment_count').notNull().default(0),
    expectedCashFcfa: bigint('expected_cash_fcfa', { mode: 'number' }).notNull(),
    countedCashFcfa: bigint('counted_cash_fcfa', { mode: 'number' }).notNull(),
    differenceFcfa: bigint('difference_fcfa', { mode: 'number' }).notNull(),
    note: text('note'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Idempotency-Key of the request that closed the day, unique per shop (a retry gets the same closing). */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('cash_closings_register_day_key').on(t.cashRegisterId, t.businessDate),
    index('cash_closings_shop_idx').on(t.shopId, t.businessDate),
    uniqueIndex('cash_closings_shop_idempotency_key').on(t.shopId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * The sales and payments of a shop summed per calendar day in the shop's time zone, so that the
 * dashboard's all-time figures and a year's report read at most a row a day instead of every
 * invoice, line and payment (issue 11). Never written by the application: triggers on
 * `invoices`, `invoice_lines` and `payments` (migration 0009) keep it in the transaction of every
 * write, and `sales_daily_totals_rebuild(shop)` recomputes a shop's rows from the raw rows (the
 * migration's backfill, the bench's bulk load, a change of the shop's time zone). A sale is a live
 * invoice that is not a proforma; a payment counts while it is not voided.
 */
export const salesDailyTotals = pgTable(
  'sales_daily_totals',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** Live invoices of every type (proformas too): the invoice lists' counts. */
    liveInvoices: integer('live_invoices').notNull().default(0),
    /** Sales. */
    invoices: integer('invoices').notNull().default(0),
    /** Sales not settled, not delivered: the cash desk's and the deliveries' list counts. */
    unsettled: integer('unsettled').notNull().default(0),
    undelivered: integer('undelivered').notNull().default(0),
    lines: integer('lines').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    soldFcfa: bigint('sold_fcfa', { mode: 'number' }).notNull().default(0),
    costFcfa: bigint('cost_fcfa', { mode: 'number' }).notNull().default(0),
    payments: integer('payments').notNull().default(0),
    paidFcfa: bigint('paid_fcfa', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);
