import { planUsage as planUsageSchema } from '@app/common/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { planUsage } from './plan-usage.service.js';

const tags = ['subscriptions'];

/** The director's own plan (home page): its end and the shops, depots and users used of its limits. */
export function subscriptionsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/abonnement/usage', {
      schema: { tags, response: { 200: planUsageSchema } },
      config: { permission: 'plan:read' },
      handler: (request) => planUsage(db, requireActor(request).accountId),
    });
  };
}
