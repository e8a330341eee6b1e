import { idParam } from '@app/common/contracts/ids';
import { invoice } from '@app/common/contracts/invoices';
import { sale, saleBody } from '@app/common/contracts/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireShop } from '../../lib/access.js';
import { requestLanguage } from '../../lib/i18n.js';
import { sendInvoiceAnswer } from '../invoices/invoice-pdf.service.js';
import { todaysOwnSales } from '../invoices/invoice-lists.service.js';
import { recordSale } from './record-sale.service.js';

const tags = ['sales'];

/** The till (DECISIONS §13): a whole sale in one request, and the till's sales of the day for reprint. */
export function salesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/ventes', {
      schema: { tags, body: saleBody, response: { 200: sale, 201: sale } },
      config: { permission: 'sales:ring' },
      handler: async (request, reply) => {
        const lang = requestLanguage(request.headers, request.query);
        const { sale: recorded, replayed } = await recordSale(db, requireShop(request), request.body, lang);
        return sendInvoiceAnswer(db, request, reply, replayed ? 200 : 201, recorded, 'ticket');
      },
    });

    // The caller's own sales of today in the shop's time zone, newest first (the till's reprint list).
    app.get('/api/ventes/du-jour/:b', {
      schema: { tags, params: z.object({ b: idParam }), response: { 200: z.array(invoice) } },
      config: { permission: 'sales:ring' },
      handler: (request) => todaysOwnSales(db, requireShop(request), requestLanguage(request.headers, request.query)),
    });
  };
}
