import type { CreditNote, DocumentsControl, Verification } from '@app/common/contracts/legal';
import type { Page } from '@app/common/contracts/paging';
import type { Language } from '@app/common/languages';
import { canSee } from '@app/common/permissions';
import { bpToPercent } from '@app/common/vat';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { documentChainHeads, invoices, issuedDocuments } from '../../db/schema/index.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { verificationUrl } from '../../lib/public-origin.js';
import type { IssuedDocumentRow } from './document-answers.service.js';
import { chainHashOf, parseContent, sha256Hex, VERIFICATION_CODE } from './document-content.service.js';

/**
 * Reading issued documents (issue 21, DECISIONS §14): the public verification of a code, the
 * check of a shop's hash chains, and credit notes. The sales module issues them
 * (features/sales/issue-document.ts); nothing here writes.
 */

/**
 * GET /api/verifier/{code}: the issuer's name, the number, date, total and status of the document,
 * nothing else; an unknown code, or a document that is not as it was issued, is "cannot be
 * verified" (404), the same answer whatever the reason.
 */
export async function verifyCode(db: Db, code: string): Promise<Verification> {
  if (!VERIFICATION_CODE.test(code)) throw new AppError('DOCUMENT_NOT_VERIFIABLE');
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.code, code));
  if (!row || !(await stillAsIssued(db, row))) throw new AppError('DOCUMENT_NOT_VERIFIABLE');
  const content = parseContent(row.content);
  if (content.code !== code || content.totalTtcFcfa !== row.totalFcfa) throw new AppError('DOCUMENT_NOT_VERIFIABLE');
  return {
    emetteur: content.issuer.companyName ?? content.issuer.name,
    numero: content.number,
    date: content.issuedAt,
    fuseau: content.timeZone,
    total: content.totalTtcFcfa,
    statut: row.status,
  };
}

/**
 * Whether a document is as it was issued, as far as its neighbours in its chain can tell: its
 * content matches its hash, it links to the document before it, and the document after it (or,
 * for the newest, the series' head) links to it. Content rewritten with its hash recomputed
 * breaks its own link; its link recomputed too breaks the next one's.
 */
async function stillAsIssued(db: Db, row: IssuedDocumentRow): Promise<boolean> {
  if (sha256Hex(row.content) !== row.contentHash) return false;
  const neighbours = await db
    .select({ seq: issuedDocuments.seq, contentHash: issuedDocuments.contentHash, chainHash: issuedDocuments.chainHash })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.shopId, row.shopId), eq(issuedDocuments.series, row.series), inArray(issuedDocuments.seq, [row.seq - 1, row.seq + 1])));
  const before = neighbours.find((n) => n.seq === row.seq - 1);
  if (row.seq > 1 && !before) return false;
  if (chainHashOf(before?.chainHash ?? null, row.contentHash) !== row.chainHash) return false;
  const after = neighbours.find((n) => n.seq === row.seq + 1);
  if (after) return chainHashOf(row.chainHash, after.contentHash) === after.chainHash;
  const [head] = await db
    .select({ seq: documentChainHeads.seq, chainHash: documentChainHeads.chainHash })
    .from(documentChainHeads)
    .where(and(eq(documentChainHeads.shopId, row.shopId), eq(documentChainHeads.series, row.series)));
  return head !== undefined && head.seq === row.seq && head.chainHash === row.chainHash;
}

type Fault = NonNullable<DocumentsControl['premierDefaut']>;

/**
 * Checks every chain of a shop (FAC, AV): each document's content against its hash, each link
 * against the previous one, the sequence without gap; that every invoice issued since the
 * first document has one; and that each year's credit notes are as many as their counter issued
 * (the last one removed leaves no gap). Answers the first broken link (in series order, then sequence).
 */
