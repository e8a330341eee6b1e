import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { bpToPercent } from '@app/common/vat';
import QRCode from 'qrcode';
import { translator } from '../../lib/i18n.js';
import { A4, createA4, createTicket, FONT, FONT_BOLD, pdfBuffer, TICKET, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn } from '../../lib/pdf/pdf-parts.js';

type TotalLine = { label: string; value: string; bold?: boolean };
import { verificationUrl } from '../../lib/public-origin.js';
import type { DocumentContent, DocumentLine, DocumentPayment } from './document-content.service.js';

/**
 * The PDF of an issued invoice or credit note (issue 21), A4 or 80 mm ticket, drawn only from its
 * frozen content: what was issued is what prints, whatever changed since. The words are in the
 * caller's language; the amount in words stays French (the zone's practice). Payments recorded
 * after the invoice was issued are passed in (`payments`), as the payments say.
 */

export type IssuedPdfOptions = {
  lang: Language;
  format: 'a4' | 'ticket';
  status: 'emise' | 'corrigee' | 'annulee';
  /** The logo the document names, ready to draw (issued-logo.service.ts); none, no logo. */
  logo?: Buffer | null;
  /** The invoice's live payments now (an invoice's document; none for a credit note). */
  payments?: { list: DocumentPayment[]; paidFcfa: number; remainingFcfa: number };
};

const money = (amount: number) => formatFcfa(amount, { forPdf: true });
const percent = (rateBp: number, lang: Language) => String(bpToPercent(rateBp)).replace('.', lang === 'fr' ? ',' : '.');
/** A rate as each language writes it: « 18 % » and « 19,25 % » in French (a space before %), "18%" and "19.25%" in English. */
export const ratePercent = (rateBp: number, lang: Language): string => `${percent(rateBp, lang)}${lang === 'fr' ? ' %' : '%'}`;

function texts(content: DocumentContent, options: IssuedPdfOptions) {
  const { lang } = options;
  const t = translator(lang);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`pdf.${key}`, { ns: 'invoices', ...params });
  const issuer = content.issuer;
  const date = (iso: string) => formatDate(iso, { lang, timeZone: content.timeZone, format: 'dateTime' });
  const credit = content.kind === 'avoir';
  const identity = [
    // The company's name and legal form ("Awa Commerce SARL"), the form once.
    [issuer.companyName, issuer.legalForm && !issuer.companyName?.toUpperCase().endsWith(issuer.legalForm.toUpperCase()) ? issuer.legalForm : null]
      .filter(Boolean)
      .join(' '),
    [issuer.rccm ? k('rccm', { rccm: issuer.rccm }) : null, issuer.taxId ? k('taxId', { label: issuer.taxIdLabel, id: issuer.taxId }) : null]
      .filter(Boolean)
      .join('   '),
  ].filter((line): line is string => Boolean(line));
  const customer = content.customer ? content.customer.name : k('noClient');
  const heading = [
    ...identity,
    k('date', { date: date(content.issuedAt) }),
    k('client', { client: customer }),
    ...(content.customer?.taxId ? [k('customerTaxId', { label: issuer.taxIdLabel, id: content.customer.taxId })] : []),
    k('seller', { seller: content.seller.name }),
    ...(credit && content.corrects
      ? [k('corrects', { code: content.corrects.number, date: date(content.corrects.issuedAt) }), k(content.corrects.reason === 'corrigee' ? 'reasonCorrected' : 'reasonCancelled')]
      : []),
    ...(!credit && options.status === 'corrigee' ? [k('statusCorrected')] : []),
    ...(!credit && options.status === 'annulee' ? [k('statusCancelled')] : []),
  ];
  const paid = options.payments ?? { list: content.payments, paidFcfa: content.paidFcfa, remainingFcfa: content.remainingFcfa };
  const vatLines: TotalLine[] = issuer.vatSubject
    ? content.vat.map((v) =>
        v.rateBp === null
          ? { label: k('exemptLine'), value: money(v.baseFcfa) }
          : { label: k('vatLine', { rate: percent(v.rateBp, lang), base: money(v.baseFcfa) }), value: money(v.vatFcfa) },
      )
    : [{ label: k('noVat'), value: '' }];
  const totals: TotalLine[] = [
    ...(content.discountFcfa > 0 ? [{ label: k('discount'), value: money(content.discountFcfa) }] : []),
    { label: k('totalHt'), value: money(content.totalHtFcfa) },
    ...vatLines,
    { label: k('totalTtc'), value: money(content.totalTtcFcfa), bold: true },
    ...(credit
      ? []
      : [
          { label: k('paid'), value: money(paid.paidFcfa) },
          { label: k('remainder'), value: money(paid.remainingFcfa), bold: true },
        ]),
  ];
  return {
    k,
    title: k(credit ? 'creditTitle' : 'title', { code: content.number }),
    heading,
    totals,
    payments: credit ? [] : paid.list,
    rate: (l: DocumentLine) => (l.rateBp === null ? (issuer.vatSubject ? k('exempt') : '') : ratePercent(l.rateBp, lang)),
    url: verificationUrl(content.code, lang),
  };
}

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
}

