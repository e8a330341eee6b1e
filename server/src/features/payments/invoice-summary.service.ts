import type { PaymentInvoice } from '@app/common/contracts/payments';
import type { Language } from '@app/common/languages';
import { can } from '@app/common/permissions';
import { eq } from 'drizzle-orm';
import { clients, invoiceTypes, invoices } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';

/**
 * The invoice as the cash desk, payment and delivery lists show it (seed 001 §2: number, client,
 * amount, paid, remainder, settled, delivered, type, date, PDF). Select these columns with a join
 * on the invoice's type and a left join on its client (`withInvoiceSummary`).
 */
export const invoiceSummaryColumns = {
  invoice: {
    id: invoices.id,
    code: invoices.code,
    totalFcfa: invoices.totalFcfa,
    paidFcfa: invoices.paidFcfa,
    remainingFcfa: invoices.remainingFcfa,
    settled: invoices.settled,
    delivered: invoices.delivered,
    createdAt: invoices.createdAt,
    userId: invoices.userId,
  },
  invoiceType: { id: invoiceTypes.id, libelle: invoiceTypes.libelle, libelleEn: invoiceTypes.libelleEn },
  client: { id: clients.id, nom: clients.nom, prenom: clients.prenom },
};

export const invoiceTypeJoin = eq(invoiceTypes.id, invoices.typeId);
export const invoiceClientJoin = eq(clients.id, invoices.clientId);

export type InvoiceSummaryRow = {
  invoice: {
    id: number;
    code: string;
    totalFcfa: number;
    paidFcfa: number;
    remainingFcfa: number;
    settled: boolean;
    delivered: boolean;
    createdAt: Date;
    userId: number;
  };
  invoiceType: { id: number; libelle: string; libelleEn: string | null };
  client: { id: number; nom: string; prenom: string } | null;
};

/** Proformas (built-in type 3) are quotes: never paid nor delivered (DECISIONS §6). */
export const PROFORMA_TYPE_ID = INVOICE_TYPE.proforma;

/** The `file` reference of an invoice: its PDF, rendered from data (DECISIONS §8). */
export const invoiceFileRef = (invoiceId: number) => `facture-${invoiceId}.pdf`;

export function serializeInvoiceSummary(row: InvoiceSummaryRow, lang: Language): PaymentInvoice {
  const { invoice, invoiceType, client } = row;
  return {
    idFacture: invoice.id,
    codeFac: invoice.code,
    file: invoiceFileRef(invoice.id),
    montantFacture: invoice.totalFcfa,
    montantPaye: invoice.paidFcfa,
    reste: invoice.remainingFcfa,
    solde: invoice.settled,
    livre: invoice.delivered,
    typeFacture: { idTypeFacture: invoiceType.id, libelle: (lang === 'en' && invoiceType.libelleEn) || invoiceType.libelle },
    client: client ? { idClient: client.id, nom: client.nom, prenom: client.prenom } : null,
    createdAt: invoice.createdAt.toISOString(),
  };
}

/**
 * Who may pay an invoice (DECISIONS §1): the cash desk (directors, cashiers) any invoice of the
 * shop, a seller their own. Others are told it does not exist, as for another shop's.
 */
export function mayPay(ctx: ShopContext, invoice: { userId: number }): boolean {
  return can(ctx, 'cashDesk:use') || invoice.userId === ctx.userId;
}

/** Who may deliver an invoice: directors and warehouse keepers, any invoice of the shop. */
export function mayDeliver(ctx: ShopContext): boolean {
  return can(ctx, 'deliveries:create');
}
