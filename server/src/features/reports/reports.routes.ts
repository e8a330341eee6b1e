import { idParam } from '@app/common/contracts/ids';
import {
  consolidatedReport as consolidatedReportSchema,
  dashboardSummary as dashboardSummarySchema,
  depotEvaluation,
  periodParams,
  report,
  reportCharts,
  shopPeriodParams,
  vatSummary,
} from '@app/common/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import {
  consolidatedReport,
  dashboardSummary,
  periodCharts,
  periodReport,
  periodVat,
  sendReportCsv,
  sendReportPdf,
  stockEvaluation,
} from './reports.service.js';

const tags = ['reports'];
const shopParams = z.object({ b: idParam });
const config = { permission: 'reports:read' } as const;

/** The seed's one-figure dashboard calls (seed 001 §7 Dashboard), each read from the summary. */
const FIGURES = {
  '/api/ligne_commande_count/:b': 'commandes',
  '/api/ligne_commande_count_date/:b': 'commandesToday',
  '/api/paiements_count_date/:b': 'paiementsToday',
  '/api/montant/:b': 'montant',
  '/api/montant_date/:b': 'montantToday',
  '/api/corbeilles_count_date/:b': 'corbeilleToday',
  '/api/factures_count/:b': 'factures',
  '/api/factures_count_date/:b': 'facturesToday',
} as const;

/** Dashboard, stock evaluation, report and the directors' consolidated view (DECISIONS §1, §7). */
export function reportsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/dashboard/:b', {
      schema: { tags, params: shopParams, response: { 200: dashboardSummarySchema } },
      config,
      handler: (request) => dashboardSummary(db, requireShop(request)),
    });

    for (const [url, figure] of Object.entries(FIGURES)) {
      app.get(url, {
        schema: { tags, params: shopParams, response: { 200: z.number() } },
        config,
        handler: async (request) => (await dashboardSummary(db, requireShop(request)))[figure],
      });
    }

    app.get('/api/entrees/evaluation/depot/:b', {
      schema: { tags, params: shopParams, response: { 200: z.array(depotEvaluation) } },
      config,
      handler: (request) => stockEvaluation(db, requireShop(request)),
    });

    app.get('/api/rapport/:b/:startDate/:endDate', {
      schema: { tags, params: shopPeriodParams, response: { 200: report } },
      config,
      handler: (request) => periodReport(db, requireShop(request), request.params.startDate, request.params.endDate),
    });

    app.get('/api/rapport/graphiques/:b/:startDate/:endDate', {
      schema: { tags, params: shopPeriodParams, response: { 200: reportCharts } },
      config,
      handler: (request) => periodCharts(db, requireShop(request), request.params.startDate, request.params.endDate),
    });

    app.get('/api/rapport/tva/:b/:startDate/:endDate', {
      schema: { tags, params: shopPeriodParams, response: { 200: vatSummary } },
      config,
      handler: (request) => periodVat(db, requireShop(request), request.params.startDate, request.params.endDate),
    });

    app.get('/api/rapport/imprimer/:b/:startDate/:endDate', {
      schema: { tags, params: shopPeriodParams },
      config,
      handler: (request, reply) =>
        sendReportPdf(
          db,
          reply,
          requireShop(request),
          requestLanguage(request.headers, request.query),
          request.params.startDate,
          request.params.endDate,
        ),
    });

    app.get('/api/rapport/csv/:b/:startDate/:endDate', {
      schema: { tags, params: shopPeriodParams },
      config,
      handler: (request, reply) =>
        sendReportCsv(
          db,
          reply,
          requireShop(request),
          requestLanguage(request.headers, request.query),
          request.params.startDate,
          request.params.endDate,
        ),
    });

    app.get('/api/rapport/consolide/:startDate/:endDate', {
      schema: { tags, params: periodParams, response: { 200: consolidatedReportSchema } },
      config,
      handler: (request) => consolidatedReport(db, requireActor(request), request.params.startDate, request.params.endDate),
    });
  };
}
