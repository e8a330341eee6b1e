import { requestLanguage } from '../../lib/i18n.js';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { okResponse } from '@app/common/contracts/common';
import { shop, shopBody } from '@app/common/contracts/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { allShops, createShop, deleteShop, pageShops, updateShop } from './shops.service.js';

const tags = ['shops'];

/** Shop calls of seed 000 §7. A shop named in the path is checked for membership by the auth hook. */
export function shopsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/boutique/users/page/:p', {
      schema: { tags, params: z.object({ p: pageParam }), response: { 200: pageOf(shop) } },
      config: { permission: 'shops:list' },
      handler: (request) => pageShops(db, requireActor(request), request.params.p),
    });

    app.get('/api/boutique/page/:p/:term', {
      schema: { tags, params: z.object({ p: pageParam, term: z.string().max(100) }), response: { 200: pageOf(shop) } },
      config: { permission: 'shops:list' },
      handler: (request) => pageShops(db, requireActor(request), request.params.p, request.params.term),
    });

    app.get('/api/boutiques_not_deleted', {
      schema: { tags, response: { 200: z.array(shop) } },
      config: { permission: 'session:use' },
      handler: (request) => allShops(db, requireActor(request)),
    });

    app.get('/api/boutique_current_user', {
      schema: { tags, response: { 200: z.array(shop) } },
      config: { permission: 'session:use' },
      handler: (request) => allShops(db, requireActor(request)),
    });

    app.post('/api/boutiques', {
      schema: { tags, body: shopBody, response: { 201: shop } },
      config: { permission: 'shops:manage' },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createShop(db, requireActor(request), request.body, requestLanguage(request.headers, request.query))),
    });

    app.put('/api/boutiques/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), body: shopBody, response: { 200: shop } },
      config: { permission: 'shops:manage' },
      handler: (request) => updateShop(db, requireShop(request), request.body),
    });

    app.delete('/api/boutiques/:idBoutique', {
      schema: { tags, params: z.object({ idBoutique: idParam }), response: { 200: okResponse } },
      config: { permission: 'shops:manage' },
      handler: async (request) => {
        await deleteShop(db, requireShop(request));
        return { ok: true as const };
      },
    });
  };
}
