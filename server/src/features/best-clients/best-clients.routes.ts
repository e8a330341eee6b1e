import { bestClient } from '@app/common/contracts/deliveries';
import { idParam } from '@app/common/contracts/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
import { bestClients } from './best-clients.service.js';

/** GET /api/commandes_client_year/{b} (seed 001 §7): the best clients table (directors). */
export function bestClientsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/commandes_client_year/:b', {
      schema: { tags: ['best-clients'], params: z.object({ b: idParam }), response: { 200: z.array(bestClient) } },
      config: { permission: 'bestClients:read' },
      handler: (request) => bestClients(db, requireShop(request)),
    });
  };
}
