import type { Driver, DriverInput } from '@app/common/contracts/drivers';
import type { Page } from '@app/common/contracts/paging';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { listDrivers, type DriverRow } from './drivers.queries.js';

/**
 * Drivers (chauffeurs) of seed 001: directors keep the list; sellers, cashiers and warehouse
 * keepers quick-add one from the payment, delivery and reception dialogs (DECISIONS §1).
 */

export function serializeDriver(row: DriverRow): Driver {
  return { id: row.id, nom: row.nom, telephone: row.telephone, boutique: { idBoutique: row.shopId } };
}

export async function pageDrivers(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Driver>> {
  const { rows, total } = await listDrivers(db, ctx.shopId, input);
  return toPage(rows.map(serializeDriver), total, input.page);
}

export async function shopDrivers(db: Db, ctx: ShopContext): Promise<Driver[]> {
  return (await listDrivers(db, ctx.shopId)).rows.map(serializeDriver);
}

/** A live driver of one of the caller's shops; another shop's is NOT_FOUND. */
export async function findMyDriver(db: Db, actor: Actor, id: number): Promise<DriverRow> {
  return (await findInMyShops(db, actor, drivers, id)).row;
}

/**
 * A live driver of the shop the caller acts in, or a 422 on the body's field (a reception or a
 * delivery naming a driver of another shop, or a deleted one).
 */
export async function requireShopDriver(db: Db, ctx: ShopContext, id: number, field: string): Promise<DriverRow> {
  const [row] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.id, id), eq(drivers.shopId, ctx.shopId), isNull(drivers.deletedAt)));
  if (!row) throw new AppError('DRIVER_NOT_IN_SHOP', { details: [{ field, message: 'validation.invalid' }] });
  return row;
}

export async function createDriver(db: Db, ctx: ShopContext, input: DriverInput): Promise<Driver> {
  const [row] = await db.insert(drivers).values({ shopId: ctx.shopId, nom: input.nom, telephone: input.telephone }).returning();
  return serializeDriver(row!);
}

/** Edits validate like creation (DECISIONS §10); the driver stays in its shop. */
export async function updateDriver(db: Db, actor: Actor, id: number, input: DriverInput): Promise<Driver> {
  return db.transaction(async (tx) => {
    await findInMyShops(tx, actor, drivers, id, { lock: true });
    const [row] = await tx
      .update(drivers)
      .set({ nom: input.nom, telephone: input.telephone })
      .where(eq(drivers.id, id))
      .returning();
    return serializeDriver(row!);
  });
}

/** Soft delete: receptions and deliveries keep naming the driver. */
export async function deleteDriver(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await findInMyShops(tx, actor, drivers, id, { lock: true });
    await tx.update(drivers).set({ deletedAt: new Date() }).where(eq(drivers.id, id));
  });
}
