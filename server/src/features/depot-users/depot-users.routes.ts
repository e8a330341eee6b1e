import { okResponse } from '@app/common/contracts/common';
import { depotUser, depotUserBody } from '@app/common/contracts/depot-users';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { assignUserToDepot, pageDepotUsers, unassignUserFromDepot } from './depot-users.service.js';

const tags = ['depot-users'];

/** Depot-user assignment (seed 000 §2, §7). A shop in the path is checked for membership by the auth hook. */
export function depotUsersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/boutique/depot/user/directeur/page/:idBoutique/:page', {
      schema: { tags, params: z.object({ idBoutique: idParam, page: pageParam }), response: { 200: pageOf(depotUser) } },
      config: { permission: 'depotUsers:manage' },
      handler: (request) => pageDepotUsers(db, requireShop(request), { page: request.params.page }),
    });

    app.get('/api/boutique/depot/user/directeur/page/:idBoutique/:page/:search', {
      schema: {
        tags,
        params: z.object({ idBoutique: idParam, page: pageParam, search: z.string().max(100) }),
        response: { 200: pageOf(depotUser) },
      },
      config: { permission: 'depotUsers:manage' },
      handler: (request) => pageDepotUsers(db, requireShop(request), { page: request.params.page, term: request.params.search }),
    });

    app.post('/api/ligne_depot', {
      schema: { tags, body: depotUserBody, response: { 201: depotUser } },
      config: { permission: 'depotUsers:manage' },
      handler: async (request, reply) => reply.status(201).send(await assignUserToDepot(db, requireActor(request), request.body)),
    });

    app.delete('/api/delete/ligne/depot/:idDepot/:idUser', {
      schema: { tags, params: z.object({ idDepot: idParam, idUser: idParam }), response: { 200: okResponse } },
      config: { permission: 'depotUsers:manage' },
      handler: async (request) => {
        await unassignUserFromDepot(db, requireActor(request), request.params.idDepot, request.params.idUser);
        return { ok: true as const };
      },
    });
  };
}
