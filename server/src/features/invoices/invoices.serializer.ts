import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import type { Language } from '@app/common/languages';
import { invoiceTypeName } from '../invoice-types/invoice-types.service.js';
import type { InvoiceListRow, LineRow } from './invoices.queries.js';

/** The `file` reference of an invoice: the document is rendered from data on request (DECISIONS §8). */
export const invoiceFileRef = (invoiceId: number) => `facture-${invoiceId}.pdf`;

export function serializeInvoice(row: InvoiceListRow, lines: LineRow[], lang: Language): Invoice {
  const { invoice, type, client, depot, seller } = row;
  // A quote is never paid: nothing is left to pay on it, converted or not (issue 22 item 11).
  const quote = type.id === INVOICE_TYPE.proforma;
  const clientRef = client ? { idClient: client.id, nom: client.nom, prenom: client.prenom } : null;
  return {
    idFacture: invoice.id,
    numeroFacture: invoice.number,
    codeFac: invoice.code,
    idBoutique: invoice.shopId,
    commande: { client: clientRef },
    client: clientRef,
    file: invoiceFileRef(invoice.id),
    sousTotal: invoice.subtotalFcfa,
    remise: invoice.discountFcfa,
    montantFacture: invoice.totalFcfa,
    montantPaye: invoice.paidFcfa,
    reste: quote ? 0 : invoice.remainingFcfa,
    solde: invoice.settled,
    livre: invoice.delivered,
    imprimante: invoice.print,
    typeFacture: { idTypeFacture: type.id, libelle: invoiceTypeName(type, lang) },
    depot: { idDepot: depot.id, libelle: depot.libelle },
    user: { idUser: seller.id, username: seller.username },
    ligneBoutique: { boutiquesPK: { user: { username: seller.username } } },
    convertedFromId: invoice.convertedFromId,
    convertedToId: invoice.convertedToId,
    convertedFromCode: row.convertedFrom?.code ?? null,
    convertedToCode: row.convertedTo?.code ?? null,
    createdAt: invoice.createdAt.toISOString(),
    deleted: invoice.deletedAt !== null,
    articles: lines
      .filter((line) => line.invoiceId === invoice.id)
      .map((line) => ({
        idArticle: line.articleId,
        designation: line.designation,
        prix: line.unitPriceFcfa,
        nombre: line.quantity,
        montant: line.unitPriceFcfa * line.quantity,
        prixModifie: line.listPriceFcfa != null,
        prixActuel: line.listPriceFcfa ?? null,
      })),
    refTicket: invoice.ticketRef,
    enRetard: invoice.lateSoldAt !== null,
    ...(invoice.lateSoldAt !== null && { vendueLe: invoice.lateSoldAt.toISOString() }),
  };
}
