import { dateRange, todayIn } from '@app/common/dates';
import type {
  ConsolidatedReport,
  DashboardSummary,
  DepotEvaluation,
  ReportCharts,
  ReportRow,
  VatSummary,
} from '@app/common/contracts/reports';
import type { Language } from '@app/common/languages';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { translator } from '../../lib/i18n.js';
import { createA4, sendPdf } from '../../lib/pdf/pdf-document.js';
import { drawReport, reportCsvRows } from './reports.pdf.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import {
  dashboardCounts,
  issuedVat,
  paymentsByMethod,
  periodByShop,
  salesByDay,
  salesBySeller,
  shopTimeZone,
  shopHeader,
  shopVatSubject,
  stockValueByDepot,
  topArticles,
} from './reports.queries.js';

/** The dashboard's numbers (seed 001 Dashboard), "today" being the shop's calendar day (DECISIONS §4, §7). */
export async function dashboardSummary(db: Db, ctx: ShopContext, now: Date = new Date()): Promise<DashboardSummary> {
  const timeZone = await shopTimeZone(db, ctx.shopId);
  const today = todayIn(timeZone, now);
  const counts = await dashboardCounts(db, ctx.shopId, today);
  return {
    today,
    commandes: counts.commandes,
    commandesToday: counts.commandesToday,
    paiementsToday: counts.paiementsToday,
    montant: counts.montant,
    montantToday: counts.montantToday,
    corbeilleToday: counts.facturesToday === 0 ? 0 : Math.round((counts.unitsToday / counts.facturesToday) * 10) / 10,
    factures: counts.factures,
    facturesToday: counts.facturesToday,
  };
}

/** Stock evaluation per depot (`/api/entrees/evaluation/depot/{b}`). */
export async function stockEvaluation(db: Db, ctx: ShopContext): Promise<DepotEvaluation[]> {
  const depots = await stockValueByDepot(db, ctx.shopId);
  return depots.map(({ idDepot, libelle, montantStock, articles, quantite }) => ({
    depot: { idDepot, libelle },
    montantStock,
    articles,
    quantite,
  }));
}

const row = (
  date: string | null,
  r: Omit<ReportRow, 'date' | 'benefice' | 'montantStock'>,
  montantStock: number | null,
): ReportRow => ({
  date,
  factures: r.factures,
  totalArticle: r.totalArticle,
  montantStock,
  montantVendue: r.montantVendue,
  montantSortieStock: r.montantSortieStock,
  benefice: r.montantVendue - r.montantSortieStock,
});

/**
 * The report of a period (`/api/rapport/{b}/{startDate}/{endDate}`, DECISIONS §7): the total row
 * first (with today's stock value), then one row per day of the period, days without sales
 * included, so that a table or a chart reads it as it is.
 */
export async function periodReport(db: Db, ctx: ShopContext, startDate: string, endDate: string): Promise<ReportRow[]> {
  const [days, depots] = [
    await salesByDay(db, ctx.shopId, startDate, endDate),
    await stockValueByDepot(db, ctx.shopId),
  ];
  const byDate = new Map(days.map((day) => [day.date, day]));
  const empty = { factures: 0, totalArticle: 0, montantVendue: 0, montantSortieStock: 0 };
  const dayRows = calendarDays(startDate, endDate).map((date) => row(date, byDate.get(date) ?? empty, null));
  const total = days.reduce(
    (sum, day) => ({
      factures: sum.factures + day.factures,
      totalArticle: sum.totalArticle + day.totalArticle,
      montantVendue: sum.montantVendue + day.montantVendue,
      montantSortieStock: sum.montantSortieStock + day.montantSortieStock,
    }),
    empty,
  );
  const stock = depots.reduce((sum, depot) => sum + depot.montantStock, 0);
  return [row(null, total, stock), ...dayRows];
}

/** The days `start` to `end`, both included (`YYYY-MM-DD`; validated and bounded by the route). */
function calendarDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The pictures of the report screen over a period. */
export async function periodCharts(db: Db, ctx: ShopContext, startDate: string, endDate: string): Promise<ReportCharts> {
  const timeZone = await shopTimeZone(db, ctx.shopId);
  const period = dateRange(startDate, endDate, timeZone);
  const days = await salesByDay(db, ctx.shopId, startDate, endDate);
  const byDate = new Map(days.map((day) => [day.date, day]));
  return {
    days: calendarDays(startDate, endDate).map((date) => {
      const day = byDate.get(date);
      return { date, montantVendue: day?.montantVendue ?? 0, benefice: day ? day.montantVendue - day.montantSortieStock : 0 };
    }),
    topArticles: await topArticles(db, ctx.shopId, period),
    paymentsByMethod: await paymentsByMethod(db, ctx.shopId, period),
    salesBySeller: await salesBySeller(db, ctx.shopId, period),
  };
}

/**
 * The VAT of the period as the shop's documents charged it (DECISIONS §14): per rate, the
 * invoices' less the credit notes' (an edit's credit note takes back the whole version it replaces,
 * and its new version counts in full), standard rates first, then exempt lines, then what was
 * issued while the shop was not subject to VAT.
 */
