import type { Invoice } from '@app/common/contracts/invoices';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage, translator } from '../../lib/i18n.js';
import { amountRoom, createA4, createTicket, FONT, FONT_BOLD, pdfBuffer, TICKET, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn, type PdfShop } from '../../lib/pdf/pdf-parts.js';
import { shopOf } from './invoices.queries.js';
import { currentDocumentOf } from '../documents/document-answers.service.js';
import { parseContent } from '../documents/document-content.service.js';
import { issuedLogo } from '../documents/issued-logo.service.js';
import { drawIssuedPdf } from '../documents/issued-pdf.service.js';

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
  const proforma = invoice.typeFacture.idTypeFacture === 3;
  const client = invoice.client ? `${invoice.client.nom} ${invoice.client.prenom}` : k('noClient');
  return {
    k,
    title: k(proforma ? 'proformaTitle' : 'title', { code: invoice.codeFac }),
    date: k('date', { date: formatDate(invoice.createdAt, { lang, timeZone: shop.timeZone, format: 'dateTime' }) }),
    client: k('client', { client }),
    seller: k('seller', { seller: invoice.user.username }),
    type: k('type', { type: invoice.typeFacture.libelle }),
    totals: [
      { label: k('subtotal'), value: money(invoice.sousTotal) },
      { label: k('discount'), value: money(invoice.remise) },
      { label: k('total'), value: money(invoice.montantFacture), bold: true },
      // A quote is never paid: no paid amount nor remainder on it.
      ...(proforma
        ? []
        : [
            { label: k('paid'), value: money(invoice.montantPaye) },
            { label: k('remainder'), value: money(invoice.reste), bold: true },
          ]),
    ],
    deleted: invoice.deleted ? k('deleted') : null,
  };
}

