import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import { printedName } from '@app/common/contracts/person';
import { effectiveRateBp } from '@app/common/vat';
import { todayIn } from '@app/common/dates';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { toSafeInteger } from '../../db/sums.js';
import { issuedDocuments } from '../../db/schema/index.js';
import type { SaleRefs } from './sale-refs.queries.js';
import { buildContent, newVerificationCode, parseContent, sha256Hex, type DocumentContent } from '../documents/document-content.service.js';
import { legalOf, shopLegal } from '../legal-identity/legal-identity.service.js';

/**
 * Issuing the frozen documents of invoices (issue 21, DECISIONS §14), in the transaction of the
 * sales command that writes the invoice. A new sale's document is built in Node from what the
 * command holds and written by the sale's own write statement (`pendingSaleDocument`); an edit's
 * new document is built from the rows just written (one statement) and inserted (one statement);
 * a credit note likewise. Every document is linked to the previous one of the shop's series by the
 * series' head row (`chainHeadUpsert`), moved on in the INSERT's own statement. A sale holds its
 * series' counter row and then its head row until it commits, so the documents of a series are
 * chained in the order of their numbers; an edit or a credit note takes the counter row first.
 */

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;
type Series = 'FAC' | 'AV';

export type InvoiceSnapshot = {
  invoice: {
    id: number;
    shopId: number;
    code: string;
    year: number;
    typeId: number;
    subtotalFcfa: number;
    discountFcfa: number;
    totalFcfa: number;
    paidFcfa: number;
    remainingFcfa: number;
    createdAt: string;
    ticketRef?: string | null;
    /** Read for a proforma's print (a deleted one says so); an issued document never holds it. */
    deleted?: boolean;
  };
  shop: { nom: string; adresse: string; telephone: string; time_zone: string };
  identity: {
    company_name: string | null;
    legal_form: string | null;
    share_capital_fcfa: number | string | null;
    head_office: string | null;
    rccm: string | null;
    tax_id: string | null;
    country: string;
    vat_subject: boolean;
    prices_include_vat: boolean;
    vat_rates_bp: number[];
    footer: string | null;
    logo_file_id: number | null;
  } | null;
  type: { id: number; libelle: string; libelleEn: string | null };
  seller: { id: number; name: string };
  customer: { id: number; name: string; taxId: string | null; address: string | null } | null;
  lines: { articleId: number; designation: string; quantity: number; unitPriceFcfa: number; vatDefault: boolean; vatRateBp: number | null }[];
  payments: { method: string; reference: string | null; handedFcfa: number; appliedFcfa: number; changeFcfa: number }[];
};

