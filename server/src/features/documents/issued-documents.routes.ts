import { idParam } from '@app/common/contracts/ids';
import { creditNote, documentsControl, verification } from '@app/common/contracts/legal';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { controlShop, pageCreditNotes, verifyCode } from './issued-documents.service.js';
import { sendCreditNote } from './credit-note-pdf.service.js';

const tags = ['documents'];

/**
 * Issued documents (issue 21): the public verification of a QR code's document (no sign-in,
 * limited per address like sign-in), the check of a shop's hash chains (directors), and credit notes.
 */
export function issuedDocumentsRoutes(db: Db, options: { rateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/verifier/:code', {
      schema: { tags, params: z.object({ code: z.string().min(1).max(64) }), response: { 200: verification } },
      config: { public: true, rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } },
      handler: (request) => verifyCode(db, request.params.code),
    });

    app.get('/api/documents/controle/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: documentsControl } },
      config: { permission: 'documents:control' },
      handler: (request) => controlShop(db, requireShop(request).shopId),
    });

    app.get('/api/avoirs/boutique/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(creditNote) } },
      config: { permission: 'creditNotes:read' },
      handler: (request) => pageCreditNotes(db, requireShop(request), request.params.p, requestLanguage(request.headers, request.query)),
    });

    app.get('/api/avoirs/:idAvoir', {
      schema: {
        tags,
        params: z.object({ idAvoir: idParam }),
        querystring: z.object({ format: z.enum(['a4', 'ticket']).optional(), lang: z.string().max(5).optional() }),
      },
      config: { permission: 'creditNotes:read' },
      handler: (request, reply) =>
        sendCreditNote(db, reply, requireActor(request), request.params.idAvoir, {
          pdf: (request.headers.accept ?? '').includes('application/pdf'),
          format: request.query.format ?? 'a4',
          lang: requestLanguage(request.headers, request.query),
        }),
    });
  };
}