function drawA4(doc: PdfDoc, content: DocumentContent, options: IssuedPdfOptions, qr: Buffer) {
  const w = texts(content, options);
  const columns: PdfColumn<DocumentLine>[] = [
    { header: w.k('article'), width: 5, wrap: true, value: (l) => l.designation },
    { header: w.k('quantity'), width: 1.1, align: 'right', value: (l) => String(l.quantity) },
    { header: w.k('unitPrice'), width: 2, align: 'right', value: (l) => money(l.unitPriceFcfa) },
    { header: w.k('vatRate'), width: 1.3, align: 'right', value: w.rate },
    { header: w.k('amount'), width: 2.2, align: 'right', value: (l) => money(l.totalFcfa) },
  ];
  const shop = { nom: content.issuer.name, adresse: content.issuer.address, telephone: content.issuer.phone };
  const after = 24 + 30 + 100 + (content.issuer.footer ? 24 : 0);
  return async () => {
    // The shop's logo at the top right of the issuer's block, within its height.
    if (options.logo) doc.image(options.logo, A4.width - A4.margin - 120, A4.margin - 4, { fit: [120, 46], align: 'right' });
    const y = await drawTableDocument(doc, {
      shop,
      heading: { title: w.title, lines: w.heading },
      columns,
      rows: content.lines,
      rowCount: content.lines.length,
      footer: (page, pages) => w.k('page', { page, pages }),
      emptyText: w.k('noLines'),
      reserveAtEnd: totalsHeight(w.totals.length) + after,
    });
    const width = A4.width - 2 * A4.margin;
    // The QR code beside the totals, on the left.
    doc.image(qr, A4.margin, y + 10, { width: 90 });
    doc.font(FONT).fontSize(7.5).fillColor('black').text(w.k('verify'), A4.margin, y + 102, { width: 200, lineBreak: false });
    doc.text(w.url, A4.margin, y + 112, { width: width * 0.45, lineBreak: true });
    let bottom = drawTotals(doc, y, w.totals);
    bottom = Math.max(bottom, y + 140);
    doc.font(FONT_BOLD).fontSize(9.5).text(content.amountInWords, A4.margin, bottom + 6, { width });
    bottom = doc.y;
    if (w.payments.length > 0) {
      const t = translator(options.lang);
      const list = w.payments.map((p) => `${t(`methods.${p.method}`, { ns: 'cash-desk' })} ${money(p.appliedFcfa)}${p.reference ? ` (${p.reference})` : ''}`).join(' · ');
      doc.font(FONT).fontSize(9).text(w.k('paymentsLine', { list }), A4.margin, bottom + 6, { width });
      bottom = doc.y;
    }
    if (content.issuer.footer) doc.font(FONT).fontSize(8.5).fillColor('#555').text(content.issuer.footer, A4.margin, bottom + 8, { width, align: 'center' });
    doc.fillColor('black');
  };
}

const LINE = 11;
/** The logo's height on the ticket (its width fits the paper). */
const LOGO_HEIGHT = 48;
/** The ticket's text sizes: the shop's name, the lines and the wrapped paragraphs. */
const NAME_SIZE = 11;
const LINE_SIZE = 8;
const WRAP_SIZE = 7.5;
/** Below the shop's name, what its one line left under it before it could wrap. */
const NAME_GAP = 3;

/**
 * The heights of the ticket's texts that wrap, measured with the ticket's own fonts: the shop's
 * name and each line's designation keep all their words (a name longer than a line goes on two,
 * it is never drawn over the next line), and the paper is exactly as long as what is printed.
 */
function ticketBlocks(doc: PdfDoc, content: DocumentContent) {
  const width = TICKET.width - 2 * TICKET.margin;
  doc.font(FONT_BOLD).fontSize(NAME_SIZE);
  const name = doc.heightOfString(content.issuer.name, { width, align: 'center' }) + NAME_GAP;
  doc.font(FONT).fontSize(LINE_SIZE);
  const spacing = LINE - doc.currentLineHeight(true);
  const designations = content.lines.map((l) => doc.heightOfString(l.designation, { width }) + spacing);
  return { name, designations };
}

