import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import {
  countBody,
  countResult,
  filterParam,
  movement,
  stockRow,
  transferBody,
  transferResult,
  type StockView,
} from '@app/common/contracts/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { requestLanguage } from '../../lib/i18n.js';
import { recordCount } from './counts.service.js';
import { pageShopMovements, shopMovements } from './movements.service.js';
import { printStock, type StockPrintKind } from './stock-prints.service.js';
import { articleStockIn, listStock, myDepotsStock, pageStock } from './stock-lists.service.js';
import { transferStock } from './transfers.service.js';

const tags = ['stock'];
const term = z.string().max(100);
const shopParams = z.object({ b: idParam });
const pageParams = shopParams.extend({ p: pageParam });
const searchParams = pageParams.extend({ q: term });
const read = { permission: 'catalogue:read' } as const;
const rows = z.array(stockRow);
const page = pageOf(stockRow);
const langQuery = z.object({ lang: z.string().max(5).optional() });

/** The paged stock lists of seed 001 §7 "Paged reads": all, in stock, sold out, each with its search form. */
const PAGED: { view: StockView; url: string; search: string }[] = [
  { view: 'all', url: '/api/entree/boutique/page/:b/:p', search: '/api/search/entree/boutique/page/:b/:p/:q' },
  { view: 'stock', url: '/api/entree/boutique/stock/page/:b/:p', search: '/api/search/entree/boutique/stock/page/:b/:p/:q' },
  { view: 'rupture', url: '/api/entree/boutique/rupture/page/:b/:p', search: '/api/search/entree/boutique/rupture/page/:b/:p/:q' },
];

/** The non-paged lookups of seed 001 §7 "Stock". */
const LOOKUPS: { url: string; view?: StockView; withOutflow?: boolean }[] = [
  { url: '/api/ligne_article_boutique1/:b' },
  { url: '/api/entrees_boutique/:b' },
  { url: '/api/sorties_boutique/:b', withOutflow: true },
  { url: '/api/entree/boutique/stock/:b', view: 'stock' },
  { url: '/api/entree/boutique/rupture/:b', view: 'rupture' },
];

const PRINTS: { url: string; kind: StockPrintKind }[] = [
  { url: '/api/imp/entree/boutique/stock/:b', kind: 'stock' },
  { url: '/api/imp/entree/boutique/rupture/:b', kind: 'rupture' },
];

