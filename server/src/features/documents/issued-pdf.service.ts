import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa, groupFcfa } from '@app/common/money';
import { ratePercent, ratePercentNumber } from '@app/common/vat';
import QRCode from 'qrcode';
import { translator } from '../../lib/i18n.js';
import { A4, createA4, FONT, FONT_BOLD, pdfBuffer, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn } from '../../lib/pdf/pdf-parts.js';
import { ticketDocument, type TicketPen } from '../../lib/pdf/ticket.js';
import { verificationUrl } from '../../lib/public-origin.js';
import type { VersionLinks } from './document-answers.service.js';
import type { DocumentContent, DocumentLine, DocumentPayment } from './document-content.service.js';

type TotalLine = { label: string; value: string; bold?: boolean };

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
  /** The invoice's live payments now (an invoice's document; none for a credit note nor a cancelled invoice). */
  payments?: { list: DocumentPayment[]; paidFcfa: number; remainingFcfa: number };
  /** The credit notes around this version (document-answers.service.ts `printableVersionOf`). */
  links?: VersionLinks;
  /** A deleted proforma says so. */
  deleted?: boolean;
};

const money = (amount: number) => formatFcfa(amount, { forPdf: true });

function texts(content: DocumentContent, options: IssuedPdfOptions) {
  const { lang } = options;
  const t = translator(lang);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`pdf.${key}`, { ns: 'invoices', ...params });
  const issuer = content.issuer;
  const date = (iso: string) => formatDate(iso, { lang, timeZone: content.timeZone, format: 'dateTime' });
  const credit = content.kind === 'avoir';
  const proforma = content.kind === 'proforma';
  const identity = [
    // The company's name and legal form ("Awa Commerce SARL"), the form once, then its share
    // capital (« au capital de 1 000 000 FCFA »), as OHADA companies' documents state them.
    [
      issuer.companyName,
      issuer.legalForm && !issuer.companyName?.toUpperCase().endsWith(issuer.legalForm.toUpperCase()) ? issuer.legalForm : null,
      typeof issuer.shareCapitalFcfa === 'number' ? k('shareCapital', { amount: money(issuer.shareCapitalFcfa) }) : null,
    ]
      .filter(Boolean)
      .join(' '),
    issuer.headOffice ? k('headOffice', { address: issuer.headOffice }) : null,
    [issuer.rccm ? k('rccm', { rccm: issuer.rccm }) : null, issuer.taxId ? k('taxId', { label: issuer.taxIdLabel, id: issuer.taxId }) : null]
      .filter(Boolean)
      .join('   '),
  ].filter((line): line is string => Boolean(line));
  const customer = content.customer ? content.customer.name : k('noClient');
  const heading = [
    ...identity,
    k('date', { date: date(content.issuedAt) }),
    k('client', { client: customer }),
    ...(content.customer?.address ? [k('customerAddress', { address: content.customer.address })] : []),
    ...(content.customer?.taxId ? [k('customerTaxId', { label: issuer.taxIdLabel, id: content.customer.taxId })] : []),
    k('seller', { seller: content.seller.name }),
    ...(content.ticketRef ? [k('ticketRef', { ref: content.ticketRef })] : []),
    ...(proforma ? [k('proformaNote')] : []),
    ...(proforma && options.deleted ? [k('proformaDeleted')] : []),
    ...(credit && content.corrects
      ? [k('corrects', { code: content.corrects.number, date: date(content.corrects.issuedAt) }), k(content.corrects.reason === 'corrigee' ? 'reasonCorrected' : 'reasonCancelled')]
      : []),
    ...(!credit && options.status !== 'emise' ? [statusLine(options.status, options.links?.takenBackBy)] : []),
    ...(!credit && options.links?.replaces ? [k('replaces', { date: date(options.links.replaces.issuedAt), note: options.links.replaces.creditNote })] : []),
  ];
  /** A corrected or cancelled version names the credit note that took it back. */
  function statusLine(status: 'corrigee' | 'annulee', note: VersionLinks['takenBackBy']) {
    const key = status === 'corrigee' ? 'statusCorrected' : 'statusCancelled';
    return note ? k(`${key}By`, { note: note.number, date: date(note.issuedAt) }) : k(key);
  }
  // A cancelled invoice, and a version an edit replaced, owe nothing: a credit note took them back.
  const takenBack = options.status !== 'emise';
  const paid = options.payments ?? { list: content.payments, paidFcfa: content.paidFcfa, remainingFcfa: content.remainingFcfa };
  // Subject to VAT, the price columns say whether they include it.
  const priceKind = !issuer.vatSubject ? '' : content.pricesIncludeVat ? 'Ttc' : 'Ht';
  // Not subject to VAT: one total, no « HT » nor « TTC »; « TVA non applicable » when the shop
  // has a legal identity that says so (a shop without one leaves VAT out altogether).
  const hasIdentity = Boolean(issuer.companyName || issuer.taxId || issuer.rccm);
  const vatTotals: TotalLine[] = issuer.vatSubject
    ? [
        { label: k('totalHt'), value: money(content.totalHtFcfa) },
        ...content.vat.map((v) =>
          v.rateBp === null
            ? // Its VAT (none) in the amounts column, so that « Total HT » and the VAT lines add up to « Total TTC ».
              { label: k('exemptLine', { base: money(v.baseFcfa) }), value: money(0) }
            : { label: k('vatLine', { rate: ratePercentNumber(v.rateBp, lang), base: money(v.baseFcfa) }), value: money(v.vatFcfa) },
        ),
        { label: k('totalTtc'), value: money(content.totalTtcFcfa), bold: true },
      ]
    : [{ label: k('total'), value: money(content.totalTtcFcfa), bold: true }, ...(hasIdentity ? [{ label: k('noVat'), value: '' }] : [])];
  // The lines' sum before a discount, so that « sum − discount » reads on the document.
  const linesTotal = content.lines.reduce((sum, l) => sum + l.totalFcfa, 0);
  const totals: TotalLine[] = [
    ...(content.discountFcfa > 0
      ? [
          // Subject to VAT, the lines' sum and the discount say whether they include it (the lines' prices do).
          { label: k(`subtotal${priceKind}`), value: money(linesTotal) },
          { label: k(`discount${priceKind}`), value: money(content.discountFcfa) },
        ]
      : []),
    ...vatTotals,
    ...(credit || takenBack || proforma
      ? []
      : [
          { label: k('paid'), value: money(paid.paidFcfa) },
          { label: k('remainder'), value: money(paid.remainingFcfa), bold: true },
        ]),
  ];
  return {
    k,
    unitPriceHeader: k(`unitPrice${priceKind}`),
    /** The ticket's lines have no header: subject to VAT, one line says whether their prices include it. */
    ticketPrices: priceKind ? k(`ticketPrices${priceKind}`) : null,
    amountHeader: k(`amount${priceKind}`),
    title: k(credit ? 'creditTitle' : proforma ? 'proformaTitle' : 'title', { code: content.number }),
    heading,
    totals,
    payments: credit || takenBack || proforma ? [] : paid.list,
    rate: (l: DocumentLine) => (l.rateBp === null ? (issuer.vatSubject ? k('exempt') : '') : ratePercent(l.rateBp, lang)),
    url: verificationUrl(content.code, lang),
  };
}

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
}