/** Everything an invoice's document shows, as it is now in the transaction, in one statement. */
async function snapshotOf(tx: Db, invoiceId: number): Promise<InvoiceSnapshot> {
  const [row] = rowsOf<{ snapshot: unknown }>(
    await tx.execute(sql`
      select json_build_object(
        'invoice', json_build_object('id', i.id, 'shopId', i.shop_id, 'code', i.code, 'year', i.year, 'typeId', i.type_id,
          'subtotalFcfa', i.subtotal_fcfa, 'discountFcfa', i.discount_fcfa, 'totalFcfa', i.total_fcfa, 'paidFcfa', i.paid_fcfa,
          'remainingFcfa', i.remaining_fcfa, 'createdAt', i.created_at, 'ticketRef', i.ticket_ref,
          'deleted', i.deleted_at is not null),
        'shop', (select json_build_object('nom', s.nom, 'adresse', s.adresse, 'telephone', s.telephone, 'time_zone', s.time_zone)
          from shops s where s.id = i.shop_id),
        'identity', (select row_to_json(l) from shop_legal_identities l where l.shop_id = i.shop_id),
        'type', (select json_build_object('id', t.id, 'libelle', t.libelle, 'libelleEn', t.libelle_en) from invoice_types t where t.id = i.type_id),
        'seller', (select json_build_object('id', u.id, 'username', u.username, 'prenom', u.prenom, 'nom', u.nom) from users u where u.id = i.user_id),
        'customer', (select json_build_object('id', c.id, 'name', trim(c.nom || ' ' || c.prenom), 'taxId', c.tax_id, 'address', nullif(trim(c.adresse), ''))
          from clients c where c.id = i.client_id),
        'lines', coalesce((select json_agg(json_build_object('articleId', a.id, 'designation', a.designation, 'quantity', il.quantity,
            'unitPriceFcfa', il.unit_price_fcfa, 'vatDefault', a.vat_default, 'vatRateBp', a.vat_rate_bp) order by il.id)
          from invoice_lines il join articles a on a.id = il.article_id where il.invoice_id = i.id), '[]'::json),
        'payments', coalesce((select json_agg(json_build_object('method', p.method, 'reference', p.reference, 'handedFcfa', p.handed_fcfa,
            'appliedFcfa', p.applied_fcfa, 'changeFcfa', p.change_fcfa) order by p.created_at, p.id)
          from payments p where p.invoice_id = i.id and p.voided_at is null), '[]'::json)
      ) as snapshot
      from invoices i where i.id = ${invoiceId}`),
  );
  if (!row) throw new Error(`invoice ${invoiceId} not found for its document`);
  const snap = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as Omit<InvoiceSnapshot, 'seller'> & {
    seller: { id: number; username: string; prenom: string; nom: string };
  };
  // The seller by name, as every document prints a person (common/contracts/person.ts).
  return { ...snap, seller: { id: snap.seller.id, name: printedName(snap.seller) } };
}

/**
 * The chain's link, for every document issued: the series' head row (document_chain_heads) moved
 * on by an upsert, and answered as the new document's `seq` and `chain_hash`. ON CONFLICT DO UPDATE
 * works on the head's newest version (waiting for a sale that holds it), so the link is right even
 * in a statement whose snapshot is older than the previous document's commit (the sale's one write,
 * invoice-writes.ts). `contentHash` is an SQL expression.
 */
export function chainHeadUpsert(shopId: number, series: Series, contentHash: SQL, from: SQL = sql``): SQL {
  return sql`insert into document_chain_heads (shop_id, series, seq, chain_hash, content_hash)
    select ${shopId}, ${series}, 1, encode(sha256(convert_to(${contentHash}, 'UTF8')), 'hex'), ${contentHash} ${from}
    on conflict (shop_id, series) do update set seq = document_chain_heads.seq + 1,
      chain_hash = encode(sha256(convert_to(document_chain_heads.chain_hash || excluded.content_hash, 'UTF8')), 'hex'),
      content_hash = excluded.content_hash
    returning seq, chain_hash`;
}

type NewDocument = { shopId: number; series: Series; number: string; year: number; invoiceId: number; correctsId: number | null; issuedAt: string; content: DocumentContent };

function documentRow(values: NewDocument, text: string, contentHash: string, written: { id: number | string; seq: number | string; chain_hash: string }): IssuedDocumentRow {
  return {
    id: Number(written.id),
    shopId: values.shopId,
    series: values.series,
    seq: Number(written.seq),
    number: values.number,
    year: values.year,
    invoiceId: values.invoiceId,
    correctsId: values.correctsId,
    totalFcfa: values.content.totalTtcFcfa,
    issuedAt: new Date(values.issuedAt),
    content: text,
    contentHash,
    chainHash: written.chain_hash,
    status: 'emise',
    code: values.content.code,
  };
}

