import type { SubscriptionLine } from '@app/common/contracts/admin';
import { serializePerson } from '../../lib/person.js';
import { fileUrl } from '../files/uploads.service.js';
import { isExpired } from '../subscriptions/subscriptions.service.js';
import type { LineRecord } from './subscription-lines.queries.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function serializeLine({ line, user, planLabel, shopName }: LineRecord, now = new Date()): SubscriptionLine {
  const expired = line.status === 'active' && isExpired(line.endsAt, now);
  return {
    idLigne: line.id,
    users: serializePerson(user),
    abonnement: {
      code: line.planId,
      libelle: planLabel,
      boutiques: line.shops,
      depots: line.depots,
      users: line.users,
      factures: line.invoices,
    },
    nomBoutque: shopName,
    status: expired ? 'expired' : line.status,
    days: line.days,
    prixFcfa: line.priceFcfa,
    startsAt: iso(line.startsAt),
    endsAt: iso(line.endsAt),
    createdAt: iso(line.createdAt) ?? '',
    preuve: fileUrl(line.proofFileId),
  };
}
