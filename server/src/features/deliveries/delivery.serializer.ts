import type { Delivery } from '@app/common/contracts/deliveries';
import type { Language } from '@app/common/languages';
import { serializeInvoiceSummary } from '../payments/invoice-summary.service.js';
import type { DeliveryRow } from './deliveries.queries.js';

/** A delivery as seed 001 §3 names its fields (the lists and the lookups). */
export function serializeDelivery(row: DeliveryRow, lang: Language): Delivery {
  return {
    idLivraison: row.delivery.id,
    facture: serializeInvoiceSummary(row, lang),
    chauffeure: { id: row.driver.id, nom: row.driver.nom, telephone: row.driver.telephone },
    nomChaufeur: row.driver.nom,
    user: { idUser: row.user.id, username: row.user.username },
    livre: row.delivery.cancelledAt === null,
    annule: row.delivery.cancelledAt !== null,
    createdAt: row.delivery.createdAt.toISOString(),
  };
}