export async function controlShop(db: Db, shopId: number): Promise<DocumentsControl> {
  const rows = await db
    .select({
      id: issuedDocuments.id,
      series: issuedDocuments.series,
      seq: issuedDocuments.seq,
      number: issuedDocuments.number,
      content: issuedDocuments.content,
      contentHash: issuedDocuments.contentHash,
      chainHash: issuedDocuments.chainHash,
      invoiceId: issuedDocuments.invoiceId,
    })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.shopId, shopId))
    .orderBy(asc(issuedDocuments.series), asc(issuedDocuments.seq));
  let fault: Fault | null = null;
  let previous: { series: string; seq: number; chainHash: string } | null = null;
  for (const row of rows) {
    if (fault) break;
    const last: { series: string; seq: number; chainHash: string } | null = previous;
    const sameSeries: boolean = last !== null && last.series === row.series;
    const expectedSeq: number = last !== null && sameSeries ? last.seq + 1 : 1;
    if (row.seq !== expectedSeq) fault = { serie: row.series, sequence: expectedSeq, numero: null, raison: 'manquant' };
    else if (sha256Hex(row.content) !== row.contentHash) fault = { serie: row.series, sequence: row.seq, numero: row.number, raison: 'contenu' };
    else if (chainHashOf(last !== null && sameSeries ? last.chainHash : null, row.contentHash) !== row.chainHash) {
      fault = { serie: row.series, sequence: row.seq, numero: row.number, raison: 'chaine' };
    }
    previous = { series: row.series, seq: row.seq, chainHash: row.chainHash };
  }
  if (!fault) {
    // An invoice (not a proforma) written since the shop's first document without any: its document was removed.
    const [missing] = rowsOf<{ code: string }>(
      await db.execute(sql`
        select i.code from invoices i
        where i.shop_id = ${shopId} and i.type_id <> 3
          and i.id >= (select min(d.invoice_id) from issued_documents d where d.shop_id = ${shopId} and d.series = 'FAC')
          and not exists (select 1 from issued_documents d where d.invoice_id = i.id and d.series = 'FAC')
        order by i.id limit 1`),
    );
    if (missing) fault = { serie: 'FAC', sequence: 0, numero: missing.code, raison: 'sans_document' };
  }
  if (!fault) {
    // The newest credit notes removed leave no gap behind them: the series' counter (taken in the
    // credit note's transaction, so never ahead of a committed one) says how many each year has.
    const [short] = rowsOf<{ year: number; stored: number }>(
      await db.execute(sql`
        select c.year, (select count(*) from issued_documents d where d.shop_id = c.shop_id and d.series = 'AV' and d.year = c.year)::int as stored
        from document_counters c
        where c.shop_id = ${shopId} and c.series = 'AV'
          and c.last_number > (select count(*) from issued_documents d where d.shop_id = c.shop_id and d.series = 'AV' and d.year = c.year)
        order by c.year limit 1`),
    );
    if (short) {
      const lastSeq = rows.filter((r) => r.series === 'AV').reduce((max, r) => Math.max(max, r.seq), 0);
      fault = { serie: 'AV', sequence: lastSeq + 1, numero: `AV-${short.year}-${String(Number(short.stored) + 1).padStart(6, '0')}`, raison: 'manquant' };
    }
  }
  if (!fault) {
    // Last, what the checks above cannot see: the newest document of a series removed or replaced
    // (an edited invoice's new document: its invoice still has its older one). The series' head
    // row (document_chain_heads, moved on in each document's own INSERT) still names it.
    const heads = await db
      .select({ series: documentChainHeads.series, seq: documentChainHeads.seq, chainHash: documentChainHeads.chainHash })
      .from(documentChainHeads)
      .where(eq(documentChainHeads.shopId, shopId))
      .orderBy(asc(documentChainHeads.series));
    for (const head of heads) {
      const newest = rows.filter((r) => r.series === head.series).at(-1);
      const newestSeq = newest?.seq ?? 0;
      if (head.seq > newestSeq) fault = { serie: head.series, sequence: newestSeq + 1, numero: null, raison: 'manquant' };
      else if (newest && head.seq === newest.seq && head.chainHash !== newest.chainHash) {
        fault = { serie: head.series, sequence: newest.seq, numero: newest.number, raison: 'chaine' };
      }
      if (fault) break;
    }
  }
  return { ok: fault === null, documents: rows.length, premierDefaut: fault };
}

