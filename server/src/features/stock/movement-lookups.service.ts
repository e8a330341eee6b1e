import type { Movement } from '@app/common/contracts/stock';
import type { Language } from '@app/common/languages';
import type { Db } from '../../db/client.js';
import { stockMovements } from '../../db/schema/index.js';
import { findInMyShops, shopContext, type Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { shopMovements } from './movements.service.js';

/**
 * A seed "inventaire" row is a stock movement of this product (the movements screen answers
 * `idInventaire` = the movement's id); a physical count (POST /api/inventaires) writes its
 * differences as count-adjustment movements. Movements are the stock ledger: never deleted, so
 * "not deleted" is every movement, here of every shop of the caller, newest first.
 */
export async function movementsOfMyShops(db: Db, actor: Actor, lang: Language): Promise<Movement[]> {
  const perShop = await Promise.all(actor.shopIds.map((shopId) => shopMovements(db, shopContext(actor, shopId), lang)));
  return perShop.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.idInventaire - a.idInventaire);
}

/** Record lookup of PUT/DELETE /api/inventaires/{id}: a movement of one of the caller's shops, else NOT_FOUND. */
export async function findMyMovement(db: Db, actor: Actor, id: number) {
  return (await findInMyShops(db, actor, stockMovements, id)).row;
}

/**
 * PUT and DELETE /api/inventaires/{id}: changing or removing a movement would make the ledger
 * disagree with the stock levels and the documents that caused it (DECISIONS §5). The stock is
 * corrected by a new fact instead: a stock count, or the reverse operation (deleting the
 * reception or invoice, a transfer back), and both stay in the history.
 */
export async function refuseMovementChange(db: Db, actor: Actor, id: number): Promise<never> {
  await findMyMovement(db, actor, id);
  throw new AppError('STOCK_MOVEMENT_FIXED');
}
