import { category, categoryBody } from '@app/common/contracts/categories';
import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import {
  createCategory,
  deleteCategory,
  findMyCategory,
  pageCategories,
  shopCategories,
  updateCategory,
} from './categories.service.js';

const tags = ['categories'];

/** Categories of seed 001 §7: everyone of the shop reads them (pickers); directors and managers keep them. */
export function categoriesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/categorie/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(category) } },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageCategories(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/categorie/page/:b/:p/:q', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, q: z.string().max(100) }),
        response: { 200: pageOf(category) },
      },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageCategories(db, requireShop(request), { page: request.params.p, term: request.params.q }),
    });

    app.get('/api/categories_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(category) } },
      config: { permission: 'catalogue:read' },
      handler: (request) => shopCategories(db, requireShop(request)),
    });

    app.post('/api/categories', {
      schema: { tags, body: categoryBody, response: { 201: category } },
      config: { permission: 'catalogue:manage' },
      handler: async (request, reply) => reply.status(201).send(await createCategory(db, requireShop(request), request.body)),
    });

    app.put('/api/categories/:idCategorie', {
      schema: { tags, params: z.object({ idCategorie: idParam }), body: categoryBody, response: { 200: category } },
      config: { permission: 'catalogue:manage', record: { param: 'idCategorie', find: findMyCategory } },
      handler: (request) => updateCategory(db, requireActor(request), request.params.idCategorie, request.body),
    });

    app.delete('/api/categories/:idCategorie', {
      schema: { tags, params: z.object({ idCategorie: idParam }), response: { 200: okResponse } },
      config: { permission: 'catalogue:manage', record: { param: 'idCategorie', find: findMyCategory } },
      handler: async (request) => {
        await deleteCategory(db, requireActor(request), request.params.idCategorie);
        return { ok: true as const };
      },
    });
  };
}
