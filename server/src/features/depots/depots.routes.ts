import { okResponse } from '@app/common/contracts/common';
import { depot, depotBody } from '@app/common/contracts/depots';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { createDepot, deleteDepot, findMyDepot, myDepots, pageDepots, shopDepots, updateDepot } from './depots.service.js';

const tags = ['depots'];

/** Depot list and CRUD (seed 000 §2 Depot list, §7). A shop in the path is checked for membership by the auth hook. */
export function depotsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/depot/page/:idBoutique/:page', {
      schema: { tags, params: z.object({ idBoutique: idParam, page: pageParam }), response: { 200: pageOf(depot) } },
      config: { permission: 'depots:list' },
      handler: (request) => pageDepots(db, requireShop(request), { page: request.params.page }),
    });

    app.get('/api/depot/page/:idBoutique/:page/:search', {
      schema: {
        tags,
        params: z.object({ idBoutique: idParam, page: pageParam, search: z.string().max(100) }),
        response: { 200: pageOf(depot) },
      },
      config: { permission: 'depots:list' },
      handler: (request) => pageDepots(db, requireShop(request), { page: request.params.page, term: request.params.search }),
    });

    app.get('/api/ligne/depot/connect/user', {
      schema: { tags, response: { 200: z.array(depot) } },
      config: { permission: 'depots:list' },
      handler: (request) => myDepots(db, requireActor(request)),
    });

    app.get('/api/ligne_depot_current_boutique/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), response: { 200: z.array(depot) } },
      config: { permission: 'depots:list' },
      handler: (request) => shopDepots(db, requireShop(request)),
    });

    app.get('/api/ligne_depot_current_user/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), response: { 200: z.array(depot) } },
      config: { permission: 'depots:list' },
      handler: (request) => myDepots(db, requireActor(request), requireShop(request).shopId),
    });

    app.post('/api/depots', {
      schema: { tags, body: depotBody, response: { 201: depot } },
      config: { permission: 'depots:manage' },
      handler: async (request, reply) => reply.status(201).send(await createDepot(db, requireShop(request), request.body)),
    });

    app.put('/api/depots/:idDepot', {
      schema: { tags, params: z.object({ idDepot: idParam }), body: depotBody, response: { 200: depot } },
      config: { permission: 'depots:manage', record: { param: 'idDepot', find: findMyDepot } },
      handler: (request) => updateDepot(db, requireShop(request), request.params.idDepot, request.body),
    });

    app.delete('/api/depots/:idDepot', {
      schema: { tags, params: z.object({ idDepot: idParam }), response: { 200: okResponse } },
      config: { permission: 'depots:manage' },
      handler: async (request) => {
        await deleteDepot(db, requireActor(request), request.params.idDepot);
        return { ok: true as const };
      },
    });
  };
}
