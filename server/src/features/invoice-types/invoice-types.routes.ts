import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { invoiceType, invoiceTypeBody } from '@app/common/contracts/invoice-types';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { namedOrOnlyShop, requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import {
  createInvoiceType,
  deleteInvoiceType,
  findMyInvoiceType,
  listInvoiceTypes,
  pageInvoiceTypes,
  updateInvoiceType,
} from './invoice-types.service.js';

const tags = ['invoice-types'];

/**
 * Invoice types (seed 001 §7, DECISIONS §6): 1 Comptant, 2 Crédit, 3 Proforma built in (never
 * changed nor deleted: BUILT_IN) and each shop's own. The seeds' reads name no shop: they list the
 * built-in types and those of the caller's shops.
 */
export function invoiceTypesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/type/facture/page/:p', {
      schema: { tags, params: z.object({ p: pageParam }), response: { 200: pageOf(invoiceType) } },
      config: { permission: 'invoiceTypes:read' },
      handler: (request) => pageInvoiceTypes(db, requireActor(request), { page: request.params.p, lang: requestLanguage(request.headers) }),
    });

    app.get('/api/type/facture/page/:p/:q', {
      schema: { tags, params: z.object({ p: pageParam, q: z.string().max(100) }), response: { 200: pageOf(invoiceType) } },
      config: { permission: 'invoiceTypes:read' },
      handler: (request) =>
        pageInvoiceTypes(db, requireActor(request), { page: request.params.p, term: request.params.q, lang: requestLanguage(request.headers) }),
    });

    app.get('/api/type_factures', {
      schema: { tags, response: { 200: z.array(invoiceType) } },
      config: { permission: 'invoiceTypes:read' },
      handler: (request) => listInvoiceTypes(db, requireActor(request), requestLanguage(request.headers)),
    });

    app.get('/api/type_factures_boutique/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(invoiceType) } },
      config: { permission: 'invoiceTypes:read' },
      handler: (request) => listInvoiceTypes(db, requireActor(request), requestLanguage(request.headers), requireShop(request).shopId),
    });

    app.post('/api/type_factures', {
      schema: { tags, body: invoiceTypeBody, response: { 201: invoiceType } },
      config: { permission: 'invoiceTypes:manage' },
      handler: async (request, reply) =>
        reply.status(201).send(await createInvoiceType(db, namedOrOnlyShop(request), request.body, requestLanguage(request.headers))),
    });

    app.put('/api/type_factures/:idTypeFacture', {
      schema: { tags, params: z.object({ idTypeFacture: idParam }), body: invoiceTypeBody, response: { 200: invoiceType } },
      config: { permission: 'invoiceTypes:manage', record: { param: 'idTypeFacture', find: findMyInvoiceType } },
      handler: (request) =>
        updateInvoiceType(db, requireActor(request), request.params.idTypeFacture, request.body, {
          lang: requestLanguage(request.headers),
          namedShopId: request.namedShopIds[0],
        }),
    });

    app.delete('/api/type_factures/:idTypeFacture', {
      schema: { tags, params: z.object({ idTypeFacture: idParam }), response: { 200: okResponse } },
      config: { permission: 'invoiceTypes:manage', record: { param: 'idTypeFacture', find: findMyInvoiceType } },
      handler: async (request) => {
        await deleteInvoiceType(db, requireActor(request), request.params.idTypeFacture);
        return { ok: true as const };
      },
    });
  };
}