function drawA4(doc: PdfDoc, invoice: Invoice, shop: InvoiceShop, lang: Language) {
  const w = words(invoice, shop, lang);
  const columns: PdfColumn<Line>[] = [
    { header: w.k('article'), width: 5, wrap: true, value: (l) => l.designation },
    { header: w.k('quantity'), width: 1.3, align: 'right', value: (l) => String(l.nombre) },
    { header: w.k('unitPrice'), width: 2, align: 'right', value: (l) => money(l.prix) },
    { header: w.k('amount'), width: 2.2, align: 'right', value: (l) => money(l.montant) },
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

const TICKET_LINE = 11;

/** Each line's designation on the ticket, wrapped whole: its height with the space to the line under it, measured with the ticket's font. */
function designationHeights(doc: PdfDoc, invoice: Invoice): number[] {
  doc.font(FONT).fontSize(8);
  const spacing = TICKET_LINE - doc.currentLineHeight(true);
  return invoice.articles.map((l) => doc.heightOfString(l.designation, { width: TICKET.width - 2 * TICKET.margin }) + spacing);
}

/** An 80 mm ticket: the same invoice, one column, as tall as its content (its payments too). */
function ticketHeight(doc: PdfDoc, invoice: Invoice, headerLines: number, totals: number, payments: readonly TicketPayment[]) {
  const paymentLines = payments.length === 0 ? 0 : 1 + payments.reduce((n, p) => n + 1 + (p.reference ? 1 : 0) + (p.reliquat > 0 ? 1 : 0), 0);
  const designations = designationHeights(doc, invoice).reduce((sum, h) => sum + h, 0);
  return (
    TICKET.margin * 2 + 18 + headerLines * TICKET_LINE + 10 + designations + invoice.articles.length * TICKET_LINE + 10 + totals * TICKET_LINE +
    (paymentLines > 0 ? 10 + paymentLines * TICKET_LINE : 0) + 30
  );
}

function drawTicket(doc: PdfDoc, invoice: Invoice, shop: InvoiceShop, lang: Language, payments: readonly TicketPayment[]) {
  const w = words(invoice, shop, lang);
  const width = TICKET.width - 2 * TICKET.margin;
  const x = TICKET.margin;
  return () => {
    let y = TICKET.margin;
    const line = (text: string, options: { bold?: boolean; align?: 'left' | 'center' | 'right'; size?: number } = {}) => {
      doc.font(options.bold ? FONT_BOLD : FONT).fontSize(options.size ?? 8).fillColor('black');
      doc.text(text, x, y, { width, height: TICKET_LINE, align: options.align ?? 'left', lineBreak: false, ellipsis: true });
      y += TICKET_LINE;
    };
    // One line each: with a height, pdfkit cuts a long text with « … » instead of wrapping it over the next line.
    doc.font(FONT_BOLD).fontSize(11).text(shop.nom, x, y, { width, height: 18, align: 'center', lineBreak: false, ellipsis: true });
    y += 18;
    line(shop.adresse, { align: 'center' });
    line(shop.telephone, { align: 'center' });
    line(w.title, { bold: true, align: 'center' });
    line(w.date);
    line(w.client);
    line(w.seller);
    if (w.deleted) line(w.deleted, { bold: true });
    y += 4;
    doc.moveTo(x, y).lineTo(x + width, y).dash(2, { space: 2 }).strokeColor('#000').stroke().undash();
    y += 6;
    const heights = designationHeights(doc, invoice);
    for (const [i, l] of invoice.articles.entries()) {
      doc.font(FONT).fontSize(8).fillColor('black').text(l.designation, x, y, { width });
      y += heights[i]!;
      // The amount whole (13 digits take more than half the paper), the quantity and price in the rest, on one line.
      doc.font(FONT).fontSize(8);
      const amount = money(l.montant);
      const amountWidth = amountRoom(doc, amount, width / 2, width - 8);
      doc.text(`${l.nombre} x ${money(l.prix)}`, x + 8, y, { width: width - amountWidth - 12, height: TICKET_LINE, lineBreak: false, ellipsis: true });
      doc.text(amount, x + width - amountWidth, y, { width: amountWidth, height: TICKET_LINE, align: 'right', lineBreak: false });
      y += TICKET_LINE;
    }
    y += 4;
    doc.moveTo(x, y).lineTo(x + width, y).dash(2, { space: 2 }).stroke().undash();
    y += 6;
    for (const total of w.totals) {
      doc.font(total.bold ? FONT_BOLD : FONT).fontSize(8);
      doc.text(total.label, x, y, { width: width / 2, lineBreak: false });
      doc.text(total.value, x + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
      y += TICKET_LINE;
    }
    if (payments.length > 0) {
      const t = translator(lang);
      const pair = (label: string, value: string, bold = false) => {
        doc.font(bold ? FONT_BOLD : FONT).fontSize(8);
        doc.text(label, x, y, { width: (width * 3) / 5, height: TICKET_LINE, lineBreak: false, ellipsis: true });
        doc.text(value, x + (width * 3) / 5, y, { width: (width * 2) / 5, align: 'right', lineBreak: false });
        y += TICKET_LINE;
      };
      y += 4;
      doc.moveTo(x, y).lineTo(x + width, y).dash(2, { space: 2 }).stroke().undash();
      y += 6;
      line(w.k('payments'), { bold: true });
      for (const p of payments) {
        pair(t(`methods.${p.methode}`, { ns: 'cash-desk' }), money(p.montant));
        if (p.reference) line(w.k('reference', { reference: p.reference }));
        if (p.reliquat > 0) pair(w.k('change'), money(p.reliquat), true);
      }
    }
    y += 8;
    line(w.k('thanks'), { align: 'center' });
  };
}

/** The document's format and language, and for a ticket the payments it lists. */
type PdfOptions = { lang: Language; format: InvoiceFormat; payments?: readonly TicketPayment[] };

/** The invoice's document (A4 or 80 mm ticket) in the caller's language, rendered from data. */
export async function renderInvoicePdf(db: Db, invoice: Invoice, options: PdfOptions): Promise<Buffer> {
  // An issued invoice prints from its frozen document (issue 21).
  const issued = await currentDocumentOf(db, invoice.idFacture);
  if (issued) {
    const content = parseContent(issued.row.content);
    return drawIssuedPdf(content, {
      lang: options.lang,
      format: options.format,
      status: issued.status,
      logo: await issuedLogo(db, issued.row.shopId, content.issuer.logoFileId),
      payments: {
        list: (options.payments ?? []).map((p) => ({ method: p.methode, reference: p.reference, handedFcfa: p.montant, appliedFcfa: p.montantPaye, changeFcfa: p.reliquat })),
        paidFcfa: invoice.montantPaye,
        remainingFcfa: invoice.reste,
      },
    });
  }
  return drawInvoicePdf(invoice, invoiceShop(await shopOf(db, invoice.idBoutique)), options);
}

/** What the document shows of the shop (a shop row, or what a query selected of it). */
export function invoiceShop(row: { nom: string; adresse: string; telephone: string; timeZone: string } | undefined): InvoiceShop {
  return { nom: row?.nom ?? '', adresse: row?.adresse ?? '', telephone: row?.telephone ?? '', timeZone: row?.timeZone ?? 'Africa/Abidjan' };
}

/** The document of an invoice whose shop the caller has already read. */
export function drawInvoicePdf(invoice: Invoice, shop: InvoiceShop, options: PdfOptions): Promise<Buffer> {
  const info = { title: invoice.codeFac };
  if (options.format === 'ticket') {
    const payments = options.payments ?? [];
    const doc = createTicket(info, (measure) => ticketHeight(measure, invoice, 8, 5, payments));
    return pdfBuffer(doc, drawTicket(doc, invoice, shop, options.lang, payments));
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