/** Inserts a document at the end of its series' chain; answers the stored row. */
async function insertDocument(tx: Db, values: NewDocument): Promise<IssuedDocumentRow> {
  const text = JSON.stringify(values.content);
  const contentHash = sha256Hex(text);
  const [row] = rowsOf<{ id: number; seq: number; chain_hash: string }>(
    await tx.execute(sql`
      with head as (${chainHeadUpsert(values.shopId, values.series, sql`${contentHash}::text`)})
      insert into issued_documents (shop_id, series, seq, number, year, invoice_id, corrects_id, total_fcfa, issued_at, content,
        content_hash, chain_hash, code)
      select ${values.shopId}, ${values.series}, head.seq, ${values.number}, ${values.year}, ${values.invoiceId},
        ${values.correctsId}::int, ${values.content.totalTtcFcfa}, ${values.issuedAt}::timestamptz, ${text}, ${contentHash},
        head.chain_hash, ${values.content.code}
      from head
      returning id, seq, chain_hash`),
  );
  if (!row) throw new Error('document not written');
  return documentRow(values, text, contentHash, row);
}

/** Where a sale's document text takes its number, which the write statement puts in (a NUL: no stored text holds one). */
const NUMBER_SLOT = '\u0000';
const NUMBER_SLOT_JSON = `"number":${JSON.stringify(NUMBER_SLOT)}`;

export type PendingDocument = {
  /** The statement's CTEs doc_text, doc_hash, head and doc; `idSql` and `codeSql` are scalar subqueries on the invoice written. */
  ctes: (invoice: { idSql: SQL; codeSql: SQL }) => SQL;
  rowOf: (written: { invoiceId: number; code: string; doc: unknown }) => IssuedDocumentRow;
};

/**
 * A sale's document issued in the sale's own write statement (invoice-writes.ts `insertInvoice`):
 * its content is built before the number is known, with NUMBER_SLOT in the place of the number,
 * and the statement puts the invoice's code there, hashes it and links it (`ctes`). `rowOf` makes
 * the stored row from what the statement answers, and checks that Node's text hashes as the
 * database's did.
 */
export function pendingSaleDocument(input: Omit<SaleOfSnapshot, 'row'> & { row: Omit<SaleOfSnapshot['row'], 'id' | 'code'> }): PendingDocument {
  const snap = saleSnapshot({ ...input, row: { ...input.row, id: 0, code: NUMBER_SLOT } });
  const { content, issuedAt } = contentOf(snap);
  const text = JSON.stringify(content);
  const slotAt = text.indexOf(NUMBER_SLOT_JSON);
  if (slotAt < 0 || text.indexOf(NUMBER_SLOT_JSON, slotAt + 1) >= 0) throw new Error('the number slot must appear once in a document');
  const shopId = snap.invoice.shopId;
  return {
    ctes: ({ idSql, codeSql }) => sql`doc_text as (
        select replace(${text}::text, ${NUMBER_SLOT_JSON}::text, '"number":' || to_json(${codeSql}::text)::text) as t),
      doc_hash as (select t, encode(sha256(convert_to(t, 'UTF8')), 'hex') as h from doc_text),
      head as (${chainHeadUpsert(shopId, 'FAC', sql`doc_hash.h`, sql`from doc_hash`)}),
      doc as (
        insert into issued_documents (shop_id, series, seq, number, year, invoice_id, corrects_id, total_fcfa, issued_at, content,
          content_hash, chain_hash, code)
        select ${shopId}, 'FAC', head.seq, ${codeSql}, ${snap.invoice.year}, ${idSql}, null, ${content.totalTtcFcfa},
          ${issuedAt}::timestamptz, doc_hash.t, doc_hash.h, head.chain_hash, ${content.code}
        from head, doc_hash
        returning id, seq, chain_hash, content_hash)`,
    rowOf: ({ invoiceId, code, doc }) => {
      const written = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { id: number; seq: number; chain_hash: string; content_hash: string };
      const finalText = text.replace(NUMBER_SLOT_JSON, `"number":${JSON.stringify(code)}`);
      const contentHash = sha256Hex(finalText);
      if (contentHash !== written.content_hash) throw new Error('the document hashed in the database is not the one built');
      return documentRow(
        { shopId, series: 'FAC', number: code, year: snap.invoice.year, invoiceId, correctsId: null, issuedAt, content: { ...content, number: code } },
        finalText,
        contentHash,
        written,
      );
    },
  };
}