function drawTicket(doc: PdfDoc, content: DocumentContent, options: IssuedPdfOptions, qr: Buffer) {
  const w = texts(content, options);
  const width = TICKET.width - 2 * TICKET.margin;
  const x = TICKET.margin;
  const blocks = ticketBlocks(doc, content);
  return () => {
    let y = TICKET.margin;
    /** One line; a text longer than the paper is cut with « … » (the height keeps pdfkit from wrapping it over the next line). */
    const line = (text: string, opts: { bold?: boolean; align?: 'left' | 'center' | 'right' } = {}) => {
      doc.font(opts.bold ? FONT_BOLD : FONT).fontSize(LINE_SIZE).fillColor('black');
      doc.text(text, x, y, { width, height: LINE, align: opts.align ?? 'left', lineBreak: false, ellipsis: true });
      y += LINE;
    };
    const wrapped = (text: string, opts: { bold?: boolean; align?: 'left' | 'center' } = {}) => {
      doc.font(opts.bold ? FONT_BOLD : FONT).fontSize(WRAP_SIZE).fillColor('black');
      doc.text(text, x, y, { width, align: opts.align ?? 'left' });
      y = doc.y + 2;
    };
    /** A label and its amount on one line: the amount whole (13 digits take more than its usual two fifths), the label cut if need be. */
    const pair = (label: string, value: string, bold = false) => {
      doc.font(bold ? FONT_BOLD : FONT).fontSize(LINE_SIZE);
      const valueWidth = Math.min(width, Math.max((width * 2) / 5, doc.widthOfString(value) + 1));
      doc.text(label, x, y, { width: width - valueWidth - 4, height: LINE, lineBreak: false, ellipsis: true });
      doc.text(value, x + width - valueWidth, y, { width: valueWidth, height: LINE, align: 'right', lineBreak: false });
      y += LINE;
    };
    const rule = () => {
      y += 3;
      doc.moveTo(x, y).lineTo(x + width, y).dash(2, { space: 2 }).strokeColor('#000').stroke().undash();
      y += 5;
    };
    if (options.logo) {
      doc.image(options.logo, x, y, { fit: [width, LOGO_HEIGHT], align: 'center', valign: 'center' });
      y += LOGO_HEIGHT + 4;
    }
    doc.font(FONT_BOLD).fontSize(NAME_SIZE).text(content.issuer.name, x, y, { width, align: 'center' });
    y += blocks.name;
    line(content.issuer.address, { align: 'center' });
    line(content.issuer.phone, { align: 'center' });
    line(w.title, { bold: true, align: 'center' });
    for (const text of w.heading) wrapped(text);
    rule();
    content.lines.forEach((l, i) => {
      doc.font(FONT).fontSize(LINE_SIZE).fillColor('black').text(l.designation, x, y, { width });
      y += blocks.designations[i]!;
      pair(`  ${l.quantity} x ${money(l.unitPriceFcfa)}  ${w.rate(l)}`, money(l.totalFcfa));
    });
    rule();
    for (const total of w.totals) pair(total.label, total.value, total.bold);
    wrapped(content.amountInWords, { bold: true });
    if (w.payments.length > 0) {
      const t = translator(options.lang);
      rule();
      line(w.k('payments'), { bold: true });
      for (const p of w.payments) {
        pair(t(`methods.${p.method}`, { ns: 'cash-desk' }), money(p.handedFcfa));
        if (p.reference) line(w.k('reference', { reference: p.reference }));
        if (p.changeFcfa > 0) pair(w.k('change'), money(p.changeFcfa), true);
      }
    }
    rule();
    doc.image(qr, x + (width - 90) / 2, y, { width: 90 });
    y += 94;
    wrapped(w.k('verify'), { align: 'center' });
    if (content.issuer.footer) wrapped(content.issuer.footer, { align: 'center' });
    line(w.k('thanks'), { align: 'center' });
  };
}

function ticketHeight(doc: PdfDoc, content: DocumentContent, options: IssuedPdfOptions): number {
  const w = texts(content, options);
  const blocks = ticketBlocks(doc, content);
  const payments = w.payments.reduce((n, p) => n + 1 + (p.reference ? 1 : 0) + (p.changeFcfa > 0 ? 1 : 0), 0);
  const designations = blocks.designations.reduce((sum, h) => sum + h, 0);
  return (
    TICKET.margin * 2 + blocks.name + 3 * LINE + Math.ceil(w.heading.length * 1.4) * LINE + 24 + designations + content.lines.length * LINE +
    w.totals.length * LINE + 4 * LINE + (payments > 0 ? 8 + (payments + 1) * LINE : 0) + 100 + 3 * LINE +
    (content.issuer.footer ? 3 * LINE : 0) + (options.logo ? LOGO_HEIGHT + 4 : 0)
  );
}

export async function drawIssuedPdf(content: DocumentContent, options: IssuedPdfOptions): Promise<Buffer> {
  const qr = await qrPng(verificationUrl(content.code, options.lang));
  const info = { title: content.number };
  if (options.format === 'ticket') {
    const doc = createTicket(info, (measure) => ticketHeight(measure, content, options));
    return pdfBuffer(doc, drawTicket(doc, content, options, qr));
  }
  const doc = createA4(info);
  return pdfBuffer(doc, drawA4(doc, content, options, qr));
}
