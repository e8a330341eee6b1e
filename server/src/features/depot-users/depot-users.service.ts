import type { DepotUser, DepotUserBody } from '@app/common/contracts/depot-users';
import type { Page } from '@app/common/contracts/paging';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import type { Actor } from '../../plugins/auth.js';
import { findDepot } from '../depots/depots.queries.js';
import { findVisibleUser, membershipsIn } from '../users/users.queries.js';
import { findDepotUser, listDepotUsers } from './depot-users.queries.js';
import { serializeDepotUser } from './depot-users.serializer.js';

/** Links of a shop the caller belongs to (membership is checked by the auth hook). */
export async function pageDepotUsers(db: Db, shopId: number, page: number, term?: string): Promise<Page<DepotUser>> {
  const { rows, total } = await listDepotUsers(db, shopId, { page, term });
  return toPage(rows.map(serializeDepotUser), total, page);
}

/**
 * POST /api/ligne_depot: the depot must be in one of the caller's shops and the user visible
 * to the caller (else 404); the user must also be a member of the depot's shop (else 422).
 */
export async function assignUserToDepot(db: Db, actor: Actor, body: DepotUserBody): Promise<DepotUser> {
  return db.transaction(async (tx) => {
    const depot = await findDepot(tx, actor.shopIds, body.depots);
    if (!depot) throw new AppError('NOT_FOUND', { details: [{ field: 'body.depots' }] });
    if (!(await findVisibleUser(tx, actor, body.users))) throw new AppError('NOT_FOUND', { details: [{ field: 'body.users' }] });
    const shopId = depot.depot.shopId;
    if ((await membershipsIn(tx, body.users, [shopId])).length === 0) {
      throw new AppError('USER_NOT_IN_DEPOT_SHOP', { details: [{ field: 'body.users' }] });
    }
    const inserted = await tx
      .insert(depotUsers)
      .values({ depotId: depot.depot.id, userId: body.users, shopId })
      .onConflictDoNothing()
      .returning({ depotId: depotUsers.depotId });
    if (inserted.length === 0) throw new AppError('ALREADY_ASSIGNED');
    const row = await findDepotUser(tx, depot.depot.id, body.users);
    if (!row) throw new Error('assignment vanished');
    return serializeDepotUser(row);
  });
}

/** DELETE /api/delete/ligne/depot/{idDepot}/{idUser}: only for a depot of the caller's shops. */
export async function unassignUserFromDepot(db: Db, actor: Actor, depotId: number, userId: number): Promise<void> {
  if (!(await findDepot(db, actor.shopIds, depotId))) throw new AppError('NOT_FOUND');
  const deleted = await db
    .delete(depotUsers)
    .where(and(eq(depotUsers.depotId, depotId), eq(depotUsers.userId, userId)))
    .returning({ depotId: depotUsers.depotId });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
