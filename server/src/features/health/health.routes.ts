import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/health', {
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
      config: { public: true },
      handler: async () => {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      },
    });
  };
}
