import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashClosings, cashRegisters, clients, deliveries, invoiceTypes, invoices, payments, shops } from '../../db/schema/index.js';

/** What a payment reads before it writes: its stored key, its invoice locked, its register and whether the register's day is closed. */

export async function paymentByKey(db: Db, shopId: number, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.shopId, shopId), eq(payments.idempotencyKey, key)));
  return row;
}

/** The invoice row, locked for the rest of the transaction (payments of one invoice queue here). */
export async function lockInvoice(tx: Db, shopId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.shopId, shopId)))
    .for('update');
  return row;
}

/**
 * What a payment needs once its invoice is locked, in one statement: the register (live, of the
 * shop; the default one when none is chosen), share-locked so that its day cannot be closed
 * until the payment commits, the shop's time zone, and what the answer shows of the invoice
 * (its type, its client, its live delivery). Undefined when there is no such register.
 */
export async function paymentRefs(
  tx: Db,
  shopId: number,
  chosenRegisterId: number | null,
  invoice: { id: number; typeId: number; clientId: number | null },
) {
  const [row] = await tx
    .select({
      register: { id: cashRegisters.id, libelle: cashRegisters.libelle },
      timeZone: shops.timeZone,
      invoiceType: { id: invoiceTypes.id, libelle: invoiceTypes.libelle, libelleEn: invoiceTypes.libelleEn },
      client: { id: clients.id, nom: clients.nom, prenom: clients.prenom },
      deliveryId: sql<
        number | null
      >`(select ${deliveries.id} from ${deliveries} where ${deliveries.invoiceId} = ${invoice.id} and ${deliveries.cancelledAt} is null limit 1)`,
    })
    .from(cashRegisters)
    .innerJoin(shops, eq(shops.id, cashRegisters.shopId))
    .innerJoin(invoiceTypes, eq(invoiceTypes.id, invoice.typeId))
    .leftJoin(clients, eq(clients.id, invoice.clientId ?? 0))
    .where(
      and(
        eq(cashRegisters.shopId, shopId),
        isNull(cashRegisters.deletedAt),
        chosenRegisterId === null ? eq(cashRegisters.isDefault, true) : eq(cashRegisters.id, chosenRegisterId),
      ),
    )
    .for('share', { of: cashRegisters });
  return row;
}

/** Whether the register's business day `date` is closed (take the register's share lock first). */
export async function isDayClosed(tx: Db, shopId: number, registerId: number, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: cashClosings.id })
    .from(cashClosings)
    .where(and(eq(cashClosings.shopId, shopId), eq(cashClosings.cashRegisterId, registerId), eq(cashClosings.businessDate, date)));
  return row !== undefined;
}
