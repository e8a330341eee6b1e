import type { Language } from '@app/common/languages';
import type { Shop, ShopBody } from '@app/common/contracts/shops';
import type { Page } from '@app/common/contracts/paging';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopSales } from '../../db/sales-lock.js';
import { shopMembers, shops } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { assertWithinPlan } from '../subscriptions/plan-limits.service.js';
import { findShop, listShops } from './shops.queries.js';
import { serializeShop } from './shops.serializer.js';
import { createDefaultCashRegister } from '../cash-registers/cash-registers.service.js';

export async function pageShops(db: Db, actor: Actor, page: number, term?: string): Promise<Page<Shop>> {
  const { rows, total } = await listShops(db, actor.userId, { page, term });
  return toPage(rows.map(serializeShop), total, page);
}

export async function allShops(db: Db, actor: Actor): Promise<Shop[]> {
  return shopsOfUser(db, actor.userId);
}

/** The non-deleted shops a user is a member of, by name. */
export async function shopsOfUser(db: Db, userId: number): Promise<Shop[]> {
  const { rows } = await listShops(db, userId);
  return rows.map(serializeShop);
}

export async function createShop(db: Db, actor: Actor, body: ShopBody, lang: Language = 'fr'): Promise<Shop> {
  return db.transaction(async (tx) => {
    await assertWithinPlan(tx, actor.accountId, 'shops');
    const [shop] = await tx.insert(shops).values({ ...body, accountId: actor.accountId }).returning();
    if (!shop) throw new Error('shop insert returned nothing');
    await createDefaultCashRegister(tx, shop.id, lang);
    // The creator works in the new shop; so does the account's owner when a co-director created it.
    const members = [...new Set([actor.userId, actor.accountId])].map((userId) => ({ shopId: shop.id, userId }));
    await tx.insert(shopMembers).values(members).onConflictDoNothing();
    return serializeShop(shop);
  });
}

/** The shop the caller acts in (a member of it; the auth hook checked). */
export async function findShopOf(db: Db, ctx: ShopContext) {
  const shop = await findShop(db, ctx.shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

export async function updateShop(db: Db, ctx: ShopContext, body: ShopBody): Promise<Shop> {
  // A time zone change rebuilds the shop's per-day totals (a trigger): after the sales in progress.
  const [shop] = await db.transaction(async (tx) => {
    await lockShopSales(tx, ctx.shopId);
    return tx
      .update(shops)
      .set(body)
      .where(and(eq(shops.id, ctx.shopId), isNull(shops.deletedAt)))
      .returning();
  });
  if (!shop) throw new AppError('NOT_FOUND');
  return serializeShop(shop);
}

/** Soft delete: documents keep referring to the shop. The account's last shop stays. */
export async function deleteShop(db: Db, ctx: ShopContext): Promise<void> {
  const shopId = ctx.shopId;
  await db.transaction(async (tx) => {
    const shop = await findShopOf(tx, ctx);
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shops)
      .where(and(eq(shops.accountId, shop.accountId), isNull(shops.deletedAt), sql`${shops.id} <> ${shopId}`));
    if ((others?.n ?? 0) === 0) throw new AppError('LAST_SHOP');
    await tx.update(shops).set({ deletedAt: new Date() }).where(eq(shops.id, shopId));
  });
}
