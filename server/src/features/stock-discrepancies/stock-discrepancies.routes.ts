import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { discrepancyQuery, offlineSaleReview, refusedSale, refusedSaleReport, stockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { foundRecord, requireShop } from '../../lib/access.js';
import { findMyRefusedSale, markRefusedSaleHandled, pageRefusedSales, reportRefusedSale } from './refused-sales.service.js';
import { pageDiscrepancies, pageOfflineSalesToReview } from './stock-discrepancies.service.js';

const tags = ['stock'];
const params = z.object({ b: idParam, p: pageParam });
const searchParams = params.extend({ q: z.string().max(100) });

/**
 * The manager's review of offline sales (app/ecarts; DECISIONS §13): directors and managers. Each
 * list has its `/{q}` twin searching the article's name, the sale's number or its provisional reference.
 */
export function stockDiscrepanciesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/api/ecarts/boutique/:b/:p', '/api/ecarts/boutique/:b/:p/:q']) {
      app.get(path, {
        schema: { tags, params: path.endsWith(':q') ? searchParams : params, querystring: discrepancyQuery, response: { 200: pageOf(stockDiscrepancy) } },
        config: { permission: 'stock:manage' },
        handler: (request) => {
          const { p, q } = request.params as { p: number; q?: string };
          return pageDiscrepancies(db, requireShop(request), p, { openOnly: request.query.etat === 'ouverts', term: q });
        },
      });
    }

    for (const path of ['/api/ecarts/ventes/boutique/:b/:p', '/api/ecarts/ventes/boutique/:b/:p/:q']) {
      app.get(path, {
        schema: { tags, params: path.endsWith(':q') ? searchParams : params, response: { 200: pageOf(offlineSaleReview) } },
        config: { permission: 'stock:manage' },
        handler: (request) => {
          const { p, q } = request.params as { p: number; q?: string };
          return pageOfflineSalesToReview(db, requireShop(request), p, q);
        },
      });
    }

    // A sale the server refused for good, reported by the device that keeps it (issue 20 item 5):
    // whoever may sell reports; directors and managers review and mark handled.
    app.post('/api/ventes/refusees', {
      schema: { tags, body: refusedSaleReport, response: { 200: refusedSale, 201: refusedSale } },
      config: { permission: 'sales:ring' },
      handler: async (request, reply) => {
        const { refused, replayed } = await reportRefusedSale(db, requireShop(request), request.body);
        return reply.code(replayed ? 200 : 201).send(refused);
      },
    });

    app.get('/api/ecarts/refus/boutique/:b/:p', {
      schema: { tags, params, response: { 200: pageOf(refusedSale) } },
      config: { permission: 'stock:manage' },
      handler: (request) => pageRefusedSales(db, requireShop(request), request.params.p),
    });

    app.put('/api/ecarts/refus/:idRefus/traite', {
      schema: { tags, params: z.object({ idRefus: idParam }), response: { 200: refusedSale } },
      config: { permission: 'stock:manage', record: { param: 'idRefus', find: findMyRefusedSale } },
      handler: (request) => markRefusedSaleHandled(db, foundRecord(request, findMyRefusedSale)),
    });
  };
}
