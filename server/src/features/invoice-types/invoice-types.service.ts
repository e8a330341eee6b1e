import { BUILT_IN_INVOICE_TYPES, type InvoiceType, type InvoiceTypeBody } from '@app/common/contracts/invoice-types';
import type { Page } from '@app/common/contracts/paging';
import type { Language } from '@app/common/languages';
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceTypes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { likePattern, pageWindow, toPage } from '../../lib/paging.js';

type InvoiceTypeRow = typeof invoiceTypes.$inferSelect;

/** The name of a type in the caller's language: built-in types have an English name. */
export function invoiceTypeName(row: Pick<InvoiceTypeRow, 'libelle' | 'libelleEn'>, lang: Language): string {
  return lang === 'en' && row.libelleEn ? row.libelleEn : row.libelle;
}

export function serializeInvoiceType(row: InvoiceTypeRow, lang: Language): InvoiceType {
  return { idTypeFacture: row.id, libelle: invoiceTypeName(row, lang), builtIn: row.shopId === null };
}

/** Built-in types and the own types of `shopIds` (the seeds' list names no shop: the caller's shops). */
function visibleTypes(shopIds: number[]): SQL {
  return and(
    isNull(invoiceTypes.deletedAt),
    shopIds.length > 0 ? or(isNull(invoiceTypes.shopId), inArray(invoiceTypes.shopId, shopIds)) : isNull(invoiceTypes.shopId),
  )!;
}

export async function pageInvoiceTypes(db: Db, actor: Actor, input: { page: number; term?: string | undefined; lang: Language }): Promise<Page<InvoiceType>> {
  const term = input.term?.trim();
  const where = and(
    visibleTypes(actor.shopIds),
    term ? or(ilike(invoiceTypes.libelle, likePattern(term)), ilike(invoiceTypes.libelleEn, likePattern(term))) : undefined,
  );
  const { limit, offset } = pageWindow(input.page);
  const [rows, [count]] = await Promise.all([
    db.select().from(invoiceTypes).where(where).orderBy(asc(invoiceTypes.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(invoiceTypes).where(where),
  ]);
  return toPage(
    rows.map((row) => serializeInvoiceType(row, input.lang)),
    count?.n ?? 0,
    input.page,
  );
}

export async function listInvoiceTypes(db: Db, actor: Actor, lang: Language, shopId?: number): Promise<InvoiceType[]> {
  const rows = await db
    .select()
    .from(invoiceTypes)
    .where(visibleTypes(shopId === undefined ? actor.shopIds : [shopId]))
    .orderBy(asc(invoiceTypes.id));
  return rows.map((row) => serializeInvoiceType(row, lang));
}

/**
 * A type an invoice of the shop may use: built in, or the shop's own and not deleted.
 * Anything else is NOT_FOUND (another shop's type included).
 */
export async function findUsableInvoiceType(db: Db, shopId: number, typeId: number): Promise<InvoiceTypeRow> {
  const [row] = await db
    .select()
    .from(invoiceTypes)
    .where(and(eq(invoiceTypes.id, typeId), visibleTypes([shopId])));
  if (!row) throw new AppError('NOT_FOUND', { details: [{ field: 'body.typeFactures' }] });
  return row;
}

/** A shop's own type addressed by id; built-in types are not the caller's to rename or delete (BUILT_IN_TYPE). */
export async function findMyInvoiceType(db: Db, actor: Actor, typeId: number): Promise<InvoiceTypeRow> {
  if (BUILT_IN_INVOICE_TYPES.includes(typeId)) throw new AppError('BUILT_IN_TYPE');
  const [row] = await db
    .select()
    .from(invoiceTypes)
    .where(and(eq(invoiceTypes.id, typeId), isNull(invoiceTypes.deletedAt), inArray(invoiceTypes.shopId, actor.shopIds.length ? actor.shopIds : [0])));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function createInvoiceType(db: Db, ctx: ShopContext, body: Pick<InvoiceTypeBody, 'libelle'>, lang: Language): Promise<InvoiceType> {
  const [row] = await db.insert(invoiceTypes).values({ shopId: ctx.shopId, libelle: body.libelle.trim() }).returning();
  return serializeInvoiceType(row!, lang);
}

/**
 * Renames a shop's own type (the shop it belongs to stays: invoices name it). A body that names a
 * shop must name the type's (the seed's body may name none).
 */
export async function updateInvoiceType(
  db: Db,
  actor: Actor,
  typeId: number,
  body: Pick<InvoiceTypeBody, 'libelle'>,
  options: { lang: Language; namedShopId?: number | undefined },
): Promise<InvoiceType> {
  const existing = await findMyInvoiceType(db, actor, typeId);
  if (options.namedShopId !== undefined && existing.shopId !== options.namedShopId) throw new AppError('NOT_FOUND');
  const [row] = await db.update(invoiceTypes).set({ libelle: body.libelle.trim() }).where(eq(invoiceTypes.id, typeId)).returning();
  return serializeInvoiceType(row!, options.lang);
}

/** Soft delete: invoices made with the type keep naming it. */
export async function deleteInvoiceType(db: Db, actor: Actor, typeId: number): Promise<void> {
  await findMyInvoiceType(db, actor, typeId);
  await db.update(invoiceTypes).set({ deletedAt: new Date() }).where(eq(invoiceTypes.id, typeId));
}
