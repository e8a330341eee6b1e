import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { reception, receptionBody } from '@app/common/contracts/receptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import {
  createReception,
  deleteReception,
  findMyReception,
  pageReceptions,
  shopReceptions,
  updateReception,
} from './receptions.service.js';

const tags = ['receptions'];

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

    // The seeds answer a PDF; this answers the reception, whose `file` opens its receipt.
    app.post('/api/reception', {
      schema: { tags, body: receptionBody, response: { 201: reception } },
      config: { permission: 'receptions:create' },
      handler: async (request, reply) => reply.status(201).send(await createReception(db, requireShop(request), request.body)),
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