function toNumber<T extends Record<string, unknown>>(value: T, keys: (keyof T)[]): T {
  const out = { ...value };
  for (const key of keys) out[key] = toSafeInteger(out[key]) as T[keyof T];
  return out;
}

/** An article's VAT rate kept from the invoice's issued version (null: exempt), by article. */
export type KeptRates = ReadonlyMap<number, number | null>;

/**
 * The VAT rates the invoice's current version charged, by article, to keep when it is corrected:
 * a supply is taxed at the rate of the day it was sold, not of the day its invoice was corrected
 * (an article's rate changed since). A version issued before the shop was subject to VAT charged
 * none: its lines keep none (exempt), even once the shop is subject (they were not taxed then).
 */
export async function keptRatesOf(tx: Db, invoiceId: number): Promise<KeptRates | undefined> {
  const current = await currentInvoiceDocument(tx, invoiceId);
  if (!current) return undefined;
  const content = parseContent(current.content);
  return new Map(content.lines.map((l) => [l.articleId, content.issuer.vatSubject ? l.rateBp : null]));
}

/** Articles' VAT references (or lines) with the kept rates in place of today's; `articleOf` names each one's article. */
export function withKeptRates<A extends { vatDefault: boolean; vatRateBp: number | null }>(items: readonly A[], kept: KeptRates | undefined, articleOf: (item: A) => number): A[] {
  return items.map((a) => (kept?.has(articleOf(a)) ? { ...a, vatDefault: false, vatRateBp: kept.get(articleOf(a)) ?? null } : a));
}

/**
 * Issues the document of an invoice (not a proforma: the caller checks) from its rows in the
 * transaction: the shop's legal identity now, the lines with each article's VAT rate now (or the
 * rate `kept` from the version a correction replaces), the payments recorded with it.
 */
export async function issueInvoiceDocument(tx: Db, invoiceId: number, at?: Date, kept?: KeptRates): Promise<IssuedDocumentRow> {
  const snap = await snapshotOf(tx, invoiceId);
  return issueFromSnapshot(tx, { ...snap, lines: withKeptRates(snap.lines, kept, (l) => l.articleId) }, at);
}

/** The same, from a snapshot: one INSERT. */
async function issueFromSnapshot(tx: Db, snap: InvoiceSnapshot, at?: Date): Promise<IssuedDocumentRow> {
  const { content, issuedAt } = contentOf(snap, at);
  return insertDocument(tx, {
    shopId: snap.invoice.shopId,
    series: 'FAC',
    number: snap.invoice.code,
    year: snap.invoice.year,
    invoiceId: snap.invoice.id,
    correctsId: null,
    issuedAt,
    content,
  });
}

/**
 * A proforma's content as an issued invoice's would be (the issuer's identity and ids, each line's
 * VAT rate, the VAT per rate, the amount in words), built from its data when it prints: a quote is
 * not an issued document (DECISIONS §14), so nothing is stored, hashed, chained nor verifiable.
 * Undefined for an invoice that is not a proforma.
 */
export async function proformaContent(db: Db, invoiceId: number): Promise<{ content: DocumentContent; deleted: boolean; shopId: number } | undefined> {
  const snap = await snapshotOf(db, invoiceId);
  if (snap.invoice.typeId !== INVOICE_TYPE.proforma) return undefined;
  return { content: contentOf({ ...snap, payments: [] }, undefined, 'proforma').content, deleted: snap.invoice.deleted === true, shopId: snap.invoice.shopId };
}

