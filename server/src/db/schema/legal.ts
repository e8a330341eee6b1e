import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './accounts.js';
import { invoices } from './sales.js';
import { shops } from './shops.js';

/**
 * A shop's legal identity (DECISIONS §14): what an issued invoice shows of its issuer. One row per
 * shop, written by its director; a shop without one still sells and its documents omit it. VAT
 * rates are percentages times 100 (basis points: 18 % = 1800, 19.25 % = 1925), the first one the
 * standard rate.
 */
export const shopLegalIdentities = pgTable(
  'shop_legal_identities',
  {
    shopId: integer('shop_id')
      .primaryKey()
      .references(() => shops.id),
    companyName: text('company_name'),
    legalForm: text('legal_form'),
    /** Share capital in whole FCFA and head office (siège social), which OHADA companies' documents state. */
    shareCapitalFcfa: bigint('share_capital_fcfa', { mode: 'number' }),
    headOffice: text('head_office'),
    rccm: text('rccm'),
    taxId: text('tax_id'),
    /** ISO 3166 alpha-2. */
    country: text('country').notNull(),
    vatSubject: boolean('vat_subject').notNull().default(false),
    /** Shelf prices include VAT (true, the default) or not. */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    vatRatesBp: jsonb('vat_rates_bp').$type<number[]>().notNull(),
    footer: text('footer'),
    logoFileId: integer('logo_file_id').references(() => files.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/**
 * Issued documents (DECISIONS §14): an invoice (series FAC) or a credit note (series AV) as it was
 * issued, frozen. `content` is the exact JSON text that every print is drawn from; `contentHash`
 * is its SHA-256 and `chainHash` = SHA-256(previous document's chainHash + contentHash) in the
 * shop's series, `seq` its place there (1, 2, ...). Only `status` changes afterwards (emise,
 * corrigee, annulee); it is not part of the content. `code` is the public verification code.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    series: text('series', { enum: ['FAC', 'AV'] }).notNull(),
    seq: integer('seq').notNull(),
    /** The document's number (FAC-2026-000042, AV-2026-000003). */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** For a credit note: the invoice document it corrects. */
    correctsId: integer('corrects_id'),
    totalFcfa: bigint('total_fcfa', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    chainHash: text('chain_hash').notNull(),
    status: text('status', { enum: ['emise', 'corrigee', 'annulee'] }).notNull().default('emise'),
    code: text('code').notNull(),
  },
  (t) => [
    uniqueIndex('issued_documents_series_seq_key').on(t.shopId, t.series, t.seq),
    uniqueIndex('issued_documents_code_key').on(t.code),
    index('issued_documents_invoice_idx').on(t.invoiceId),
    index('issued_documents_shop_number_idx').on(t.shopId, t.series, t.number),
    check('issued_documents_seq_check', sql`${t.seq} > 0`),
  ],
);

/**
 * The head of each series' chain (issue 19): the newest issued document's `seq`, `chainHash` and
 * `contentHash`, per shop and series. Every document is issued by an upsert of this row in the
 * INSERT's own statement (sales/issue-document.ts): ON CONFLICT DO UPDATE works on the row's newest
 * version, so a document links to the one committed just before it even when its statement began
 * before that commit, and a sale can issue its document in its one write statement. Kept equal to
 * the newest row of `issued_documents` of the series (checked by the invariants).
 */
export const documentChainHeads = pgTable(
  'document_chain_heads',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    series: text('series', { enum: ['FAC', 'AV'] }).notNull(),
    seq: integer('seq').notNull(),
    chainHash: text('chain_hash').notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.series] })],
);
