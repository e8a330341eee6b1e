import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa, groupFcfa } from '@app/common/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage, translator } from '../../lib/i18n.js';
import { createA4, pdfBuffer, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn, type PdfShop } from '../../lib/pdf/pdf-parts.js';
import { ticketDocument, type TicketPen } from '../../lib/pdf/ticket.js';
import { shopOf } from './invoices.queries.js';
import { printableVersionOf } from '../documents/document-answers.service.js';
import { printableContent } from '../documents/document-content.service.js';
import { AppError } from '../../lib/app-error.js';
import { issuedLogo } from '../documents/issued-logo.service.js';
import { drawIssuedPdf } from '../documents/issued-pdf.service.js';
import { proformaContent } from '../sales/record-sale.service.js';

type Line = Invoice['articles'][number];
export type InvoiceFormat = 'a4' | 'ticket';
/** A payment as the ticket shows it: method, the operator's reference, handed over, applied and change. */
export type TicketPayment = { methode: string; reference: string | null; montant: number; montantPaye: number; reliquat: number };

const money = (amount: number) => formatFcfa(amount, { forPdf: true });

/** The document's words without parameters, translated once per language (the catalogues never change). */
const LABELS = ['noClient', 'article', 'quantity', 'unitPrice', 'amount', 'subtotal', 'discount', 'total', 'paid', 'remainder', 'noLines', 'deleted', 'thanks', 'payments', 'change'] as const;
const labelsByLanguage = new Map<Language, Map<string, string>>();

function labelsOf(lang: Language): Map<string, string> {
  let labels = labelsByLanguage.get(lang);
  if (!labels) {
    const t = translator(lang);
    labels = new Map(LABELS.map((key) => [key, t(`pdf.${key}`, { ns: 'invoices' })]));
    labelsByLanguage.set(lang, labels);
  }
  return labels;
}

export type InvoiceShop = PdfShop & { timeZone: string };

function words(invoice: Invoice, shop: InvoiceShop, lang: Language) {
  const t = translator(lang);
  const labels = labelsOf(lang);
  const k = (key: string, params?: Record<string, unknown>) =>
    (params === undefined ? labels.get(key) : undefined) ?? t(`pdf.${key}`, { ns: 'invoices', ...params });
  const client = invoice.client ? `${invoice.client.nom} ${invoice.client.prenom}` : k('noClient');
  return {
    k,
    // Only invoices issued before documents print from here (printInvoice): never a proforma.
    title: k('title', { code: invoice.codeFac }),
    date: k('date', { date: formatDate(invoice.createdAt, { lang, timeZone: shop.timeZone, format: 'dateTime' }) }),
    client: k('client', { client }),
    seller: k('seller', { seller: invoice.user.username }),
    type: k('type', { type: invoice.typeFacture.libelle }),
    totals: [
      { label: k('subtotal'), value: money(invoice.sousTotal) },
      { label: k('discount'), value: money(invoice.remise) },
      { label: k('total'), value: money(invoice.montantFacture), bold: true },
      { label: k('paid'), value: money(invoice.montantPaye) },
      { label: k('remainder'), value: money(invoice.reste), bold: true },
    ],
    deleted: invoice.deleted ? k('deleted') : null,
  };
}

function drawA4(doc: PdfDoc, invoice: Invoice, shop: InvoiceShop, lang: Language) {
  const w = words(invoice, shop, lang);
  const columns: PdfColumn<Line>[] = [
    { header: w.k('article'), width: 5, wrap: true, value: (l) => l.designation },
    { header: w.k('quantity'), width: 1.3, align: 'right', shrink: true, value: (l) => groupFcfa(l.nombre, { forPdf: true }) },
    { header: w.k('unitPrice'), width: 2, align: 'right', shrink: true, value: (l) => money(l.prix) },
    { header: w.k('amount'), width: 2.2, align: 'right', shrink: true, value: (l) => money(l.montant) },
  ];
  return async () => {
    const y = await drawTableDocument(doc, {
      shop,
      heading: { title: w.title, lines: [w.date, w.client, w.type, w.seller, ...(w.deleted ? [w.deleted] : [])] },
      columns,
      rows: invoice.articles,
      rowCount: invoice.articles.length,
      footer: (page, pages) => w.k('page', { page, pages }),
      emptyText: w.k('noLines'),
      reserveAtEnd: totalsHeight(w.totals.length),
    });
    drawTotals(doc, y, w.totals);
  };
}

/** An 80 mm ticket: the same invoice, one column, as tall as its content (its payments too). */
function layoutTicket(pen: TicketPen, invoice: Invoice, shop: InvoiceShop, lang: Language, payments: readonly TicketPayment[]) {
  const w = words(invoice, shop, lang);
  pen.name(shop.nom);
  pen.line(shop.adresse, { align: 'center' });
  pen.line(shop.telephone, { align: 'center' });
  pen.line(w.title, { bold: true, align: 'center' });
  for (const text of [w.date, w.client, w.seller]) pen.small(text);
  if (w.deleted) pen.line(w.deleted, { bold: true });
  pen.rule();
  for (const l of invoice.articles) {
    pen.text(l.designation);
    pen.pair(`  ${l.nombre} x ${money(l.prix)}`, money(l.montant));
  }
  pen.rule();
  for (const total of w.totals) pen.pair(total.label, total.value, { bold: total.bold });
  if (payments.length > 0) {
    const t = translator(lang);
    pen.rule();
    pen.line(w.k('payments'), { bold: true });
    for (const p of payments) {
      pen.pair(t(`methods.${p.methode}`, { ns: 'cash-desk' }), money(p.montant));
      if (p.reference) pen.line(w.k('reference', { reference: p.reference }));
      if (p.reliquat > 0) pen.pair(w.k('change'), money(p.reliquat), { bold: true });
    }
  }
  pen.gap(8);
  pen.line(w.k('thanks'), { align: 'center' });
}