/** An invoice's document content from its snapshot, issued at `at` (its creation by default). */
function contentOf(snap: InvoiceSnapshot, at?: Date, kind: 'facture' | 'proforma' = 'facture'): { content: DocumentContent; issuedAt: string } {
  const invoice = toNumber(snap.invoice, ['subtotalFcfa', 'discountFcfa', 'totalFcfa', 'paidFcfa', 'remainingFcfa']);
  const identity = snap.identity;
  const legal = legalOf(
    { nom: snap.shop.nom, adresse: snap.shop.adresse, telephone: snap.shop.telephone, timeZone: snap.shop.time_zone },
    identity && {
      shopId: invoice.shopId,
      companyName: identity.company_name,
      legalForm: identity.legal_form,
      shareCapitalFcfa: identity.share_capital_fcfa === null || identity.share_capital_fcfa === undefined ? null : toSafeInteger(identity.share_capital_fcfa),
      headOffice: identity.head_office ?? null,
      rccm: identity.rccm,
      taxId: identity.tax_id,
      country: identity.country,
      vatSubject: identity.vat_subject,
      pricesIncludeVat: identity.prices_include_vat,
      vatRatesBp: identity.vat_rates_bp,
      footer: identity.footer,
      logoFileId: identity.logo_file_id,
      updatedAt: new Date(0),
    },
  );
  const shopVat = { vatSubject: legal.vatSubject, standardRateBp: legal.vatRatesBp[0] ?? null };
  const issuedAt = (at ?? new Date(invoice.createdAt)).toISOString();
  const content = buildContent({
    kind,
    number: invoice.code,
    issuedAt,
    timeZone: snap.shop.time_zone,
    issuer: legal,
    seller: snap.seller,
    customer: snap.customer,
    type: snap.type,
    pricesIncludeVat: legal.pricesIncludeVat,
    lines: snap.lines.map((l) => ({
      articleId: l.articleId,
      designation: l.designation,
      quantity: l.quantity,
      unitPriceFcfa: toSafeInteger(l.unitPriceFcfa),
      rateBp: effectiveRateBp(l, shopVat),
    })),
    subtotalFcfa: invoice.subtotalFcfa,
    discountFcfa: invoice.discountFcfa,
    payments: snap.payments.map((p) => toNumber(p, ['handedFcfa', 'appliedFcfa', 'changeFcfa'])),
    paidFcfa: invoice.paidFcfa,
    remainingFcfa: invoice.remainingFcfa,
    corrects: null,
    code: kind === 'proforma' ? '' : newVerificationCode(),
    ...(snap.invoice.ticketRef ? { ticketRef: snap.invoice.ticketRef } : {}),
  });
  return { content, issuedAt };
}

/** The invoice's current document (its newest in the FAC series), or undefined (a proforma, an invoice issued before documents). */
export async function currentInvoiceDocument(tx: Db, invoiceId: number): Promise<IssuedDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.invoiceId, invoiceId), eq(issuedDocuments.series, 'FAC')))
    .orderBy(desc(issuedDocuments.seq))
    .limit(1);
  return row;
}

