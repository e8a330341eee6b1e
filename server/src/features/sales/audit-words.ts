import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depots, drivers, invoiceTypes } from '../../db/schema/index.js';

/**
 * The words an audit line of a sale keeps (issue 22 item 15): names read in the change's
 * transaction, so that the trail says what a director saw (the invoice's type, depot, driver),
 * never the raw ids, even after the record is renamed or deleted.
 */

export async function invoiceTypeName(tx: Db, typeId: number): Promise<string | null> {
  const [row] = await tx.select({ libelle: invoiceTypes.libelle }).from(invoiceTypes).where(eq(invoiceTypes.id, typeId));
  return row?.libelle ?? null;
}

export async function depotName(tx: Db, depotId: number): Promise<string | null> {
  const [row] = await tx.select({ libelle: depots.libelle }).from(depots).where(eq(depots.id, depotId));
  return row?.libelle ?? null;
}

export async function driverName(tx: Db, driverId: number): Promise<string | null> {
  const [row] = await tx.select({ nom: drivers.nom }).from(drivers).where(eq(drivers.id, driverId));
  return row?.nom ?? null;
}
