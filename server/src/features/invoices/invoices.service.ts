import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import type { Language } from '@app/common/languages';
import { can, canSee } from '@app/common/permissions';
import type { Db } from '../../db/client.js';
import { and, eq, isNull } from 'drizzle-orm';
import { deliveries, invoices } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { withDocuments } from '../documents/document-answers.service.js';
import { findInvoiceRow, linesOf, type InvoiceRow } from './invoices.queries.js';
import { serializeInvoice } from './invoices.serializer.js';

// What the sales module reads of invoices through this service (features reach each other through services).
export { linesOf, shopOf, type InvoiceListRow, type LineRow } from './invoices.queries.js';
export { serializeInvoice } from './invoices.serializer.js';

/**
 * Reading sales invoices (seed 001 facture; DECISIONS §4, §6): who sees one, and one as the API
 * shows it. Every change of an invoice goes through the sales module (features/sales).
 */

export const PROFORMA_TYPE_ID = INVOICE_TYPE.proforma;
export const isProforma = (invoice: Pick<InvoiceRow, 'typeId'>) => invoice.typeId === PROFORMA_TYPE_ID;

/**
 * Who sees an invoice: whoever sees every invoice of the shop (directors), the cash desk
 * (cashiers take payments of any invoice), and its seller. A warehouse keeper (DECISIONS §1:
 * deliveries to make, their own deliveries) sees an invoice still to deliver, and one they
 * delivered; not a proforma, nor another's delivered sale.
 */
export async function canViewInvoice(
  db: Db,
  actor: Actor,
  invoice: Pick<InvoiceRow, 'id' | 'userId' | 'typeId' | 'delivered'>,
): Promise<boolean> {
  if (canSee(actor, 'invoices') === 'all' || can(actor, 'cashDesk:use') || invoice.userId === actor.userId) return true;
  if (!can(actor, 'deliveries:read') || isProforma(invoice)) return false;
  return !invoice.delivered || deliveredBy(db, invoice.id, actor.userId);
}

/** Whether `userId` made the invoice's live delivery. */
async function deliveredBy(db: Db, invoiceId: number, userId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.invoiceId, invoiceId), eq(deliveries.userId, userId), isNull(deliveries.cancelledAt)))
    .limit(1);
  return found !== undefined;
}

/** A live invoice of one of the caller's shops that the caller may see; anything else is NOT_FOUND. */
export async function findMyInvoice(db: Db, actor: Actor, invoiceId: number): Promise<InvoiceRow> {
  const { row } = await findInMyShops(db, actor, invoices, invoiceId);
  if (!(await canViewInvoice(db, actor, row))) throw new AppError('NOT_FOUND');
  return row;
}

/** One invoice as the API shows it. */
export async function getInvoice(db: Db, ctx: ShopContext, invoiceId: number, lang: Language = 'fr', options: { includeDeleted?: boolean } = {}): Promise<Invoice> {
  const row = await findInvoiceRow(db, ctx.shopId, invoiceId, options);
  if (!row || !(await canViewInvoice(db, ctx, row.invoice))) throw new AppError('NOT_FOUND');
  return withDocuments(db, row.invoice.shopId, serializeInvoice(row, await linesOf(db, [invoiceId]), lang), lang);
}

