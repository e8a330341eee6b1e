import type { Payment } from '@app/common/contracts/payments';
import type { Language } from '@app/common/languages';
import { serializeInvoiceSummary } from './invoice-summary.service.js';
import type { PaymentRow } from './payments.queries.js';

/** A payment as seed 001 §3 names its fields (the lists, the history and the lookups). */
export function serializePayment(row: PaymentRow, lang: Language): Payment {
  const { payment } = row;
  return {
    idPayement: payment.id,
    idPaiement: payment.id,
    caisse: { idCaisse: row.register.id, libelle: row.register.libelle },
    datePaiement: payment.createdAt.toISOString(),
    createdAt: payment.createdAt.toISOString(),
    facture: serializeInvoiceSummary(row, lang),
    montant: payment.handedFcfa,
    montantPaye: payment.appliedFcfa,
    reliquat: payment.changeFcfa,
    reste: payment.remainingAfterFcfa,
    solde: payment.remainingAfterFcfa === 0,
    methode: payment.method,
    reference: payment.reference,
    annule: payment.voidedAt !== null,
    remboursement: payment.refundOf !== null,
    user: { idUser: row.user.id, username: row.user.username },
    idLivraison: row.deliveryId,
  };
}
