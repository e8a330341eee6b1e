import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import { supplier, supplierBody } from '@app/common/contracts/suppliers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import {
  createSupplier,
  deleteSupplier,
  findMySupplier,
  pageSuppliers,
  shopSuppliers,
  updateSupplier,
} from './suppliers.service.js';

const tags = ['suppliers'];

/** Suppliers of seed 001 §7. The shop in the path or the body is checked by the auth hook. */
export function suppliersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const record = { param: 'idFournisseur', find: findMySupplier };

    app.get('/api/fournisseur/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(supplier) } },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageSuppliers(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/fournisseur/page/:b/:p/:q', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, q: z.string().max(100) }),
        response: { 200: pageOf(supplier) },
      },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageSuppliers(db, requireShop(request), { page: request.params.p, term: request.params.q }),
    });

    app.get('/api/fournisseurs_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(supplier) } },
      config: { permission: 'catalogue:read' },
      handler: (request) => shopSuppliers(db, requireShop(request)),
    });

    app.post('/api/fournisseurs', {
      schema: { tags, body: supplierBody, response: { 201: supplier } },
      config: { permission: 'catalogue:manage' },
      handler: async (request, reply) => reply.status(201).send(await createSupplier(db, requireShop(request), request.body)),
    });

    app.put('/api/fournisseurs/:idFournisseur', {
      schema: { tags, params: z.object({ idFournisseur: idParam }), body: supplierBody, response: { 200: supplier } },
      config: { permission: 'catalogue:manage', record },
      handler: (request) => updateSupplier(db, requireActor(request), request.params.idFournisseur, request.body),
    });

    app.delete('/api/fournisseurs/:idFournisseur', {
      schema: { tags, params: z.object({ idFournisseur: idParam }), response: { 200: okResponse } },
      config: { permission: 'catalogue:manage', record },
      handler: async (request) => {
        await deleteSupplier(db, requireActor(request), request.params.idFournisseur);
        return { ok: true as const };
      },
    });
  };
}
