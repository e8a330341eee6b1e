import { country } from '@app/common/contracts/clients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/i18n.js';
import { listCountries } from './countries.service.js';

/** GET /api/auth/pays (seed 000 §7): public, for the client self-registration screens. */
export function countriesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/auth/pays', {
      schema: {
        tags: ['clients'],
        querystring: z.object({ lang: z.string().max(10).optional() }),
        response: { 200: z.array(country) },
      },
      config: { public: true },
      handler: (request) => listCountries(requestLanguage(request.headers, request.query)),
    });
  };
}
