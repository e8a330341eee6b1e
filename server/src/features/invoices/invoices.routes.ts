import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { convertProformaBody, invoice, invoiceBody } from '@app/common/contracts/invoices';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { Permission } from '@app/common/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { lookupInvoices, pageInvoices, type Audience } from './invoice-lists.service.js';
import { sendInvoiceAnswer } from './invoice-pdf.service.js';
import type { InvoiceFilter } from './invoices.queries.js';
import { convertProforma, deleteInvoice, updateInvoice } from '../sales/invoice-changes.service.js';
import { createInvoice } from '../sales/record-sale.service.js';
import { findMyInvoice, getInvoice } from './invoices.service.js';

const tags = ['invoices'];
const searchParam = z.string().max(100);

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key ? key : null;
}

/** The paged lists of seed 001 §7: `{b}/{p}` and its `/search/.../{q}` twin, one filter and audience each. */
const PAGED: { paths: [string, string]; filter: InvoiceFilter; audience: Audience; permission: Permission }[] = [
  { paths: ['/api/factures/boutique/page/:b/:p', '/api/facture/boutique/search/page/:b/:p/:q'], filter: 'all', audience: 'scoped', permission: 'invoices:read' },
  { paths: ['/api/factures/boutique/user/page/:b/:p', '/api/facture/boutique/user/search/page/:b/:p/:q'], filter: 'all', audience: 'own', permission: 'invoices:read' },
  { paths: ['/api/factures/boutique/nom/solde/page/:b/:p', '/api/facture/boutique/nom/solde/search/page/:b/:p/:q'], filter: 'unsettled', audience: 'cashDesk', permission: 'invoices:read' },
  { paths: ['/api/factures/boutique/solde/page/:b/:p', '/api/facture/boutique/solde/search/page/:b/:p/:q'], filter: 'settled', audience: 'cashDesk', permission: 'invoices:read' },
  { paths: ['/api/facture/livre/page/:b/:p', '/api/facture/livre/search/page/:b/:p/:q'], filter: 'toDeliver', audience: 'shop', permission: 'deliveries:read' },
];

/** The lookups of seed 001 §7 (`/api/factures_boutique{suffix}/{b}`). */
const LOOKUPS: { path: string; filter: InvoiceFilter; audience: Audience; permission: Permission }[] = [
  { path: '/api/factures_boutique/:b', filter: 'all', audience: 'scoped', permission: 'invoices:read' },
  { path: '/api/factures_boutique_user/:b', filter: 'all', audience: 'own', permission: 'invoices:read' },
  { path: '/api/factures_boutique_non_solde/:b', filter: 'unsettled', audience: 'cashDesk', permission: 'invoices:read' },
  { path: '/api/factures_boutique_solde/:b', filter: 'settled', audience: 'cashDesk', permission: 'invoices:read' },
  { path: '/api/factures_boutique_solde_user/:b', filter: 'settled', audience: 'own', permission: 'invoices:read' },
  { path: '/api/factures_boutique_non_livre/:b', filter: 'toDeliver', audience: 'shop', permission: 'deliveries:read' },
  { path: '/api/factures_not_proformat/:b', filter: 'notProforma', audience: 'scoped', permission: 'invoices:read' },
];

/**
 * Invoices (seed 001 §3, §7; DECISIONS §4, §6). Creation and conversion honour Idempotency-Key
 * (stored with the invoice). Records addressed by id are found in the caller's shops only.
 */
export function invoicesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/factures_generate', {
      schema: { tags, body: invoiceBody, response: { 201: invoice } },
      config: { permission: 'invoices:create' },
      handler: async (request, reply) => {
        const lang = requestLanguage(request.headers, request.query);
        const created = await createInvoice(db, requireShop(request), request.body, idempotencyKeyOf(request), lang);
        return sendInvoiceAnswer(db, request, reply, 201, created);
      },
    });

    app.put('/api/factures/update/:idFacture', {
      schema: { tags, params: z.object({ idFacture: idParam }), body: invoiceBody, response: { 200: invoice } },
      config: { permission: 'invoices:create', record: { param: 'idFacture', find: findMyInvoice } },
      handler: async (request, reply) => {
        const lang = requestLanguage(request.headers, request.query);
        return sendInvoiceAnswer(db, request, reply, 200, await updateInvoice(db, requireShop(request), request.params.idFacture, request.body, lang));
      },
    });

    app.delete('/api/factures/:idFacture', {
      schema: { tags, params: z.object({ idFacture: idParam }), response: { 200: okResponse } },
      config: { permission: 'invoices:delete', record: { param: 'idFacture', find: findMyInvoice } },
      handler: async (request) => {
        await deleteInvoice(db, requireActor(request), request.params.idFacture);
        return { ok: true as const };
      },
    });

    app.post('/api/factures/convert/:idFacture', {
      schema: { tags, params: z.object({ idFacture: idParam }), body: convertProformaBody, response: { 201: invoice } },
      config: { permission: 'invoices:create', record: { param: 'idFacture', find: findMyInvoice } },
      handler: async (request, reply) => {
        const lang = requestLanguage(request.headers, request.query);
        const input = { typeId: request.body.typeFactures, clientId: request.body.client };
        const created = await convertProforma(db, requireActor(request), request.params.idFacture, input, idempotencyKeyOf(request), lang);
        return sendInvoiceAnswer(db, request, reply, 201, created);
      },
    });

    app.get('/api/factures/commande/detail/:idFacture', {
      schema: { tags, params: z.object({ idFacture: idParam }), response: { 200: invoice } },
      config: { permission: 'session:use', record: { param: 'idFacture', find: findMyInvoice } },
      handler: async (request) => {
        const found = await findMyInvoice(db, requireActor(request), request.params.idFacture);
        return getInvoice(db, { ...requireActor(request), shopId: found.shopId }, request.params.idFacture, requestLanguage(request.headers));
      },
    });

    for (const list of PAGED) {
      const [pagePath, searchPath] = list.paths;
      app.get(pagePath, {
        schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(invoice) } },
        config: { permission: list.permission },
        handler: (request) =>
          pageInvoices(db, requireShop(request), { ...list, page: request.params.p, lang: requestLanguage(request.headers) }),
      });
      app.get(searchPath, {
        schema: { tags, params: z.object({ b: idParam, p: pageParam, q: searchParam }), response: { 200: pageOf(invoice) } },
        config: { permission: list.permission },
        handler: (request) =>
          pageInvoices(db, requireShop(request), { ...list, page: request.params.p, term: request.params.q, lang: requestLanguage(request.headers) }),
      });
    }

    for (const lookup of LOOKUPS) {
      app.get(lookup.path, {
        schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(invoice) } },
        config: { permission: lookup.permission },
        handler: (request) => lookupInvoices(db, requireShop(request), { ...lookup, lang: requestLanguage(request.headers) }),
      });
    }
  };
}
