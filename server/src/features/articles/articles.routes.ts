import {
  addStockBody,
  addToDepotBody,
  addToEntryBody,
  article,
  createArticleBody,
  importArticlesBody,
  importResult,
  stockEntry,
  updateArticleBody,
} from '@app/common/contracts/articles';
import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { multipartBody } from '../files/uploads.service.js';
import { setArticleImage } from './article-image.service.js';
import { exportArticles, importArticles } from './articles-csv.service.js';
import {
  articleByBarcode,
  createArticle,
  deleteArticle,
  findMyArticle,
  getArticle,
  pageArticles,
  updateArticle,
} from './articles.service.js';
import { addStock, addToDepot, addToEntry } from './stock-additions.service.js';

const tags = ['articles'];
const articleParams = z.object({ idArticle: idParam });

/**
 * Articles of seed 001 §7 (DECISIONS §1): everyone of the shop reads them; directors and managers
 * keep them (a manager's edit leaves prices, minimum and quantity alone); directors delete.
 */
export function articlesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/articles/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(article) } },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageArticles(db, requireShop(request), { page: request.params.p }),
    });

    app.get('/api/articles/page/:b/:p/:q', {
      schema: {
        tags,
        params: z.object({ b: idParam, p: pageParam, q: z.string().max(100) }),
        response: { 200: pageOf(article) },
      },
      config: { permission: 'catalogue:read' },
      handler: (request) => pageArticles(db, requireShop(request), { page: request.params.p, term: request.params.q }),
    });

    /** A scanner's lookup by barcode, in the shop. */
    app.get('/api/article/code/:b/:codeBarre', {
      schema: { tags, params: z.object({ b: idParam, codeBarre: z.string().min(1).max(64) }), response: { 200: article } },
      config: { permission: 'catalogue:read' },
      handler: (request) => articleByBarcode(db, requireShop(request), request.params.codeBarre),
    });

    app.get('/api/articles/:idArticle', {
      schema: { tags, params: articleParams, response: { 200: article } },
      config: { permission: 'catalogue:read', record: { param: 'idArticle', find: findMyArticle } },
      handler: (request) => getArticle(db, requireActor(request), request.params.idArticle),
    });

    app.post('/api/articles_all', {
      schema: { tags, body: createArticleBody, response: { 201: article } },
      config: { permission: 'catalogue:manage' },
      handler: async (request, reply) => reply.status(201).send(await createArticle(db, requireShop(request), request.body)),
    });

    app.put('/api/articles/:idArticle', {
      schema: { tags, params: articleParams, body: updateArticleBody, response: { 200: article } },
      config: { permission: 'catalogue:manage', record: { param: 'idArticle', find: findMyArticle } },
      handler: (request) => updateArticle(db, requireActor(request), request.params.idArticle, request.body),
    });

    app.delete('/api/articles/:idArticle', {
      schema: { tags, params: articleParams, response: { 200: okResponse.extend({ archived: z.boolean() }) } },
      config: { permission: 'articles:delete', record: { param: 'idArticle', find: findMyArticle } },
      handler: async (request) => {
        const { soft } = await deleteArticle(db, requireActor(request), request.params.idArticle);
        return { ok: true as const, archived: soft };
      },
    });

    // The journey has a manager upload the image (the issue stands over DECISIONS §1).
    app.put('/api/article/image/add/:idArticle', {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: articleParams,
        body: z.object({ file: z.unknown(), image: z.unknown() }).partial(),
        response: { 200: article },
      },
      // The image is the director's, with the full edit and the delete (DECISIONS §1).
      config: { permission: 'articles:fullEdit', record: { param: 'idArticle', find: findMyArticle } },
      preValidation: multipartBody,
      handler: (request) =>
        setArticleImage(db, requireActor(request), request.params.idArticle, request.body.file ?? request.body.image),
    });

    app.put('/api/ajouter', {
      schema: { tags, body: addStockBody, response: { 200: stockEntry } },
      config: { permission: 'stock:manage' },
      handler: (request) => addStock(db, requireShop(request), request.body),
    });

    app.put('/api/ajouter1', {
      schema: { tags, body: addToEntryBody, response: { 200: stockEntry } },
      config: { permission: 'stock:manage' },
      handler: (request) => addToEntry(db, requireActor(request), request.body),
    });

    app.put('/api/ajouter2', {
      schema: { tags, body: addToDepotBody, response: { 200: stockEntry } },
      config: { permission: 'stock:manage' },
      handler: (request) => addToDepot(db, requireShop(request), request.body),
    });

    app.get('/api/articles/export/:b', {
      schema: { tags, params: z.object({ b: idParam }) },
      config: { permission: 'stock:print' },
      handler: (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="articles.csv"')
          .send(exportArticles(db, requireShop(request))),
    });

    app.post('/api/articles/import/:b', {
      schema: { tags, params: z.object({ b: idParam }), body: importArticlesBody, response: { 200: importResult } },
      config: { permission: 'catalogue:manage' },
      bodyLimit: 6 * 1024 * 1024,
      handler: (request) => importArticles(db, requireShop(request), request.body, requestLanguage(request.headers)),
    });
  };
}
