import { idParam } from '@app/common/contracts/ids';
import { payment } from '@app/common/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { paymentLookup } from './payment-lookups.service.js';

const tags = ['payments'];
const config = { permission: 'payments:read' } as const;
const response = { 200: z.array(payment) };

/**
 * Seed 001 §7 payment lookups. A call naming a shop answers for it (403 if not the caller's);
 * a call naming none answers for every shop of the caller.
 */
export function paymentLookupsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/paiements_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response },
      config,
      handler: (request) => {
        const ctx = requireShop(request);
        return paymentLookup(db, ctx, { shopIds: [ctx.shopId] }, requestLanguage(request.headers, request.query));
      },
    });

    app.get('/api/paiements_not_deleted', {
      schema: { tags, response },
      config,
      handler: (request) => {
        const actor = requireActor(request);
        return paymentLookup(db, actor, { shopIds: actor.shopIds }, requestLanguage(request.headers, request.query));
      },
    });

    // The payments the signed-in user took ("caisse connectée"), in all their shops.
    app.get('/api/paiements_caisse_connect', {
      schema: { tags, response },
      config,
      handler: (request) => {
        const actor = requireActor(request);
        return paymentLookup(db, actor, { shopIds: actor.shopIds, own: true }, requestLanguage(request.headers, request.query));
      },
    });
  };
}
