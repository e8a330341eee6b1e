import type { CashRegister } from '@app/common/contracts/cash-registers';
import { todayIn } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cashClosings, cashRegisters, shops } from '../../db/schema/index.js';
import { findInMyShops, type Actor, type ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';

type CashRegisterRow = typeof cashRegisters.$inferSelect;

/**
 * The name of the register every shop gets when it is made, in the language of who made it
 * (« Caisse principale », "Main register"; migration 0004 named the first ones in French). A
 * stored name, which the director may change.
 */
export function defaultRegisterLabel(lang: Language): string {
  return translator(lang)('defaultRegister', { ns: 'cash-desk' });
}

function serialize(row: CashRegisterRow): CashRegister {
  return { idCaisse: row.id, libelle: row.libelle, parDefaut: row.isDefault, boutique: { idBoutique: row.shopId } };
}

/** Each shop has a default register (DECISIONS §6): call in the transaction that creates the shop. */
export async function createDefaultCashRegister(tx: Db, shopId: number, lang: Language = 'fr'): Promise<void> {
  await tx
    .insert(cashRegisters)
    .values({ shopId, libelle: defaultRegisterLabel(lang), isDefault: true })
    .onConflictDoNothing();
}

/**
 * The shop's live registers, each saying whether its day of today (the shop's zone) is closed: the
 * till says so when it opens rather than when a sale is refused with the money in hand.
 */
export async function shopCashRegisters(db: Db, ctx: ShopContext): Promise<CashRegister[]> {
  const [shop] = await db.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, ctx.shopId));
  const today = todayIn(shop?.timeZone);
  const rows = await db
    .select({ register: cashRegisters, closingId: cashClosings.id })
    .from(cashRegisters)
    .leftJoin(cashClosings, and(eq(cashClosings.cashRegisterId, cashRegisters.id), eq(cashClosings.businessDate, today)))
    .where(and(eq(cashRegisters.shopId, ctx.shopId), isNull(cashRegisters.deletedAt)))
    .orderBy(asc(cashRegisters.id));
  return rows.map((row) => ({ ...serialize(row.register), clotureeAujourdhui: row.closingId !== null }));
}

/** A live register of one of the caller's shops; another shop's is NOT_FOUND. */
export async function findMyCashRegister(db: Db, actor: Actor, id: number): Promise<CashRegisterRow> {
  return (await findInMyShops(db, actor, cashRegisters, id)).row;
}

/**
 * The register a payment of the shop goes to: the one the cashier chose (of this shop, live),
 * else the shop's default one. Made on the spot if an old shop somehow lacks it.
 */
export async function paymentCashRegister(tx: Db, shopId: number, chosenId: number | null): Promise<CashRegisterRow> {
  const condition = chosenId === null ? eq(cashRegisters.isDefault, true) : eq(cashRegisters.id, chosenId);
  const find = () =>
    tx
      .select()
      .from(cashRegisters)
      .where(and(eq(cashRegisters.shopId, shopId), isNull(cashRegisters.deletedAt), condition));
  let [row] = await find();
  if (!row && chosenId === null) {
    await createDefaultCashRegister(tx, shopId);
    [row] = await find();
  }
  if (!row) throw new AppError('NOT_FOUND', { details: { field: 'caisse' } });
  return row;
}

/** `ctx` is the shop the body names (`boutique`), checked by the auth hook. */
export async function createCashRegister(db: Db, ctx: ShopContext, body: { libelle: string }): Promise<CashRegister> {
  const [row] = await db.insert(cashRegisters).values({ shopId: ctx.shopId, libelle: body.libelle }).returning();
  return serialize(row!);
}

/** Renames a register; a register stays in its shop (its payments belong there). */
export async function updateCashRegister(db: Db, actor: Actor, id: number, body: { libelle: string }): Promise<CashRegister> {
  return db.transaction(async (tx) => {
    await findInMyShops(tx, actor, cashRegisters, id, { lock: true });
    const [row] = await tx.update(cashRegisters).set({ libelle: body.libelle }).where(eq(cashRegisters.id, id)).returning();
    return serialize(row!);
  });
}

/** Soft delete (its payments keep naming it). The default register cannot go: payments need one. */
export async function deleteCashRegister(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await findInMyShops(tx, actor, cashRegisters, id, { lock: true });
    if (row.isDefault) throw new AppError('BUILT_IN');
    await tx.update(cashRegisters).set({ deletedAt: new Date() }).where(eq(cashRegisters.id, id));
  });
}
