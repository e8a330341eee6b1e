import { reception } from '@app/common/contracts/receptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, shopContext } from '../../lib/access.js';
import { shopReceptions } from './receptions.service.js';

/**
 * GET /api/reception_not_deleted (seed 001 §7): the call names no shop, so it answers the live
 * receptions of every shop of the caller that they may see (own versus all, DECISIONS §1).
 */
export function receptionLookupsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/reception_not_deleted', {
      schema: { tags: ['receptions'], response: { 200: z.array(reception) } },
      config: { permission: 'receptions:read' },
      handler: async (request) => {
        const actor = requireActor(request);
        return (await Promise.all(actor.shopIds.map((shopId) => shopReceptions(db, shopContext(actor, shopId))))).flat();
      },
    });
  };
}
