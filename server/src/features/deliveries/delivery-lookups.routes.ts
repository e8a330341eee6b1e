import { delivery } from '@app/common/contracts/deliveries';
import { idParam } from '@app/common/contracts/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { requireActor, requireShop, visibleRecords } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { lookupDeliveries } from './deliveries.queries.js';
import { serializeDelivery } from './delivery.serializer.js';

const tags = ['deliveries'];
const response = { 200: z.array(delivery) };

/** Seed 001 §7 delivery lookups, newest 500 at most. */
export function deliveryLookupsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    // Every delivery of the shop (cancelled ones marked): directors all, warehouse keepers their own.
    app.get('/api/livraisons_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response },
      config: { permission: 'deliveries:read' },
      handler: async (request) => {
        const ctx = requireShop(request);
        const author = visibleRecords(ctx, 'deliveries', deliveries.userId);
        const rows = await lookupDeliveries(db, [ctx.shopId], { author });
        return rows.map((row) => serializeDelivery(row, requestLanguage(request.headers, request.query)));
      },
    });

    // The deliveries the signed-in user made and that stand (a payment with delivery ticked at the
    // cash desk, or the deliveries screen), in all their shops: the call names no shop.
    app.get('/api/livraisons_caisse/', {
      schema: { tags, response },
      config: { permission: 'deliveries:mine' },
      handler: async (request) => {
        const actor = requireActor(request);
        const rows = await lookupDeliveries(db, actor.shopIds, { author: eq(deliveries.userId, actor.userId), live: true });
        return rows.map((row) => serializeDelivery(row, requestLanguage(request.headers, request.query)));
      },
    });
  };
}