/** The document's format and language, and for a ticket the payments it lists. */
type PdfOptions = { lang: Language; format: InvoiceFormat; payments?: readonly TicketPayment[] };

/** The invoice's document (A4 or 80 mm ticket) in the caller's language, of an invoice just answered. */
export async function renderInvoicePdf(db: Db, invoice: Invoice, options: PdfOptions): Promise<Buffer> {
  const payments = options.payments ?? [];
  return printInvoice(
    db,
    invoice.idFacture,
    { lang: options.lang, format: options.format, proforma: invoice.typeFacture.idTypeFacture === INVOICE_TYPE.proforma },
    { paidFcfa: invoice.montantPaye, remainingFcfa: invoice.reste, payments: async () => payments },
    async () => ({ invoice, shop: invoiceShop(await shopOf(db, invoice.idBoutique)) }),
  );
}

/**
 * The one way an invoice prints: an issued invoice from its frozen document (issue 21), with its
 * status (corrected, cancelled) and today's payments; a proforma in the same layout from its data
 * as it is now (issuer's ids, VAT per rate, amount in words; no QR code: it is not issued); an
 * invoice from before documents drawn from its data (`fromData`, read only then). A ticket drawn
 * from data lists the payments; an issued document always does. The caller, who has read the
 * invoice, says whether it is a proforma: each kind reads only what it prints from.
 */
export async function printInvoice(
  db: Db,
  invoiceId: number,
  options: { lang: Language; format: InvoiceFormat; proforma: boolean },
  money: { paidFcfa: number; remainingFcfa: number; payments: () => Promise<readonly TicketPayment[]> },
  fromData: () => Promise<{ invoice: Invoice; shop: InvoiceShop }>,
  versionId?: number,
): Promise<Buffer> {
  // A proforma is never issued (it has no version): drawn from its data as it is now.
  const proforma = options.proforma && versionId === undefined ? await proformaContent(db, invoiceId) : undefined;
  if (proforma) {
    const { content, deleted, shopId } = proforma;
    return drawIssuedPdf(content, { ...options, status: 'emise', deleted, logo: await issuedLogo(db, shopId, content.issuer.logoFileId) });
  }
  const version = await printableVersionOf(db, invoiceId, versionId);
  if (!version && versionId !== undefined) throw new AppError('NOT_FOUND');
  if (!version) {
    const { invoice, shop } = await fromData();
    return drawInvoicePdf(invoice, shop, { ...options, payments: options.format === 'ticket' ? await money.payments() : [] });
  }
  const { document, links, current } = version;
  const content = printableContent(document);
  return drawIssuedPdf(content, {
    ...options,
    status: document.status,
    links,
    logo: await issuedLogo(db, document.shopId, content.issuer.logoFileId),
    // A cancelled invoice, and a version an edit replaced, were taken back by a credit note: they
    // print no payment, nothing paid nor due (issued-pdf.service.ts). The current one today's.
    payments:
      document.status !== 'emise' || !current
        ? undefined
        : { list: (await money.payments()).map(documentPayment), paidFcfa: money.paidFcfa, remainingFcfa: money.remainingFcfa },
  });
}

/** A payment as the documents list it. */
export const documentPayment = (p: TicketPayment) => ({
  method: p.methode,
  reference: p.reference,
  handedFcfa: p.montant,
  appliedFcfa: p.montantPaye,
  changeFcfa: p.reliquat,
});

/** What the document shows of the shop (a shop row, or what a query selected of it). */
export function invoiceShop(row: { nom: string; adresse: string; telephone: string; timeZone: string } | undefined): InvoiceShop {
  return { nom: row?.nom ?? '', adresse: row?.adresse ?? '', telephone: row?.telephone ?? '', timeZone: row?.timeZone ?? 'Africa/Abidjan' };
}

/** The document of an invoice whose shop the caller has already read. */
export function drawInvoicePdf(invoice: Invoice, shop: InvoiceShop, options: PdfOptions): Promise<Buffer> {
  const info = { title: invoice.codeFac };
  if (options.format === 'ticket') {
    const ticket = ticketDocument(info, (pen) => layoutTicket(pen, invoice, shop, options.lang, options.payments ?? []));
    return pdfBuffer(ticket.doc, ticket.draw);
  }
  const doc = createA4(info);
  return pdfBuffer(doc, drawA4(doc, invoice, shop, options.lang));
}

/**
 * A written invoice or sale as JSON, or its document when the caller asks `Accept:
 * application/pdf` (the old client's create answers its PDF; the till asks for the ticket).
 */
export async function sendInvoiceAnswer(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  value: Invoice & { paiements?: readonly TicketPayment[] },
  format: InvoiceFormat = 'a4',
): Promise<FastifyReply> {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/pdf') && !accept.includes('application/json')) {
    const pdf = await renderInvoicePdf(db, value, { lang: requestLanguage(request.headers, request.query), format, payments: value.paiements ?? [] });
    const name = format === 'ticket' ? `${value.codeFac}-ticket` : value.codeFac;
    return reply.status(status).header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`).send(pdf);
  }
  return reply.status(status).send(value);
}
