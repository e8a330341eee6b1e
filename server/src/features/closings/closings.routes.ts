import { closing, closingBody, closingDayParams, closingDocumentQuery } from '@app/common/contracts/closings';
import { idParam } from '@app/common/contracts/ids';
import { pageOf, pageParam } from '@app/common/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireActor, requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { findMyCashRegister } from '../cash-registers/cash-registers.service.js';
import {
  closeDay,
  closingPreview,
  findMyClosing,
  myClosing,
  pageClosings,
  sendClosingCsv,
  sendClosingPdf,
} from './closings.service.js';

const tags = ['closings'];
const config = { permission: 'closings:use' } as const;
const closingParams = z.object({ idCloture: idParam });
const findClosing = { param: 'idCloture', find: findMyClosing };

function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key ? key.slice(0, 200) : null;
}

/** Cash closing per register and business day (clôture de caisse, DECISIONS §1, §12). */
export function closingsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/clotures/apercu/:idCaisse/:date', {
      schema: { tags, params: closingDayParams, response: { 200: closing } },
      config: { ...config, record: { param: 'idCaisse', find: findMyCashRegister } },
      handler: (request) => closingPreview(db, requireActor(request), request.params.idCaisse, request.params.date),
    });

    app.post('/api/clotures', {
      schema: { tags, body: closingBody, response: { 200: closing, 201: closing } },
      config,
      handler: async (request, reply) => {
        const result = await closeDay(db, requireActor(request), request.body, idempotencyKeyOf(request.headers));
        return reply.status(result.replayed ? 200 : 201).send(result.closing);
      },
    });

    app.get('/api/clotures/page/:b/:p', {
      schema: { tags, params: z.object({ b: idParam, p: pageParam }), response: { 200: pageOf(closing) } },
      config,
      handler: (request) => pageClosings(db, requireShop(request), request.params.p),
    });

    app.get('/api/clotures/:idCloture', {
      schema: { tags, params: closingParams, response: { 200: closing } },
      config: { ...config, record: findClosing },
      handler: (request) => myClosing(db, requireActor(request), request.params.idCloture),
    });

    app.get('/api/clotures/imprimer/:idCloture', {
      schema: { tags, params: closingParams, querystring: closingDocumentQuery },
      config: { ...config, record: findClosing },
      handler: (request, reply) =>
        sendClosingPdf(db, reply, requireActor(request), request.params.idCloture, {
          lang: requestLanguage(request.headers, request.query),
          format: request.query.format ?? 'a4',
        }),
    });

    app.get('/api/clotures/csv/:idCloture', {
      schema: { tags, params: closingParams, querystring: closingDocumentQuery.pick({ lang: true }) },
      config: { ...config, record: findClosing },
      handler: (request, reply) =>
        sendClosingCsv(
          db,
          reply,
          requireActor(request),
          request.params.idCloture,
          requestLanguage(request.headers, request.query),
        ),
    });
  };
}
