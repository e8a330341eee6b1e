import type { CreditNoteRef, Invoice } from '@app/common/contracts/invoices';
import type { Language } from '@app/common/languages';
import { bpToPercent } from '@app/common/vat';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { issuedDocuments } from '../../db/schema/index.js';
import { verificationUrl } from '../../lib/public-origin.js';
import { parseContent } from './document-content.service.js';

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;

/** What an invoice's answer gains from its documents (issue 21): amounts from the current frozen document, status, credit notes. */
export type DocumentFields = Pick<Invoice, 'totalHt' | 'tva' | 'assujettiTva' | 'totalTtc' | 'montantEnLettres' | 'verification' | 'statut' | 'avoirs' | 'versions'>;

/** The file reference of one version of an invoice's document (GET /api/downloadFile/{file}). */
export const versionFile = (documentId: number) => `document-${documentId}.pdf`;

export const creditNoteRefOf = (row: IssuedDocumentRow): CreditNoteRef => ({
  idAvoir: row.id,
  numero: row.number,
  date: row.issuedAt.toISOString(),
  montant: row.totalFcfa,
  motif: parseContent(row.content).corrects?.reason ?? 'annulee',
});

/** From all the documents of one invoice (its FAC versions and its credit notes). */
export function documentFieldsOf(docs: readonly IssuedDocumentRow[], lang: Language): DocumentFields {
  const versions = docs.filter((d) => d.series === 'FAC').sort((a, b) => b.seq - a.seq);
  const current = versions[0];
  if (!current) return {};
  const content = parseContent(current.content);
  const notes = docs.filter((d) => d.series === 'AV').sort((a, b) => a.seq - b.seq);
  const statut = current.status === 'annulee' ? 'annulee' : notes.length > 0 || current.status === 'corrigee' ? 'corrigee' : 'emise';
  return {
    totalHt: content.totalHtFcfa,
    tva: content.vat.map((v) => ({ taux: v.rateBp === null ? null : bpToPercent(v.rateBp), base: v.baseFcfa, montant: v.vatFcfa })),
    assujettiTva: content.issuer.vatSubject,
    totalTtc: content.totalTtcFcfa,
    montantEnLettres: content.amountInWords,
    verification: { code: current.code, url: verificationUrl(current.code, lang) },
    statut,
    avoirs: notes.map(creditNoteRefOf),
    // The versions it replaced, oldest first, each printable as it was issued (DECISIONS §14).
    versions: versions
      .slice(1)
      .reverse()
      .map((v) => ({ idDocument: v.id, date: v.issuedAt.toISOString(), montant: v.totalFcfa, statut: v.status, file: versionFile(v.id) })),
  };
}

/** The documents of these invoices of a shop, by invoice. */
export async function documentsOfInvoices(db: Db, shopId: number, invoiceIds: number[]): Promise<Map<number, IssuedDocumentRow[]>> {
  const byInvoice = new Map<number, IssuedDocumentRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.shopId, shopId), inArray(issuedDocuments.invoiceId, invoiceIds)))
    .orderBy(asc(issuedDocuments.id));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

/** An invoice's answer with its documents' fields. */
export async function withDocuments<T extends Invoice>(db: Db, shopId: number, invoice: T, lang: Language): Promise<T> {
  const docs = (await documentsOfInvoices(db, shopId, [invoice.idFacture])).get(invoice.idFacture) ?? [];
  return { ...invoice, ...documentFieldsOf(docs, lang) };
}

/** The invoice of an issued invoice version (a FAC document), or undefined. */
export async function invoiceOfVersion(db: Db, documentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ invoiceId: issuedDocuments.invoiceId })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.id, documentId), eq(issuedDocuments.series, 'FAC')));
  return row?.invoiceId;
}

/** What a printed version says of the credit notes around it: the one that cancelled or corrected it, the one that took back the version it replaces. */
export type VersionLinks = {
  /** The credit note that took this version back (a corrected or cancelled version). */
  takenBackBy?: { number: string; issuedAt: string };
  /** The version this one replaces (an edited invoice's new version), and the credit note that took it back. */
  replaces?: { issuedAt: string; creditNote: string };
};

/**
 * One version of an invoice's document to print (`versionId`, one of its FAC documents), or its
 * current one (its newest FAC version); undefined for an invoice without documents (a proforma).
 * A version prints with its own status: an edited invoice's new version is valid ("emise", as its
 * verification page says), the versions it replaced "corrigee", a deleted invoice's "annulee";
 * its links name the credit notes around it.
 */
export async function printableVersionOf(
  db: Db,
  invoiceId: number,
  versionId?: number,
): Promise<{ document: IssuedDocumentRow; links: VersionLinks; current: boolean } | undefined> {
  const docs = await db.select().from(issuedDocuments).where(eq(issuedDocuments.invoiceId, invoiceId));
  const versions = docs.filter((d) => d.series === 'FAC').sort((a, b) => a.seq - b.seq);
  const index = versionId === undefined ? versions.length - 1 : versions.findIndex((d) => d.id === versionId);
  const document = versions[index];
  if (!document) return undefined;
  const noteOf = (version: IssuedDocumentRow | undefined) => docs.find((d) => d.series === 'AV' && version !== undefined && d.correctsId === version.id);
  const takenBack = noteOf(document);
  const previous = index > 0 ? versions[index - 1] : undefined;
  const previousNote = noteOf(previous);
  return {
    document,
    current: index === versions.length - 1,
    links: {
      ...(takenBack ? { takenBackBy: { number: takenBack.number, issuedAt: takenBack.issuedAt.toISOString() } } : {}),
      ...(previous && previousNote ? { replaces: { issuedAt: previous.issuedAt.toISOString(), creditNote: previousNote.number } } : {}),
    },
  };
}