/** Takes the counter row of a series for this year (what a sale of the shop holds while it writes), and its next number. */
async function takeNumber(tx: Db, shopId: number, series: Series, timeZone: string, increment: boolean): Promise<{ year: number; number: number }> {
  const year = Number(todayIn(timeZone).slice(0, 4));
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into document_counters (shop_id, series, year, last_number) values (${shopId}, ${series}, ${year}, ${increment ? 1 : 0})
      on conflict (shop_id, series, year) do update set last_number = document_counters.last_number + ${increment ? 1 : 0}
      returning last_number`),
  );
  return { year, number: Number(row!.last_number) };
}

/**
 * A correction of an issued invoice (an edit or a deletion, DECISIONS §6 and §14): its current
 * document is marked `corrigee` or `annulee`, and a credit note (avoir, series AV per shop and
 * year: AV-2026-000003) takes back the whole of it, chained in the AV series. After an edit the
 * caller issues the invoice's new document. Answers the credit note, or null when the invoice has
 * no document (a proforma, or issued before documents existed).
 */
export async function issueCreditNote(
  tx: Db,
  invoiceId: number,
  reason: 'corrigee' | 'annulee',
  by: { userId: number; name: string },
  timeZone: string,
): Promise<IssuedDocumentRow | null> {
  const current = await currentInvoiceDocument(tx, invoiceId);
  if (!current || current.status !== 'emise') return null;
  // The invoice series' counter row first (as sales take it), then the credit notes'.
  await takeNumber(tx, current.shopId, 'FAC', timeZone, false);
  const { year, number } = await takeNumber(tx, current.shopId, 'AV', timeZone, true);
  await tx.update(issuedDocuments).set({ status: reason }).where(eq(issuedDocuments.id, current.id));
  const original = parseContent(current.content);
  const issuedAt = new Date().toISOString();
  // The credit note is issued today by the shop as it is today (its name, address, ids, logo); it
  // takes back the VAT the invoice charged, under the invoice's VAT terms.
  const { logoType: _logoType, ...today } = await shopLegal(tx, current.shopId);
  const issuer = { ...today, vatSubject: original.issuer.vatSubject, pricesIncludeVat: original.issuer.pricesIncludeVat, vatRatesBp: original.issuer.vatRatesBp };
  const content = buildContent({
    ...original,
    issuer,
    kind: 'avoir',
    number: `AV-${year}-${String(number).padStart(6, '0')}`,
    issuedAt,
    // Dated in the shop's zone of today, as its number's year is (the invoice's may have been another).
    timeZone,
    seller: { id: by.userId, name: by.name },
    lines: original.lines.map(({ totalFcfa: _total, ...line }) => line),
    payments: [],
    paidFcfa: 0,
    remainingFcfa: 0,
    corrects: { number: original.number, issuedAt: original.issuedAt, reason },
    code: newVerificationCode(),
  });
  return insertDocument(tx, { shopId: current.shopId, series: 'AV', number: content.number, year, invoiceId, correctsId: current.id, issuedAt, content });
}

/** Before an edit re-issues an invoice's document: the FAC series' counter row, as a sale takes it. */
export async function lockInvoiceSeries(tx: Db, shopId: number, timeZone: string): Promise<void> {
  await takeNumber(tx, shopId, 'FAC', timeZone, false);
}

/** A sale's snapshot from what its command holds: the refs it read, the invoice row and lines it wrote, its payments. */
type SaleOfSnapshot = {
  row: Omit<InvoiceSnapshot['invoice'], 'createdAt'> & { createdAt: Date };
  refs: SaleRefs;
  lines: readonly { articleId: number; quantity: number; unitPriceFcfa: number }[];
  seller: { id: number; name: string };
  payments: readonly { method: string; reference: string | null; handedFcfa: number; appliedFcfa: number; changeFcfa: number }[];
};

function saleSnapshot(input: SaleOfSnapshot): InvoiceSnapshot {
  const { row, refs } = input;
  const articles = new Map(refs.articles.map((a) => [a.id, a]));
  return {
    invoice: { ...row, createdAt: row.createdAt.toISOString() },
    shop: { nom: refs.shop?.nom ?? '', adresse: refs.shop?.adresse ?? '', telephone: refs.shop?.telephone ?? '', time_zone: refs.timeZone ?? 'Africa/Abidjan' },
    identity: refs.identity as InvoiceSnapshot['identity'],
    type: refs.type!,
    seller: input.seller,
    customer: refs.client
      ? { id: refs.client.id, name: `${refs.client.nom} ${refs.client.prenom}`.trim(), taxId: refs.client.taxId ?? null, address: refs.client.adresse?.trim() || null }
      : null,
    lines: input.lines.map((l) => {
      const a = articles.get(l.articleId);
      return { articleId: l.articleId, designation: a?.designation ?? '', quantity: l.quantity, unitPriceFcfa: l.unitPriceFcfa, vatDefault: a?.vatDefault ?? true, vatRateBp: a?.vatRateBp ?? null };
    }),
    payments: input.payments.map((p) => ({ method: p.method, reference: p.reference, handedFcfa: p.handedFcfa, appliedFcfa: p.appliedFcfa, changeFcfa: p.changeFcfa })),
  };
}
