import type { Page } from '@app/common/contracts/paging';
import type { Supplier, SupplierInput } from '@app/common/contracts/suppliers';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { suppliers } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { listSuppliers, type SupplierRow } from './suppliers.queries.js';

/** Suppliers (fournisseurs) of seed 001: kept by directors and managers, picked by everyone. */

export function serializeSupplier(row: SupplierRow): Supplier {
  return {
    idFournisseur: row.id,
    raisonSociale: row.raisonSociale,
    telephone: row.telephone,
    adresse: row.adresse,
    boutique: { idBoutique: row.shopId },
  };
}

export async function pageSuppliers(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<Supplier>> {
  const { rows, total } = await listSuppliers(db, ctx.shopId, input);
  return toPage(rows.map(serializeSupplier), total, input.page);
}

export async function shopSuppliers(db: Db, ctx: ShopContext): Promise<Supplier[]> {
  return (await listSuppliers(db, ctx.shopId)).rows.map(serializeSupplier);
}

/** A live supplier of one of the caller's shops; another shop's is NOT_FOUND. */
export async function findMySupplier(db: Db, actor: Actor, id: number): Promise<SupplierRow> {
  return (await findInMyShops(db, actor, suppliers, id)).row;
}

/**
 * A live supplier of the shop the caller acts in, or a 422 on the body's field (a reception or
 * an article naming a supplier of another shop, or a deleted one).
 */
export async function requireShopSupplier(db: Db, ctx: ShopContext, id: number, field: string): Promise<SupplierRow> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.shopId, ctx.shopId), isNull(suppliers.deletedAt)));
  if (!row) throw new AppError('SUPPLIER_NOT_IN_SHOP', { details: [{ field, message: 'validation.invalid' }] });
  return row;
}

export async function createSupplier(db: Db, ctx: ShopContext, input: SupplierInput): Promise<Supplier> {
  const [row] = await db
    .insert(suppliers)
    .values({ shopId: ctx.shopId, raisonSociale: input.raisonSociale, telephone: input.telephone, adresse: input.adresse })
    .returning();
  return serializeSupplier(row!);
}

/** Edits validate like creation (DECISIONS §10); the supplier stays in its shop. */
export async function updateSupplier(db: Db, actor: Actor, id: number, input: SupplierInput): Promise<Supplier> {
  return db.transaction(async (tx) => {
    await findInMyShops(tx, actor, suppliers, id, { lock: true });
    const [row] = await tx
      .update(suppliers)
      .set({ raisonSociale: input.raisonSociale, telephone: input.telephone, adresse: input.adresse })
      .where(eq(suppliers.id, id))
      .returning();
    return serializeSupplier(row!);
  });
}

/** Soft delete: articles and receptions keep naming the supplier. */
export async function deleteSupplier(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await findInMyShops(tx, actor, suppliers, id, { lock: true });
    await tx.update(suppliers).set({ deletedAt: new Date() }).where(eq(suppliers.id, id));
  });
}
