import type { Depot, DepotBody } from '@app/common/contracts/depots';
import type { Page } from '@app/common/contracts/paging';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers, depots, shopMembers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { findShopOf } from '../shops/shops.service.js';
import { depotStock } from '../stock/article-stock.service.js';
import { assertWithinPlan } from '../subscriptions/plan-limits.service.js';
import { findDepot, listAssignedDepots, listDepots, type DepotWithShop } from './depots.queries.js';
import { serializeDepot } from './depots.serializer.js';

/** Depots of the shop the caller acts in. */
export async function pageDepots(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Depot>> {
  const { rows, total } = await listDepots(db, ctx.shopId, input);
  return toPage(rows.map(serializeDepot), total, input.page);
}

export async function shopDepots(db: Db, ctx: ShopContext): Promise<Depot[]> {
  const { rows } = await listDepots(db, ctx.shopId);
  return rows.map(serializeDepot);
}

/** A non-deleted depot of one of the caller's shops; another shop's depot is NOT_FOUND. */
export async function findMyDepot(db: Db, actor: Actor, depotId: number): Promise<DepotWithShop> {
  const depot = await findDepot(db, actor.shopIds, depotId);
  if (!depot) throw new AppError('NOT_FOUND');
  return depot;
}

/** Depots the caller is assigned to, in all their shops or in one. */
export async function myDepots(db: Db, actor: Actor, shopId?: number): Promise<Depot[]> {
  const rows = await listAssignedDepots(db, actor.userId, actor.shopIds, shopId);
  return rows.map(serializeDepot);
}

/** `ctx` is the shop the body names (`boutique`), checked by the auth hook. */
export async function createDepot(db: Db, ctx: ShopContext, body: DepotBody): Promise<Depot> {
  return db.transaction(async (tx) => {
    const shop = await findShopOf(tx, ctx);
    // The depot counts against the plan of the account owning its shop.
    await assertWithinPlan(tx, shop.accountId, 'depots');
    const [depot] = await tx.insert(depots).values({ shopId: shop.id, libelle: body.libelle }).returning();
    if (!depot) throw new Error('depot insert returned nothing');
    return serializeDepot({ depot, shopNom: shop.nom });
  });
}

/**
 * Renames a depot, or moves it to another of the caller's shops. A move keeps the
 * assignments of users who are members of the new shop and ends the others. A depot through
 * which stock has moved stays in its shop (DEPOT_HAS_STOCK_HISTORY): its stock, its movements
 * and the invoices that took from it are that shop's, and would be stranded in the other one.
 */
export async function updateDepot(db: Db, ctx: ShopContext, depotId: number, body: DepotBody): Promise<Depot> {
  return db.transaction(async (tx) => {
    const existing = await findMyDepot(tx, ctx, depotId);
    const shop = await findShopOf(tx, ctx);
    const moved = shop.id !== existing.depot.shopId;
    if (moved && (await depotStock(tx, existing.depot.shopId, depotId)).moved) throw new AppError('DEPOT_HAS_STOCK_HISTORY');
    if (moved && shop.accountId !== existing.shopAccountId) await assertWithinPlan(tx, shop.accountId, 'depots');
    const [depot] = await tx
      .update(depots)
      .set({ libelle: body.libelle, shopId: shop.id })
      .where(eq(depots.id, depotId))
      .returning();
    if (!depot) throw new AppError('NOT_FOUND');
    if (moved) {
      const members = tx.select({ id: shopMembers.userId }).from(shopMembers).where(eq(shopMembers.shopId, shop.id));
      await tx.delete(depotUsers).where(and(eq(depotUsers.depotId, depotId), notInArray(depotUsers.userId, members)));
      await tx.update(depotUsers).set({ shopId: shop.id }).where(eq(depotUsers.depotId, depotId));
    }
    return serializeDepot({ depot, shopNom: shop.nom });
  });
}

/**
 * Soft delete (documents keep naming the depot); its assignments end. A depot that still holds
 * stock is refused (DEPOT_NOT_EMPTY): its units would leave the shop's stock without a movement
 * (DECISIONS §5); they are transferred or counted out first.
 */
export async function deleteDepot(db: Db, actor: Actor, depotId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await findInMyShops(tx, actor, depots, depotId, { lock: true });
    const held = await depotStock(tx, row.shopId, depotId);
    if (held.units !== 0) throw new AppError('DEPOT_NOT_EMPTY', { params: { units: held.units, count: held.units } });
    await tx.update(depots).set({ deletedAt: new Date() }).where(eq(depots.id, depotId));
    await tx.delete(depotUsers).where(eq(depotUsers.depotId, depotId));
  });
}
