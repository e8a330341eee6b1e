import type { Closing } from '@app/common/contracts/closings';
import { printedName } from '@app/common/contracts/person';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { translator } from '../../lib/i18n.js';
import { createA4, FONT, type PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn, type PdfShop } from '../../lib/pdf/pdf-parts.js';
import { ticketDocument, type TicketPen } from '../../lib/pdf/ticket.js';

export type ClosingFormat = 'a4' | 'ticket';
type Shop = PdfShop & { timeZone: string };
type MethodLine = Closing['parMethode'][number];

const money = (amount: number) => formatFcfa(amount, { forPdf: true });
/** A business day is a calendar date: shown as such, whatever the zone. */
const day = (date: string, lang: Language) => formatDate(`${date}T12:00:00Z`, { lang, timeZone: 'UTC' });

/** The words and figures both formats print, in the caller's language. */
function words(closing: Closing, shop: Shop, lang: Language, now: Date) {
  const t = translator(lang);
  const k = (key: string, params: Record<string, unknown> = {}) => t(key, { ns: 'closings', ...params });
  const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
  return {
    k,
    title: k('document.title'),
    lines: [
      k('document.register', { register: closing.caisse.libelle }),
      k('document.day', { date: day(closing.date, lang) }),
      ...(closing.user && closing.clotureLe
        ? [
            k('document.closedBy', {
              user: printedName(closing.user),
              date: formatDate(closing.clotureLe, { lang, timeZone: shop.timeZone, format: 'dateTime' }),
            }),
          ]
        : []),
      k('document.printedAt', { date: formatDate(now, { lang, timeZone: shop.timeZone, format: 'dateTime' }) }),
    ],
    method: (line: MethodLine) => k(`methods.${line.methode}`),
    totals: [
      { label: k('figures.total'), value: money(closing.totalEncaisse), bold: true },
      { label: k('figures.float'), value: money(closing.fondDeCaisse) },
      { label: k('figures.cashReceived'), value: money(closing.especesRecues) },
      { label: k('figures.change'), value: money(closing.reliquat) },
      { label: k('figures.expected'), value: money(closing.especesAttendues), bold: true },
      { label: k('figures.counted'), value: closing.especesComptees === null ? '' : money(closing.especesComptees) },
      { label: k('figures.difference'), value: closing.ecart === null ? '' : signed(closing.ecart), bold: true },
      ...(closing.ventesEnRetard.nombre > 0
        ? [
            {
              label: k('figures.lateSalesShort', { count: closing.ventesEnRetard.nombre }),
              value: money(closing.ventesEnRetard.montant),
            },
          ]
        : []),
    ],
    note: closing.note ? k('document.note', { note: closing.note }) : null,
  };
}

function drawA4(doc: PdfDoc, closing: Closing, shop: Shop, lang: Language, now: Date) {
  const w = words(closing, shop, lang, now);
  const columns: PdfColumn<MethodLine>[] = [
    { header: w.k('figures.method'), width: 5, value: w.method },
    { header: w.k('figures.amount'), width: 3, align: 'right', value: (l) => money(l.montant) },
  ];
  return async () => {
    const y = await drawTableDocument(doc, {
      shop,
      heading: { title: w.title, lines: w.lines },
      columns,
      rows: closing.parMethode,
      rowCount: closing.parMethode.length,
      footer: (page, pages) => w.k('document.page', { page, pages }),
      emptyText: '',
      reserveAtEnd: totalsHeight(w.totals.length) + 30,
    });
    const end = drawTotals(doc, y, w.totals);
    if (w.note)
      doc
        .font(FONT)
        .fontSize(10)
        .text(w.note, doc.page.margins.left, end + 10, { width: doc.page.width - 80 });
  };
}

/** An 80 mm ticket: the same figures in one column, as tall as its content (the note whole: it explains the difference). */
function layoutTicket(pen: TicketPen, closing: Closing, shop: Shop, lang: Language, now: Date) {
  const w = words(closing, shop, lang, now);
  pen.name(shop.nom);
  pen.line(shop.adresse, { align: 'center' });
  pen.line(shop.telephone, { align: 'center' });
  pen.line(w.title, { bold: true, align: 'center' });
  for (const text of w.lines) pen.small(text);
  pen.rule();
  for (const m of closing.parMethode) pen.pair(w.method(m), money(m.montant));
  pen.rule();
  for (const total of w.totals) pen.pair(total.label, total.value, { bold: total.bold });
  if (w.note) {
    pen.gap(4);
    pen.text(w.note);
  }
}

/** The closing's document: an A4 page or an 80 mm ticket. */
export function closingDocument(closing: Closing, options: { shop: Shop; lang: Language; format: ClosingFormat; now?: Date }) {
  const now = options.now ?? new Date();
  const title = translator(options.lang)('document.title', { ns: 'closings' });
  if (options.format === 'ticket') {
    return ticketDocument({ title }, (pen) => layoutTicket(pen, closing, options.shop, options.lang, now));
  }
  const doc = createA4({ title });
  return { doc, draw: drawA4(doc, closing, options.shop, options.lang, now) };
}

/** The closing as CSV rows (header first): one line per method, then the cash figures. */
export function closingCsvRows(closing: Closing, lang: Language): string[][] {
  const t = translator(lang);
  const k = (key: string, params: Record<string, unknown> = {}) => t(key, { ns: 'closings', ...params });
  return [
    [k('figures.method'), k('figures.amount')],
    [k('register'), closing.caisse.libelle],
    [k('day'), closing.date],
    ...closing.parMethode.map((m) => [k(`methods.${m.methode}`), String(m.montant)]),
    [k('figures.total'), String(closing.totalEncaisse)],
    [k('figures.float'), String(closing.fondDeCaisse)],
    [k('figures.cashReceived'), String(closing.especesRecues)],
    [k('figures.change'), String(closing.reliquat)],
    [k('figures.expected'), String(closing.especesAttendues)],
    [k('figures.counted'), closing.especesComptees === null ? '' : String(closing.especesComptees)],
    [k('figures.difference'), closing.ecart === null ? '' : String(closing.ecart)],
    [k('figures.note'), closing.note ?? ''],
    [k('figures.lateSalesShort', { count: closing.ventesEnRetard.nombre }), String(closing.ventesEnRetard.montant)],
  ];
}
