import { createHash, randomBytes } from 'node:crypto';
import { vatBreakdown } from '@app/common/vat';
import { closingSentence } from '../../lib/amount-in-words.js';
import { AppError } from '../../lib/app-error.js';
import type { ShopLegal } from '../legal-identity/legal-identity.service.js';

/**
 * The frozen content of an issued document (issue 21, DECISIONS §14): everything its prints show,
 * as it was when issued. Stored as the exact JSON text (`contentText`), so that its SHA-256 is
 * computed again byte for byte; every reprint, PDF and ticket is drawn from it.
 */
export type DocumentLine = { articleId: number; designation: string; quantity: number; unitPriceFcfa: number; rateBp: number | null; totalFcfa: number };
export type DocumentPayment = { method: string; reference: string | null; handedFcfa: number; appliedFcfa: number; changeFcfa: number };

export type DocumentContent = {
  v: 1;
  /** A proforma is never issued nor stored: its content is built when it prints (issue-document.ts `proformaContent`). */
  kind: 'facture' | 'avoir' | 'proforma';
  number: string;
  issuedAt: string;
  timeZone: string;
  issuer: Omit<ShopLegal, 'logoFileId'> & { logoFileId: number | null };
  seller: { id: number; name: string };
  /** `address`: since documents carry it (a document issued before has none). */
  customer: { id: number; name: string; taxId: string | null; address?: string | null } | null;
  type: { id: number; libelle: string; libelleEn: string | null };
  pricesIncludeVat: boolean;
  lines: DocumentLine[];
  subtotalFcfa: number;
  discountFcfa: number;
  vat: { rateBp: number | null; baseFcfa: number; vatFcfa: number }[];
  totalHtFcfa: number;
  totalVatFcfa: number;
  totalTtcFcfa: number;
  amountInWords: string;
  /** The payments at issue (the invoice paid at the till); later ones are printed from the payments. */
  payments: DocumentPayment[];
  paidFcfa: number;
  remainingFcfa: number;
  /** A credit note: the invoice document it takes back, and why (corrected, cancelled). */
  corrects: { number: string; issuedAt: string; reason: 'corrigee' | 'annulee' } | null;
  code: string;
  /** A sale made offline: the provisional reference its ticket was printed with (DECISIONS §13), by which the customer finds it. */
  ticketRef?: string;
};

export type ContentInput = Omit<DocumentContent, 'v' | 'vat' | 'totalHtFcfa' | 'totalVatFcfa' | 'totalTtcFcfa' | 'amountInWords' | 'lines'> & {
  lines: Omit<DocumentLine, 'totalFcfa'>[];
};

/** The content with its lines' totals, VAT per rate (common/vat.ts) and the amount in words. */
export function buildContent(input: ContentInput): DocumentContent {
  const lines = input.lines.map((l) => ({ ...l, totalFcfa: l.quantity * l.unitPriceFcfa }));
  const vat = vatBreakdown(lines, input.discountFcfa, input.pricesIncludeVat);
  return {
    v: 1,
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    timeZone: input.timeZone,
    issuer: input.issuer,
    seller: input.seller,
    customer: input.customer,
    type: input.type,
    pricesIncludeVat: input.pricesIncludeVat,
    lines,
    subtotalFcfa: input.subtotalFcfa,
    discountFcfa: input.discountFcfa,
    vat: vat.rates.map((r) => ({ rateBp: r.rateBp, baseFcfa: r.baseFcfa, vatFcfa: r.vatFcfa })),
    totalHtFcfa: vat.totalHtFcfa,
    totalVatFcfa: vat.totalVatFcfa,
    totalTtcFcfa: vat.totalTtcFcfa,
    amountInWords: closingSentence(input.kind, vat.totalTtcFcfa),
    payments: input.payments,
    paidFcfa: input.paidFcfa,
    remainingFcfa: input.remainingFcfa,
    corrects: input.corrects,
    code: input.code,
    ...(input.ticketRef ? { ticketRef: input.ticketRef } : {}),
  };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The chain's link: SHA-256 of the previous document's chain hash (empty for the first) followed by this content's hash. */
export const chainHashOf = (previousChainHash: string | null, contentHash: string) => sha256Hex(`${previousChainHash ?? ''}${contentHash}`);

/** An unguessable verification code: 128 random bits, base64url (22 characters). */
export const newVerificationCode = () => randomBytes(16).toString('base64url');

export const VERIFICATION_CODE = /^[A-Za-z0-9_-]{22}$/;

export function parseContent(text: string): DocumentContent {
  return JSON.parse(text) as DocumentContent;
}

/** A stored document's content to print: refused (DOCUMENT_ALTERED) when it no longer matches its hash, rather than printed as the one issued. */
export function printableContent(row: { content: string; contentHash: string }): DocumentContent {
  if (sha256Hex(row.content) !== row.contentHash) throw new AppError('DOCUMENT_ALTERED');
  return parseContent(row.content);
}
