import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { sendDocument } from './documents.service.js';

/**
 * GET /api/downloadFile/{file} (seed 001 §7): a record's `file` names a document rendered from
 * data on request (an invoice, a reception receipt) or a stored image. Each kind checks who may
 * see it; another shop's document is "not found".
 */
export function documentsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/downloadFile/:file', {
      schema: {
        tags: ['documents'],
        params: z.object({ file: z.string().min(1).max(120) }),
        querystring: z.object({ format: z.enum(['a4', 'ticket']).optional(), lang: z.string().max(5).optional() }),
      },
      config: { permission: 'session:use' },
      handler: (request, reply) =>
        sendDocument(db, reply, {
          actor: requireActor(request),
          file: request.params.file,
          format: request.query.format ?? 'a4',
          lang: requestLanguage(request.headers, request.query),
        }),
    });
  };
}
