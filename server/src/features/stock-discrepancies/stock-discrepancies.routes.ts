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

/** The manager's review of offline sales (app/ecarts; DECISIONS §13): directors and managers. */
export function stockDiscrepanciesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/ecarts/boutique/:b/:p', {
      schema: { tags, params, querystring: discrepancyQuery, response: { 200: pageOf(stockDiscrepancy) } },
      config: { permission: 'stock:manage' },
      handler: (request) => pageDiscrepancies(db, requireShop(request), request.params.p, request.query.etat === 'ouverts'),
    });

    app.get('/api/ecarts/ventes/boutique/:b/:p', {
      schema: { tags, params, response: { 200: pageOf(offlineSaleReview) } },
      config: { permission: 'stock:manage' },
      handler: (request) => pageOfflineSalesToReview(db, requireShop(request), request.params.p),
    });
  };
}