/** Every shop's chains (npm run verify:documents), or one shop's. */
export async function controlShops(db: Db, shopId?: number): Promise<{ shopId: number; result: DocumentsControl }[]> {
  const ids =
    shopId !== undefined
      ? [shopId]
      : rowsOf<{ shop_id: number }>(await db.execute(sql`select distinct shop_id from issued_documents order by shop_id`)).map((r) => Number(r.shop_id));
  const out = [];
  for (const id of ids) out.push({ shopId: id, result: await controlShop(db, id) });
  return out;
}

export function creditNoteOf(row: IssuedDocumentRow, invoice: { id: number; code: string; createdAt: Date }, lang: Language): CreditNote {
  const content = parseContent(row.content);
  return {
    idAvoir: row.id,
    numero: row.number,
    date: row.issuedAt.toISOString(),
    motif: content.corrects?.reason ?? 'annulee',
    idBoutique: row.shopId,
    facture: { idFacture: invoice.id, codeFac: invoice.code, date: content.corrects?.issuedAt ?? invoice.createdAt.toISOString() },
    articles: content.lines.map((l) => ({
      designation: l.designation,
      nombre: l.quantity,
      prix: l.unitPriceFcfa,
      tauxTva: l.rateBp === null ? null : bpToPercent(l.rateBp),
      montant: l.totalFcfa,
    })),
    remise: content.discountFcfa,
    totalHt: content.totalHtFcfa,
    tva: content.vat.map((v) => ({ taux: v.rateBp === null ? null : bpToPercent(v.rateBp), base: v.baseFcfa, montant: v.vatFcfa })),
    totalTtc: content.totalTtcFcfa,
    montantEnLettres: content.amountInWords,
    verification: { code: row.code, url: verificationUrl(row.code, lang) },
    file: `avoir-${row.id}.pdf`,
  };
}

/** Credit notes the caller sees: a director or manager every one of the shop, a seller or cashier those of their own invoices. */
function visibleTo(actor: Actor) {
  return canSee(actor, 'creditNotes') === 'all' ? undefined : eq(invoices.userId, actor.userId);
}

export async function pageCreditNotes(db: Db, ctx: ShopContext, page: number, lang: Language): Promise<Page<CreditNote>> {
  const where = and(eq(issuedDocuments.shopId, ctx.shopId), eq(issuedDocuments.series, 'AV'), visibleTo(ctx));
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ doc: issuedDocuments, invoice: { id: invoices.id, code: invoices.code, createdAt: invoices.createdAt } })
    .from(issuedDocuments)
    .innerJoin(invoices, eq(invoices.id, issuedDocuments.invoiceId))
    .where(where)
    .orderBy(desc(issuedDocuments.seq))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issuedDocuments)
    .innerJoin(invoices, eq(invoices.id, issuedDocuments.invoiceId))
    .where(where);
  return toPage(
    rows.map((r) => creditNoteOf(r.doc, r.invoice, lang)),
    Number(count?.n ?? 0),
    page,
  );
}

/** One credit note of the caller's shops that the caller may see; anything else is NOT_FOUND. */
export async function findCreditNote(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ doc: issuedDocuments, invoice: { id: invoices.id, code: invoices.code, createdAt: invoices.createdAt, userId: invoices.userId } })
    .from(issuedDocuments)
    .innerJoin(invoices, eq(invoices.id, issuedDocuments.invoiceId))
    .where(and(eq(issuedDocuments.id, id), eq(issuedDocuments.series, 'AV')));
  if (!row || !actor.shopIds.includes(row.doc.shopId)) throw new AppError('NOT_FOUND');
  const seen = canSee(actor, 'creditNotes');
  if (seen === 'none' || (seen === 'own' && row.invoice.userId !== actor.userId)) throw new AppError('NOT_FOUND');
  return row;
}
