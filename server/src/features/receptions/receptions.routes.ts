import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { reception, receptionBody } from '@app/common/contracts/receptions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { receptionReceiptPdf } from './reception-receipt.service.js';
import {
  createReception,
  deleteReception,
  findMyReception,
  pageReceptions,
  shopReceptions,
  updateReception,
} from './receptions.service.js';

const tags = ['receptions'];

/** The caller asks for the PDF rather than JSON (the seed's client: `Accept: application/pdf`). */
const wantsPdf = (accept: string | undefined) =>
  !!accept && accept.includes('application/pdf') && !accept.includes('application/json');

/** The receipt as the create's answer (a buffer: an Idempotency-Key retry gets the same bytes). */
const sendCreatedPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .status(201)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(pdf);

/**
 * Receptions of seed 001 §7. Lists show every reception of the shop to directors and managers,
 * their own to warehouse keepers (RECORD_SCOPES); a reception addressed by id is found only by
 * who may see it (404 otherwise).
 */
export function receptionsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const record = { param: 'idReception', find: findMyReception };

    app.get('/api/reception/directeur/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(reception) } },
      config: { permission: 'receptions:read' },
      handler: (request) => pageReceptions(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/reception/directeur/page/:b/:p/:search', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, search: z.string().max(100) }),
        response: { 200: pageOf(reception) },
      },
      config: { permission: 'receptions:read' },
      handler: (request) => pageReceptions(db, requireShop(request), { page: request.params.p, term: request.params.search }),
    });

    app.get('/api/reception_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(reception) } },
      config: { permission: 'receptions:read' },
      handler: (request) => shopReceptions(db, requireShop(request)),
    });

    app.get('/api/reception_boutique_user/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(reception) } },
      config: { permission: 'receptions:read' },
      handler: (request) => shopReceptions(db, requireShop(request), { own: true }),
    });

    // The reception as JSON (its `file` opens the receipt), or the receipt itself when asked
    // `Accept: application/pdf`, as the seed's client expects (seed 001 §7).
    app.post('/api/reception', {
      schema: { tags, body: receptionBody, response: { 201: reception } },
      config: { permission: 'receptions:create' },
      handler: async (request, reply) => {
        const ctx = requireShop(request);
        const created = await createReception(db, ctx, request.body);
        if (!wantsPdf(request.headers.accept)) return reply.status(201).send(created);
        const lang = requestLanguage(request.headers, request.query);
        const { fileName, pdf } = await receptionReceiptPdf(db, created.idReception, { actor: ctx, lang });
        return sendCreatedPdf(reply, fileName, pdf);
      },
    });

    app.put('/api/reception/:idReception', {
      schema: { tags, params: z.object({ idReception: idParam }), body: receptionBody, response: { 200: reception } },
      config: { permission: 'receptions:create', record },
      handler: (request) => updateReception(db, requireActor(request), request.params.idReception, request.body),
    });

    app.delete('/api/reception/:idReception', {
      schema: { tags, params: z.object({ idReception: idParam }), response: { 200: okResponse } },
      config: { permission: 'receptions:delete', record },
      handler: async (request) => {
        await deleteReception(db, requireActor(request), request.params.idReception);
        return { ok: true as const };
      },
    });
  };
}
