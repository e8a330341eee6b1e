import type { ReportRow, VatSummary } from '@app/common/contracts/reports';
import { formatDate } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { ratePercent, ratePercentNumber, showsVat } from '@app/common/vat';
import { translator } from '../../lib/i18n.js';
import type { PdfDoc } from '../../lib/pdf/pdf-document.js';
import { drawTableDocument, drawTotals, totalsHeight, type PdfColumn, type PdfShop } from '../../lib/pdf/pdf-parts.js';

const day = (date: string, lang: Language) => formatDate(`${date}T12:00:00Z`, { lang, timeZone: 'UTC' });
const fcfa = (amount: number) => formatFcfa(amount, { forPdf: true });

/**
 * The period report as an A4 document (DECISIONS §7, §8): the shop's header, the period and the
 * moment of printing, one line per day with sales, and the period's totals with today's stock value;
 * for a shop that charges VAT, the period's sales without VAT and the VAT collected per rate
 * (invoices less credit notes, as issued).
 */
export async function drawReport(
  doc: PdfDoc,
  options: {
    shop: PdfShop;
    lang: Language;
    timeZone: string;
    startDate: string;
    endDate: string;
    rows: ReportRow[];
    vat: VatSummary;
    now?: Date;
  },
): Promise<void> {
  const { shop, lang, timeZone, startDate, endDate, rows } = options;
  const t = translator(lang);
  const [total, ...days] = rows;
  const active = days.filter((row) => row.factures > 0);
  const columns: PdfColumn<ReportRow>[] = [
    { header: t('period.date', { ns: 'reports' }), width: 2, value: (r) => (r.date ? day(r.date, lang) : '') },
    { header: t('period.factures', { ns: 'reports' }), width: 1.2, align: 'right', value: (r) => String(r.factures) },
    { header: t('period.totalArticle', { ns: 'reports' }), width: 1.5, align: 'right', value: (r) => String(r.totalArticle) },
    { header: t('period.montantVendue', { ns: 'reports' }), width: 2.2, align: 'right', value: (r) => fcfa(r.montantVendue) },
    {
      header: t('period.montantSortieStock', { ns: 'reports' }),
      width: 2.4,
      align: 'right',
      value: (r) => fcfa(r.montantSortieStock),
    },
    { header: t('period.benefice', { ns: 'reports' }), width: 2.2, align: 'right', value: (r) => fcfa(r.benefice) },
  ];
  const totals = total
    ? [
        { label: t('period.factures', { ns: 'reports' }), value: String(total.factures) },
        { label: t('period.totalArticle', { ns: 'reports' }), value: String(total.totalArticle) },
        { label: t('period.montantVendue', { ns: 'reports' }), value: fcfa(total.montantVendue) },
        { label: t('period.montantSortieStock', { ns: 'reports' }), value: fcfa(total.montantSortieStock) },
        { label: t('period.benefice', { ns: 'reports' }), value: fcfa(total.benefice), bold: true },
        { label: t('period.montantStock', { ns: 'reports' }), value: fcfa(total.montantStock ?? 0) },
        ...vatTotals(options.vat, lang),
      ]
    : [];
  const y = await drawTableDocument(doc, {
    shop,
    heading: {
      title: t('period.title', { ns: 'reports' }),
      lines: [
        t('pdf.period', { ns: 'reports', start: day(startDate, lang), end: day(endDate, lang) }),
        t('pdf.printedAt', {
          ns: 'reports',
          date: formatDate(options.now ?? new Date(), { lang, timeZone, format: 'dateTime' }),
        }),
      ],
    },
    columns,
    rows: active,
    rowCount: active.length,
    footer: (page, pages) => t('pdf.page', { ns: 'reports', page, pages }),
    emptyText: t('period.empty', { ns: 'reports' }),
    reserveAtEnd: totalsHeight(totals.length),
  });
  drawTotals(doc, y, totals);
}

/** The period's VAT under the report's totals: sales without VAT, the VAT per rate, the VAT collected. */
function vatTotals(vat: VatSummary, lang: Language): { label: string; value: string; bold?: boolean }[] {
  if (!showsVat(vat)) return [];
  const t = translator(lang);
  return [
    { label: t('vat.pdfHt', { ns: 'reports' }), value: fcfa(vat.total.htFcfa) },
    ...vat.rates.map((r) => ({
      label:
        r.rateBp !== null
          ? t('vat.pdfVatLine', { ns: 'reports', rate: ratePercentNumber(r.rateBp, lang), base: fcfa(r.baseFcfa) })
          : t(r.subject ? 'vat.pdfExemptLine' : 'vat.pdfNotSubjectLine', { ns: 'reports', base: fcfa(r.baseFcfa) }),
      value: fcfa(r.vatFcfa),
    })),
    { label: t('vat.pdfTotal', { ns: 'reports' }), value: fcfa(vat.total.vatFcfa), bold: true },
  ];
}

/**
 * The same report as CSV rows (header first): one line per day with sales, then the total; for a
 * shop that charges VAT, after an empty line, the period's VAT per rate (rate, base, VAT, with VAT)
 * and its total.
 */
export function reportCsvRows(lang: Language, rows: ReportRow[], vat: VatSummary): string[][] {
  const t = translator(lang);
  const [total, ...days] = rows;
  const header = ['date', 'factures', 'totalArticle', 'montantVendue', 'montantSortieStock', 'benefice', 'montantStock'].map(
    (key) => (key === 'date' ? t('period.date', { ns: 'reports' }) : t(`period.${key}`, { ns: 'reports' })),
  );
  const line = (r: ReportRow, label: string) => [
    label,
    String(r.factures),
    String(r.totalArticle),
    String(r.montantVendue),
    String(r.montantSortieStock),
    String(r.benefice),
    r.montantStock === null ? '' : String(r.montantStock),
  ];
  const vatRows = showsVat(vat)
    ? [
        [],
        [t('vat.title', { ns: 'reports' })],
        [
          t('vat.rate', { ns: 'reports' }),
          t('vat.base', { ns: 'reports' }),
          t('vat.vat', { ns: 'reports' }),
          t('vat.ttc', { ns: 'reports' }),
        ],
        ...vat.rates.map((r) => [
          r.rateBp !== null ? ratePercent(r.rateBp, lang) : t(r.subject ? 'vat.exempt' : 'vat.notSubjectRate', { ns: 'reports' }),
          String(r.baseFcfa),
          String(r.vatFcfa),
          String(r.ttcFcfa),
        ]),
        [t('vat.total', { ns: 'reports' }), String(vat.total.htFcfa), String(vat.total.vatFcfa), String(vat.total.ttcFcfa)],
      ]
    : [];
  return [
    header,
    ...days.filter((r) => r.factures > 0).map((r) => line(r, r.date ?? '')),
    ...(total ? [line(total, t('period.total', { ns: 'reports' }))] : []),
    ...vatRows,
  ];
}
