import type { Language } from '@app/common/languages';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { renderInvoicePdf, type InvoiceFormat } from './invoice-pdf.service.js';
import { findInMyShops } from '../../lib/access.js';
import { invoices } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { canViewInvoice, getInvoice } from './invoices.service.js';

/**
 * `facture-{id}.pdf` for GET /api/downloadFile/{file}: who may see the invoice gets its document
 * (a deleted invoice too, marked as deleted: it keeps its number); another shop's is NOT_FOUND.
 */
export async function sendInvoiceDocument(db: Db, reply: FastifyReply, actor: Actor, invoiceId: number, options: { format: InvoiceFormat; lang: Language }) {
  const { row, ctx } = await findInMyShops(db, actor, invoices, invoiceId, { includeDeleted: true });
  if (!canViewInvoice(actor, row)) throw new AppError('NOT_FOUND');
  const invoice = await getInvoice(db, ctx, invoiceId, options.lang, { includeDeleted: true });
  const pdf = await renderInvoicePdf(db, invoice, options);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${invoice.codeFac}${options.format === 'ticket' ? '-ticket' : ''}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
