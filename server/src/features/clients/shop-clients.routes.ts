import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { clientStatement as statementSchema, shopClient, shopClientBody } from '@app/common/contracts/shop-clients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import {
  clientStatement,
  createShopClient,
  deleteShopClient,
  findMyClient,
  pageShopClients,
  printShopClients,
  shopClients,
  updateShopClient,
} from './shop-clients.service.js';

const tags = ['clients'];

/** A shop's clients (seed 001 §2 Clients, §7). A shop in the path or body is checked by the auth hook. */
export function shopClientsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/client/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(shopClient) } },
      config: { permission: 'clients:read' },
      handler: (request) => pageShopClients(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/client/page/:b/:p/:q', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, q: z.string().max(100) }),
        response: { 200: pageOf(shopClient) },
      },
      config: { permission: 'clients:read' },
      handler: (request) => pageShopClients(db, requireShop(request), { page: request.params.p, term: request.params.q }),
    });

    app.get('/api/clients_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(shopClient) } },
      config: { permission: 'clients:read' },
      handler: (request) => shopClients(db, requireShop(request)),
    });

    app.get('/api/client/releve/:idClient', {
      schema: { tags, params: z.object({ idClient: idParam }), response: { 200: statementSchema } },
      config: { permission: 'clients:read', record: { param: 'idClient', find: findMyClient } },
      handler: (request) => clientStatement(db, requireActor(request), request.params.idClient, requestLanguage(request.headers)),
    });

    app.get('/api/client/boutique/imprimer/:b', {
      schema: { tags, params: z.object({ b: idParam }), querystring: z.object({ lang: z.string().max(5).optional() }) },
      config: { permission: 'clients:print' },
      handler: (request, reply) =>
        printShopClients(db, requireShop(request), reply, requestLanguage(request.headers, request.query)),
    });

    app.post('/api/clients', {
      schema: { tags, body: shopClientBody, response: { 201: shopClient } },
      config: { permission: 'clients:manage' },
      handler: async (request, reply) => reply.status(201).send(await createShopClient(db, requireShop(request), request.body)),
    });

    app.put('/api/clients/:idClient', {
      schema: { tags, params: z.object({ idClient: idParam }), body: shopClientBody, response: { 200: shopClient } },
      config: { permission: 'clients:manage', record: { param: 'idClient', find: findMyClient } },
      handler: (request) => updateShopClient(db, requireShop(request), request.params.idClient, request.body),
    });

    app.delete('/api/clients/:idClient', {
      schema: { tags, params: z.object({ idClient: idParam }), response: { 200: okResponse } },
      config: { permission: 'clients:manage', record: { param: 'idClient', find: findMyClient } },
      handler: async (request) => {
        await deleteShopClient(db, requireActor(request), request.params.idClient);
        return { ok: true as const };
      },
    });
  };
}