function drawA4(doc: PdfDoc, content: DocumentContent, options: IssuedPdfOptions, qr: Buffer | null) {
  const w = texts(content, options);
  const columns: PdfColumn<DocumentLine>[] = [
    { header: w.k('article'), width: 5, wrap: true, value: (l) => l.designation },
    { header: w.k('quantity'), width: 1.1, align: 'right', shrink: true, value: (l) => groupFcfa(l.quantity, { forPdf: true }) },
    { header: w.unitPriceHeader, width: 2, align: 'right', shrink: true, value: (l) => money(l.unitPriceFcfa) },
    // The VAT column only on a document of a shop subject to VAT.
    ...(content.issuer.vatSubject ? [{ header: w.k('vatRate'), width: 1.3, align: 'right' as const, value: w.rate }] : []),
    { header: w.amountHeader, width: 2.2, align: 'right', shrink: true, value: (l) => money(l.totalFcfa) },
  ];
  const shop = { nom: content.issuer.name, adresse: content.issuer.address, telephone: content.issuer.phone };
  const after = 24 + 30 + 100 + (content.issuer.footer ? 24 : 0);
  return async () => {
    // The shop's logo at the top right of the issuer's block, within its height.
    if (options.logo) doc.image(options.logo, A4.width - A4.margin - 120, A4.margin - 4, { fit: [120, 46], align: 'right' });
    const y = await drawTableDocument(doc, {
      shop,
      // Every page after the first says which document and issuer it belongs to.
      heading: { title: w.title, lines: w.heading, continuation: w.k('continued', { title: w.title, issuer: content.issuer.companyName ?? content.issuer.name }) },
      columns,
      rows: content.lines,
      rowCount: content.lines.length,
      footer: (page, pages) => w.k('page', { page, pages }),
      emptyText: w.k('noLines'),
      reserveAtEnd: totalsHeight(w.totals.length) + after,
    });
    const width = A4.width - 2 * A4.margin;
    // The QR code beside the totals, on the left.
    if (qr) {
      doc.image(qr, A4.margin, y + 10, { width: 90 });
      doc.font(FONT).fontSize(7.5).fillColor('black').text(w.k('verify'), A4.margin, y + 102, { width: 200, lineBreak: false });
      doc.text(w.url, A4.margin, y + 112, { width: width * 0.45, lineBreak: true });
    }
    let bottom = drawTotals(doc, y, w.totals);
    if (qr) bottom = Math.max(bottom, y + 140);
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

/** The logo's height on the ticket (its width fits the paper), and the QR code's side. */
const LOGO_HEIGHT = 48;
const QR_SIZE = 90;

/**
 * The ticket from top to bottom. The shop's name, the heading, each line's designation, the
 * amount in words, the address to verify it and the footer wrap, whole; the other lines are one
 * line each, cut with « … » if need be.
 */
function layoutTicket(pen: TicketPen, content: DocumentContent, options: IssuedPdfOptions, qr: Buffer | null) {
  const w = texts(content, options);
  const logo = options.logo;
  if (logo) pen.box(LOGO_HEIGHT + 4, (doc, x, y, width) => doc.image(logo, x, y, { fit: [width, LOGO_HEIGHT], align: 'center', valign: 'center' }));
  pen.name(content.issuer.name);
  pen.line(content.issuer.address, { align: 'center' });
  pen.line(content.issuer.phone, { align: 'center' });
  pen.line(w.title, { bold: true, align: 'center' });
  for (const text of w.heading) pen.small(text);
  pen.rule();
  if (w.ticketPrices) pen.small(w.ticketPrices);
  for (const l of content.lines) {
    pen.text(l.designation);
    pen.pair(`  ${l.quantity} x ${money(l.unitPriceFcfa)}  ${w.rate(l)}`, money(l.totalFcfa));
  }
  pen.rule();
  for (const total of w.totals) pen.pair(total.label, total.value, { bold: total.bold });
  pen.small(content.amountInWords, { bold: true });
  if (w.payments.length > 0) {
    const t = translator(options.lang);
    pen.rule();
    pen.line(w.k('payments'), { bold: true });
    for (const p of w.payments) {
      pen.pair(t(`methods.${p.method}`, { ns: 'cash-desk' }), money(p.handedFcfa));
      if (p.reference) pen.line(w.k('reference', { reference: p.reference }));
      if (p.changeFcfa > 0) pen.pair(w.k('change'), money(p.changeFcfa), { bold: true });
    }
  }
  pen.rule();
  if (qr) {
    pen.box(QR_SIZE + 4, (doc, x, y, width) => doc.image(qr, x + (width - QR_SIZE) / 2, y, { width: QR_SIZE }));
    // The address under its QR code, for whoever cannot scan it.
    pen.small(w.k('verify'), { align: 'center' });
    pen.small(w.url, { align: 'center' });
  }
  if (content.issuer.footer) pen.small(content.issuer.footer, { align: 'center' });
  // A purchase is thanked; a credit note or a quote is none.
  if (content.kind === 'facture') pen.line(w.k('thanks'), { align: 'center' });
}

export async function drawIssuedPdf(content: DocumentContent, options: IssuedPdfOptions): Promise<Buffer> {
  // A proforma is not an issued document: nothing to verify, no QR code.
  const qr = content.kind === 'proforma' ? null : await qrPng(verificationUrl(content.code, options.lang));
  const info = { title: content.number };
  if (options.format === 'ticket') {
    const ticket = ticketDocument(info, (pen) => layoutTicket(pen, content, options, qr));
    return pdfBuffer(ticket.doc, ticket.draw);
  }
  const doc = createA4(info);
  return pdfBuffer(doc, drawA4(doc, content, options, qr));
}
