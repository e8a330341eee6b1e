import type { Language } from '@app/common/languages';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { currentDocumentOf } from '../documents/document-answers.service.js';
import { parseContent } from '../documents/document-content.service.js';
import { issuedLogo } from '../documents/issued-logo.service.js';
import { drawIssuedPdf } from '../documents/issued-pdf.service.js';
import { drawInvoicePdf, invoiceShop, type InvoiceFormat } from './invoice-pdf.service.js';
import { findInvoiceForDocument, linesOf, livePaymentsOf } from './invoices.queries.js';
import { serializeInvoice } from './invoices.serializer.js';
import { canViewInvoice } from './invoices.service.js';

/**
 * `facture-{id}.pdf` for GET /api/downloadFile/{file}: who may see the invoice gets its document
 * (a deleted invoice too, marked as deleted: it keeps its number); another shop's is NOT_FOUND.
 * Two statements: the invoice with its joins and its shop's header, then its lines (were four);
 * a ticket also lists the invoice's payments (a third).
 * Run together they took a second pool connection and did not come out faster in the bench.
 */
export async function sendInvoiceDocument(db: Db, reply: FastifyReply, actor: Actor, invoiceId: number, options: { format: InvoiceFormat; lang: Language }) {
  const row = await findInvoiceForDocument(db, actor.shopIds, invoiceId);
  if (!row || !canViewInvoice(actor, row.invoice)) throw new AppError('NOT_FOUND');
  const issued = await currentDocumentOf(db, invoiceId);
  const content = issued ? parseContent(issued.content) : null;
  // An issued invoice prints from its frozen document (issue 21); a proforma, or an invoice from before documents, from its data.
  const pdf =
    issued && content
    ? await drawIssuedPdf(content, {
        ...options,
        status: issued.status,
        logo: await issuedLogo(db, issued.shopId, content.issuer.logoFileId),
        payments: {
          list: (await livePaymentsOf(db, row.invoice.shopId, invoiceId)).map(documentPayment),
          paidFcfa: row.invoice.paidFcfa,
          remainingFcfa: row.invoice.remainingFcfa,
        },
      })
    : await drawInvoicePdf(serializeInvoice(row, await linesOf(db, [invoiceId]), options.lang), invoiceShop(row.shop), {
        ...options,
        payments: options.format === 'ticket' ? await livePaymentsOf(db, row.invoice.shopId, invoiceId) : [],
      });
  const invoice = { codeFac: row.invoice.code };
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${invoice.codeFac}${options.format === 'ticket' ? '-ticket' : ''}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** A payment as the documents list it. */
export const documentPayment = (p: { methode: string; reference: string | null; montant: number; montantPaye: number; reliquat: number }) => ({
  method: p.methode,
  reference: p.reference,
  handedFcfa: p.montant,
  appliedFcfa: p.montantPaye,
  changeFcfa: p.reliquat,
});
