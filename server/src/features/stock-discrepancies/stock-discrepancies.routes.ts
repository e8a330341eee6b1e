import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { discrepancyQuery, offlineSaleReview, stockDiscrepancy } from '@app/common/contracts/stock-discrepancies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
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
  };
}
