import { z } from 'zod';
import { isCalendarDate } from '../dates.js';
import { idParam } from './ids.js';

/** A calendar day `YYYY-MM-DD` in the shop's time zone. */
export const calendarDay = z.string().refine(isCalendarDate, { message: 'validation.dateInvalid' });

/** The longest period a report covers (two years and a day): a day row per day. */
export const MAX_REPORT_DAYS = 731;

const dayMs = 86_400_000;
const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / dayMs) + 1;

/** `{startDate}/{endDate}` of a report, both included; the end may not precede the start. */
export const periodParams = z
  .object({ startDate: calendarDay, endDate: calendarDay })
  .refine((p) => p.endDate >= p.startDate, { message: 'validation.periodReversed', path: ['endDate'] })
  .refine((p) => daysBetween(p.startDate, p.endDate) <= MAX_REPORT_DAYS, {
    message: 'validation.periodTooLong',
    path: ['endDate'],
  });

export const shopPeriodParams = z
  .object({ b: idParam, startDate: calendarDay, endDate: calendarDay })
  .refine((p) => p.endDate >= p.startDate, { message: 'validation.periodReversed', path: ['endDate'] })
  .refine((p) => daysBetween(p.startDate, p.endDate) <= MAX_REPORT_DAYS, {
    message: 'validation.periodTooLong',
    path: ['endDate'],
  });

/**
 * A report row (seed 001 §3, DECISIONS §7): units sold, current stock value, invoiced amount after
 * discounts, the purchase value of the units sold at the moment of sale, and the profit. `date` is
 * the day of a day row, null on the total row; `montantStock` (the value of today's stock) is given
 * on the total row only, since stock has no value per past day.
 */
export const reportRow = z.object({
  date: z.string().nullable(),
  totalArticle: z.number().int(),
  montantStock: z.number().int().nullable(),
  montantVendue: z.number().int(),
  montantSortieStock: z.number().int(),
  benefice: z.number().int(),
  factures: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** `/api/rapport/{b}/{start}/{end}`: the total row first, then one row per day of the period. */
export const report = z.array(reportRow);

/** Stock evaluation of one depot (seed 001 §3): available x purchase price. */
export const depotEvaluation = z.object({
  depot: z.object({ idDepot: z.number().int(), libelle: z.string() }),
  montantStock: z.number().int(),
  articles: z.number().int(),
  quantite: z.number().int(),
});
export type DepotEvaluation = z.infer<typeof depotEvaluation>;

/** The dashboard's numbers in one answer (the seed's eight calls each answer one of them). */
export const dashboardSummary = z.object({
  /** The shop's calendar day the "today" figures count. */
  today: z.string(),
  /** Invoice lines (orders), all time and today. */
  commandes: z.number().int(),
  commandesToday: z.number().int(),
  /** Payments made today. */
  paiementsToday: z.number().int(),
  /** Amount paid (applied to invoices), all time and today. */
  montant: z.number().int(),
  montantToday: z.number().int(),
  /** Basket size today: units per invoice, one decimal. */
  corbeilleToday: z.number(),
  /** Invoices, all time and today. */
  factures: z.number().int(),
  facturesToday: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** The pictures of a period: per day, top articles, payments by method, sales per seller. */
export const reportCharts = z.object({
  days: z.array(z.object({ date: z.string(), montantVendue: z.number().int(), benefice: z.number().int() })),
  topArticles: z.array(
    z.object({ idArticle: z.number().int(), designation: z.string(), quantite: z.number().int(), montant: z.number().int() }),
  ),
  paymentsByMethod: z.array(z.object({ method: z.string(), montant: z.number().int(), count: z.number().int() })),
  salesBySeller: z.array(
    z.object({
      idUser: z.number().int(),
      username: z.string(),
      /** The seller as people know them (« Moussa Traoré »), shown by the report. */
      nom: z.string(),
      prenom: z.string(),
      montant: z.number().int(),
      factures: z.number().int(),
    }),
  ),
});
export type ReportCharts = z.infer<typeof reportCharts>;

/** A director's shops side by side over a period (one request), with the total. */
export const consolidatedReport = z.object({
  shops: z.array(reportRow.extend({ idBoutique: z.number().int(), nom: z.string(), montantPaye: z.number().int() })),
  total: reportRow.extend({ montantPaye: z.number().int() }),
});
export type ConsolidatedReport = z.infer<typeof consolidatedReport>;

/**
 * One VAT rate's figures over a period: base without VAT, VAT, and with VAT. `rateBp` null: lines
 * without VAT, exempt when `subject` (issued while the shop was subject to VAT), else issued while
 * it was not subject (its documents said « TVA non applicable »).
 */
const vatRateFigures = z.object({
  rateBp: z.number().int().nullable(),
  subject: z.boolean(),
  baseFcfa: z.number().int(),
  vatFcfa: z.number().int(),
  ttcFcfa: z.number().int(),
});

/** The issued documents of one series over a period: how many, and their totals without VAT, VAT and with VAT. */
const seriesFigures = z.object({
  count: z.number().int(),
  htFcfa: z.number().int(),
  vatFcfa: z.number().int(),
  ttcFcfa: z.number().int(),
});

/**
 * `/api/rapport/tva/{b}/{start}/{end}` (DECISIONS §14): the VAT the shop's issued documents of the
 * period charged, as issued (read from their frozen content), per rate, the invoices' less the
 * credit notes' that took them back (a corrected invoice counts once, in its newest version).
 * `vatSubject`: the shop is subject to VAT today (a shop that never was has nothing to declare).
 */
export const vatSummary = z.object({
  vatSubject: z.boolean(),
  rates: z.array(vatRateFigures),
  invoices: seriesFigures,
  creditNotes: seriesFigures,
  total: seriesFigures.omit({ count: true }),
});
export type VatSummary = z.infer<typeof vatSummary>;