/** Stock lists, prints, movements, transfers and counts (issue 8 items 3, 4, 6, 7, 9). */
export function stockRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { view, url, search } of PAGED) {
      app.get(url, {
        schema: { tags, params: pageParams, response: { 200: page } },
        config: read,
        handler: (request) => pageStock(db, requireShop(request), { view, page: request.params.p }),
      });
      app.get(search, {
        schema: { tags, params: searchParams, response: { 200: page } },
        config: read,
        handler: (request) => pageStock(db, requireShop(request), { view, page: request.params.p, term: request.params.q }),
      });
    }

    app.get('/api/entrees/boutique/:b/:depot/:categorie/:p', {
      schema: { tags, params: shopParams.extend({ depot: filterParam, categorie: filterParam, p: pageParam }), response: { 200: page } },
      config: read,
      handler: (request) => {
        const { depot, categorie, p } = request.params;
        return pageStock(db, requireShop(request), { depotId: depot, categoryId: categorie, page: p });
      },
    });

    app.get('/api/entrees/boutique/:b/:depot/:categorie/:p/:q', {
      schema: {
        tags,
        params: shopParams.extend({ depot: filterParam, categorie: filterParam, p: pageParam, q: term }),
        response: { 200: page },
      },
      config: read,
      handler: (request) => {
        const { depot, categorie, p, q } = request.params;
        return pageStock(db, requireShop(request), { depotId: depot, categoryId: categorie, page: p, term: q });
      },
    });

    // Seed 001 §7 names two calls of this shape: `/{b}/{depot or 0}/{category or 0}` (every entry
    // of a depot and category) and the search `/{b}/{p}/{q}`. Two whole numbers are the filter;
    // a text after the page is the search (a numeric search goes through the 5-part form above).
    app.get('/api/entrees/boutique/:b/:depot/:categorie', {
      schema: {
        tags,
        params: shopParams.extend({ depot: z.string().max(20), categorie: term }),
        response: { 200: z.union([rows, page]) },
      },
      config: read,
      handler: (request) => {
        const { depot, categorie } = request.params;
        const ctx = requireShop(request);
        const filter = filterParam.safeParse(categorie);
        const first = filterParam.safeParse(depot);
        if (filter.success && first.success) return listStock(db, ctx, { depotId: first.data, categoryId: filter.data });
        const page = pageParam.safeParse(depot);
        if (!page.success) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'params.depot', message: 'validation.invalid' }] });
        return pageStock(db, ctx, { page: page.data, term: categorie });
      },
    });

    for (const { url, view, withOutflow } of LOOKUPS) {
      app.get(url, {
        schema: { tags, params: shopParams, response: { 200: rows } },
        config: read,
        handler: (request) => listStock(db, requireShop(request), { view, withOutflow }),
      });
    }

    app.get('/api/entree/articles/depot/user/:b', {
      schema: { tags, params: shopParams, response: { 200: rows } },
      config: read,
      handler: (request) => myDepotsStock(db, requireShop(request)),
    });

    app.get('/api/entrees_article/:b/:idArticle/:idDepot', {
      schema: { tags, params: shopParams.extend({ idArticle: idParam, idDepot: idParam }), response: { 200: stockRow } },
      config: read,
      handler: (request) => articleStockIn(db, requireShop(request), request.params.idArticle, request.params.idDepot),
    });

    app.get('/api/article/boutique/imprimer/:b/:depot/:categorie', {
      schema: { tags, params: shopParams.extend({ depot: filterParam, categorie: filterParam }), querystring: langQuery },
      config: { permission: 'stock:print' },
      handler: (request, reply) =>
        printStock(db, requireShop(request), reply, {
          kind: 'list',
          depotId: request.params.depot,
          categoryId: request.params.categorie,
          lang: requestLanguage(request.headers, request.query),
        }),
    });

    for (const { url, kind } of PRINTS) {
      app.get(url, {
        schema: { tags, params: shopParams, querystring: langQuery },
        config: { permission: 'stock:print' },
        handler: (request, reply) => printStock(db, requireShop(request), reply, { kind, lang: requestLanguage(request.headers, request.query) }),
      });
    }

    app.get('/api/inventaire/page/:b/:p', {
      schema: { tags, params: pageParams, response: { 200: pageOf(movement) } },
      config: { permission: 'movements:read' },
      handler: (request) => pageShopMovements(db, requireShop(request), { page: request.params.p, lang: requestLanguage(request.headers) }),
    });

    app.get('/api/inventaire/page/:b/:p/:q', {
      schema: { tags, params: searchParams, response: { 200: pageOf(movement) } },
      config: { permission: 'movements:read' },
      handler: (request) =>
        pageShopMovements(db, requireShop(request), { page: request.params.p, term: request.params.q, lang: requestLanguage(request.headers) }),
    });

    app.get('/api/inventaires_boutique/:b', {
      schema: { tags, params: shopParams, response: { 200: z.array(movement) } },
      config: { permission: 'movements:read' },
      handler: (request) => shopMovements(db, requireShop(request), requestLanguage(request.headers)),
    });

    app.post('/api/transferts', {
      schema: { tags, body: transferBody, response: { 201: transferResult } },
      config: { permission: 'stock:manage' },
      handler: async (request, reply) => reply.status(201).send(await transferStock(db, requireShop(request), request.body)),
    });

    app.post('/api/inventaires', {
      schema: { tags, body: countBody, response: { 201: countResult } },
      config: { permission: 'stock:manage' },
      handler: async (request, reply) => reply.status(201).send(await recordCount(db, requireShop(request), request.body)),
    });
  };
}
