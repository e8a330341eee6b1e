import type { Language } from '@app/common/languages';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { invoiceShop, printInvoice, type InvoiceFormat } from './invoice-pdf.service.js';
import { findInvoiceForDocument, linesOf, livePaymentsOf } from './invoices.queries.js';
import { serializeInvoice } from './invoices.serializer.js';
import { canViewInvoice, isProforma } from './invoices.service.js';

/**
 * `facture-{id}.pdf` for GET /api/downloadFile/{file}: who may see the invoice gets its document
 * (a deleted invoice too, marked as deleted: it keeps its number); another shop's is NOT_FOUND.
 * Two statements: the invoice with its joins and its shop's header, then its lines (were four);
 * a ticket also lists the invoice's payments (a third).
 * Run together they took a second pool connection and did not come out faster in the bench.
 */
export async function sendInvoiceDocument(
  db: Db,
  reply: FastifyReply,
  actor: Actor,
  invoiceId: number,
  options: { format: InvoiceFormat; lang: Language; versionId?: number },
) {
  const row = await findInvoiceForDocument(db, actor.shopIds, invoiceId);
  if (!row || !(await canViewInvoice(db, actor, row.invoice))) throw new AppError('NOT_FOUND');
  const pdf = await printInvoice(
    db,
    invoiceId,
    { format: options.format, lang: options.lang, proforma: isProforma(row.invoice) },
    { paidFcfa: row.invoice.paidFcfa, remainingFcfa: row.invoice.remainingFcfa, payments: () => livePaymentsOf(db, row.invoice.shopId, invoiceId) },
    async () => ({ invoice: serializeInvoice(row, await linesOf(db, [invoiceId]), options.lang), shop: invoiceShop(row.shop) }),
    options.versionId,
  );
  const name = `${row.invoice.code}${options.versionId === undefined ? '' : `-version-${options.versionId}`}${options.format === 'ticket' ? '-ticket' : ''}`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
