import { okResponse } from '@app/common/contracts/common';
import { delivery, deliveryBody } from '@app/common/contracts/deliveries';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { cancelDelivery, createDelivery, findMyDelivery, pageDeliveries } from './deliveries.service.js';

const tags = ['deliveries'];
const search = z.string().max(100);

/** Deliveries (seed 001 §2 app/livraison; §7 calls; DECISIONS §6). The invoices to deliver are the invoices feature's lists. */
export function deliveriesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    // Directors see every delivery of the shop; others (and the non-director list) their own.
    const lists = [
      { prefix: '/api/livraison/directeur/page', ownOnly: false },
      { prefix: '/api/livraison/page', ownOnly: true },
    ];
    for (const { prefix, ownOnly } of lists) {
      for (const withTerm of [false, true]) {
        app.get(withTerm ? `${prefix}/:b/:p/:q` : `${prefix}/:b/:p`, {
          schema: {
            tags,
            params: withTerm ? z.object({ b: idParam, p: pageParam, q: search }) : z.object({ b: idParam, p: pageParam }),
            response: { 200: pageOf(delivery) },
          },
          config: { permission: 'deliveries:read' },
          handler: (request) => {
            const params = request.params as { p: number; q?: string };
            return pageDeliveries(
              db,
              requireShop(request),
              { page: params.p, term: params.q, ownOnly },
              requestLanguage(request.headers, request.query),
            );
          },
        });
      }
    }

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
