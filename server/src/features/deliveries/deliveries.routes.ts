import { okResponse } from '@app/common/contracts/common';
import { delivery, deliveryBody } from '@app/common/contracts/deliveries';
import { idParam } from '@app/common/contracts/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { shopPageRoutes } from '../../lib/paged-routes.js';
import { requestLanguage } from '../../lib/i18n.js';
import { cancelDelivery, createDelivery } from '../sales/deliver.service.js';
import { findMyDelivery, pageDeliveries } from './deliveries.service.js';

const tags = ['deliveries'];

/** Deliveries (seed 001 §2 app/livraison; §7 calls; DECISIONS §6). The invoices to deliver are the invoices feature's lists. */
export function deliveriesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    // Directors see every delivery of the shop; others (and the non-director list) their own.
    shopPageRoutes(app, {
      tags,
      item: delivery,
      permission: 'deliveries:read',
      lists: [
        { prefix: '/api/livraison/directeur/page', ownOnly: false },
        { prefix: '/api/livraison/page', ownOnly: true },
      ],
      page: (ctx, query, language) => pageDeliveries(db, ctx, query, language),
    });

    app.post('/api/livraisons_liv', {
      schema: { tags, body: deliveryBody, response: { 201: delivery } },
      config: { permission: 'deliveries:create' },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createDelivery(db, requireActor(request), request.body, requestLanguage(request.headers, request.query))),
    });

    app.delete('/api/livraisons/annulation/:idLivraison', {
      schema: { tags, params: z.object({ idLivraison: idParam }), response: { 200: okResponse } },
      config: { permission: 'deliveries:cancel', record: { param: 'idLivraison', find: findMyDelivery } },
      handler: async (request) => {
        await cancelDelivery(db, requireActor(request), request.params.idLivraison);
        return { ok: true as const };
      },
    });
  };
}
