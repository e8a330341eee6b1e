import { okResponse } from '@app/common/contracts/common';
import { idParam } from '@app/common/contracts/ids';
import { invoiceCheckQuery, payment, paymentBody, paymentCorrectionBody } from '@app/common/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../lib/access.js';
import { shopPageRoutes } from '../../lib/paged-routes.js';
import { requestLanguage } from '../../lib/i18n.js';
import { correctPayment, createPayment, voidPayment } from '../sales/pay.service.js';
import { checkInvoice, findMyPayment, invoicePayments, pagePayments } from './payments.service.js';

const tags = ['payments'];

function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key || null;
}

/** Payments at the cash desk (seed 001 §3, §7; DECISIONS §6, §12). */
export function paymentsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/check/commande/:idFacture', {
      schema: {
        tags,
        params: z.object({ idFacture: idParam }),
        querystring: invoiceCheckQuery,
        response: { 200: z.literal(true) },
      },
      config: { permission: 'invoices:check' },
      handler: (request) => checkInvoice(db, requireActor(request), request.params.idFacture, request.query.pour),
    });

    app.post('/api/paiements/livre', {
      schema: { tags, body: paymentBody, response: { 200: payment, 201: payment } },
      config: { permission: 'payments:create' },
      handler: async (request, reply) => {
        const lang = requestLanguage(request.headers, request.query);
        const result = await createPayment(db, requireActor(request), request.body, idempotencyKeyOf(request.headers), lang);
        return reply.status(result.replayed ? 200 : 201).send(result.payment);
      },
    });

    app.get('/api/paiements_facture/:idFacture', {
      schema: { tags, params: z.object({ idFacture: idParam }), response: { 200: z.array(payment) } },
      config: { permission: 'payments:read' },
      handler: (request) =>
        invoicePayments(db, requireActor(request), request.params.idFacture, requestLanguage(request.headers, request.query)),
    });

    // Directors see every payment of the shop; sellers and cashiers (and the /user/ list) their own.
    shopPageRoutes(app, {
      tags,
      item: payment,
      permission: 'payments:read',
      lists: [
        { prefix: '/api/paiement/page', ownOnly: false },
        { prefix: '/api/paiement/user/page', ownOnly: true },
      ],
      page: (ctx, query, language) => pagePayments(db, ctx, query, language),
    });

    app.put('/api/payements/:idPayement', {
      schema: { tags, params: z.object({ idPayement: idParam }), body: paymentCorrectionBody, response: { 200: payment } },
      config: { permission: 'payments:correct', record: { param: 'idPayement', find: findMyPayment } },
      handler: (request) =>
        correctPayment(
          db,
          requireActor(request),
          request.params.idPayement,
          request.body,
          requestLanguage(request.headers, request.query),
        ),
    });

    app.delete('/api/payements/:idPayement', {
      schema: { tags, params: z.object({ idPayement: idParam }), response: { 200: okResponse } },
      config: { permission: 'payments:correct', record: { param: 'idPayement', find: findMyPayment } },
      handler: async (request) => {
        await voidPayment(db, requireActor(request), request.params.idPayement);
        return { ok: true as const };
      },
    });
  };
}