export async function periodVat(db: Db, ctx: ShopContext, startDate: string, endDate: string): Promise<VatSummary> {
  const timeZone = await shopTimeZone(db, ctx.shopId);
  const { counts, rates } = await issuedVat(db, ctx.shopId, dateRange(startDate, endDate, timeZone));
  const bySeries = (series: 'FAC' | 'AV') => {
    const lines = rates.filter((r) => r.series === series);
    const htFcfa = lines.reduce((sum, r) => sum + r.baseFcfa, 0);
    const vatFcfa = lines.reduce((sum, r) => sum + r.vatFcfa, 0);
    return { count: counts.find((c) => c.series === series)?.count ?? 0, htFcfa, vatFcfa, ttcFcfa: htFcfa + vatFcfa };
  };
  const [invoices, creditNotes] = [bySeries('FAC'), bySeries('AV')];
  // Per rate; the lines without a rate apart when issued while the shop was not subject to VAT.
  const byRate = new Map<string, { rateBp: number | null; subject: boolean; baseFcfa: number; vatFcfa: number }>();
  for (const r of rates) {
    const sign = r.series === 'AV' ? -1 : 1;
    const subject = r.rateBp !== null || r.subject;
    const key = `${r.rateBp}/${subject}`;
    const net = byRate.get(key) ?? { rateBp: r.rateBp, subject, baseFcfa: 0, vatFcfa: 0 };
    byRate.set(key, { ...net, baseFcfa: net.baseFcfa + sign * r.baseFcfa, vatFcfa: net.vatFcfa + sign * r.vatFcfa });
  }
  const order = (r: { rateBp: number | null; subject: boolean }) => r.rateBp ?? (r.subject ? -1 : -2);
  return {
    vatSubject: await shopVatSubject(db, ctx.shopId),
    rates: [...byRate.values()].map((net) => ({ ...net, ttcFcfa: net.baseFcfa + net.vatFcfa })).sort((a, b) => order(b) - order(a)),
    invoices,
    creditNotes,
    total: {
      htFcfa: invoices.htFcfa - creditNotes.htFcfa,
      vatFcfa: invoices.vatFcfa - creditNotes.vatFcfa,
      ttcFcfa: invoices.ttcFcfa - creditNotes.ttcFcfa,
    },
  };
}

/** Every shop of the director side by side over a period, each in its own time zone, and the total. */
export async function consolidatedReport(db: Db, actor: Actor, startDate: string, endDate: string): Promise<ConsolidatedReport> {
  const shops = await periodByShop(db, actor.shopIds, startDate, endDate);
  const lines = shops.map((shop) => ({
    idBoutique: shop.idBoutique,
    nom: shop.nom,
    date: null,
    factures: shop.factures,
    totalArticle: shop.totalArticle,
    montantStock: shop.montantStock,
    montantVendue: shop.montantVendue,
    montantSortieStock: shop.montantSortieStock,
    benefice: shop.montantVendue - shop.montantSortieStock,
    montantPaye: shop.montantPaye,
  }));
  const total = lines.reduce(
    (sum, line) => ({
      date: null,
      factures: sum.factures + line.factures,
      totalArticle: sum.totalArticle + line.totalArticle,
      montantStock: (sum.montantStock ?? 0) + (line.montantStock ?? 0),
      montantVendue: sum.montantVendue + line.montantVendue,
      montantSortieStock: sum.montantSortieStock + line.montantSortieStock,
      benefice: sum.benefice + line.benefice,
      montantPaye: sum.montantPaye + line.montantPaye,
    }),
    {
      date: null,
      factures: 0,
      totalArticle: 0,
      montantStock: 0 as number | null,
      montantVendue: 0,
      montantSortieStock: 0,
      benefice: 0,
      montantPaye: 0,
    },
  );
  return { shops: lines, total };
}

/** The period report as a streamed A4 PDF in the caller's language. */
export async function sendReportPdf(
  db: Db,
  reply: FastifyReply,
  ctx: ShopContext,
  lang: Language,
  startDate: string,
  endDate: string,
): Promise<FastifyReply> {
  const rows = await periodReport(db, ctx, startDate, endDate);
  const vat = await periodVat(db, ctx, startDate, endDate);
  const shop = await shopHeader(db, ctx.shopId);
  const t = translator(lang);
  const title = `${t('pdf.fileName', { ns: 'reports' })}-${startDate}-${endDate}`;
  return sendPdf(
    reply,
    title,
    (doc) => drawReport(doc, { shop, lang, timeZone: shop.timeZone, startDate, endDate, rows, vat }),
    createA4({ title }),
  );
}

/** The period report as CSV (UTF-8 with a BOM so that spreadsheet programs read the accents). */
export async function sendReportCsv(
  db: Db,
  reply: FastifyReply,
  ctx: ShopContext,
  lang: Language,
  startDate: string,
  endDate: string,
): Promise<FastifyReply> {
  const rows = await periodReport(db, ctx, startDate, endDate);
  const vat = await periodVat(db, ctx, startDate, endDate);
  const t = translator(lang);
  const csv = stringify(reportCsvRows(lang, rows, vat), { bom: true, delimiter: lang === 'fr' ? ';' : ',' });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${t('pdf.fileName', { ns: 'reports' })}-${startDate}-${endDate}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
