import type { Category, CategoryBody } from '@app/common/contracts/categories';
import type { Page } from '@app/common/contracts/paging';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { findCategoryByLabel, listCategories } from './categories.queries.js';
import { serializeCategory } from './categories.serializer.js';
import { shopIdOfField } from '@app/common/contracts/trading-fields';

export async function pageCategories(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Category>> {
  const { rows, total } = await listCategories(db, ctx.shopId, input);
  return toPage(rows.map(serializeCategory), total, input.page);
}

export async function shopCategories(db: Db, ctx: ShopContext): Promise<Category[]> {
  const { rows } = await listCategories(db, ctx.shopId);
  return rows.map(serializeCategory);
}

/** A live category of one of the caller's shops; another shop's category is NOT_FOUND. */
export async function findMyCategory(db: Db, actor: Actor, categoryId: number) {
  return findInMyShops(db, actor, categories, categoryId);
}

/** A live category of this shop, or NOT_FOUND (an article naming another shop's category). */
export async function requireShopCategory(db: Db, ctx: ShopContext, categoryId: number) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.shopId, ctx.shopId), isNull(categories.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', { details: [{ field: 'categorie', id: categoryId }] });
  return row;
}

/** The live category of the shop with this label, created when there is none (the CSV import). */
export async function categoryNamed(db: Db, ctx: ShopContext, libelle: string): Promise<number> {
  const existing = await findCategoryByLabel(db, ctx.shopId, libelle);
  if (existing) return existing.id;
  const [row] = await db.insert(categories).values({ shopId: ctx.shopId, libelle }).returning({ id: categories.id });
  return row!.id;
}

async function assertLabelFree(db: Db, shopId: number, libelle: string, exceptId?: number) {
  if (await findCategoryByLabel(db, shopId, libelle, exceptId)) {
    throw new AppError('CATEGORY_TAKEN', { details: [{ field: 'body.libelle', message: 'CATEGORY_TAKEN' }] });
  }
}

export async function createCategory(db: Db, ctx: ShopContext, body: CategoryBody): Promise<Category> {
  return db.transaction(async (tx) => {
    await assertLabelFree(tx, ctx.shopId, body.libelle);
    const [row] = await tx.insert(categories).values({ shopId: ctx.shopId, libelle: body.libelle }).returning();
    return serializeCategory(row!);
  });
}

/** `ctx` is the category's shop (the auth hook found it there); the body's shop must be the same one. */
export async function updateCategory(db: Db, actor: Actor, categoryId: number, body: CategoryBody): Promise<Category> {
  return db.transaction(async (tx) => {
    const { row: existing } = await findInMyShops(tx, actor, categories, categoryId, { lock: true });
    const bodyShop = shopIdOfField(body.boutique);
    if (bodyShop !== existing.shopId) throw new AppError('NOT_FOUND');
    await assertLabelFree(tx, existing.shopId, body.libelle, categoryId);
    const [row] = await tx.update(categories).set({ libelle: body.libelle }).where(eq(categories.id, categoryId)).returning();
    return serializeCategory(row!);
  });
}

/** Soft delete: the articles of the category keep it in their history, and are left without one in lists. */
export async function deleteCategory(db: Db, actor: Actor, categoryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await findInMyShops(tx, actor, categories, categoryId, { lock: true });
    await tx.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, categoryId));
  });
}
