import type { Payment } from '@app/common/contracts/payments';
import type { Language } from '@app/common/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { visibleRecords, type Actor } from '../../lib/access.js';
import { serializePayment } from './payment.serializer.js';
import { lookupPayments } from './payments.queries.js';

/**
 * The seed's non-paged payment lookups (seed 001 §7), live payments only, newest 500 at most.
 * `shopIds`: one shop the request named, or every shop of the caller when the call names none.
 * `own`: only the payments the caller took (paiements_caisse_connect), whatever their scope;
 * otherwise directors see all and sellers and cashiers their own (RECORD_SCOPES.payments).
 */
export async function paymentLookup(
  db: Db,
  actor: Actor,
  input: { shopIds: number[]; own?: boolean },
  lang: Language,
): Promise<Payment[]> {
  const author = input.own
    ? eq(payments.userId, actor.userId)
    : visibleRecords({ ...actor, shopId: 0 }, 'payments', payments.userId);
  return (await lookupPayments(db, input.shopIds, author)).map((row) => serializePayment(row, lang));
}
