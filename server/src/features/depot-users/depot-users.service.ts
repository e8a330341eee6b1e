import type { DepotUser, DepotUserBody } from '@app/common/contracts/depot-users';
import type { Page } from '@app/common/contracts/paging';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depotUsers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import type { Actor, ShopContext } from '../../lib/access.js';
import { findMyDepot } from '../depots/depots.service.js';
import { findManagedUser, isMemberOf } from '../users/users.service.js';
import { findDepotUser, listDepotUsers } from './depot-users.queries.js';
import { serializeDepotUser } from './depot-users.serializer.js';

/** Links of the shop the caller acts in. */
export async function pageDepotUsers(db: Db, ctx: ShopContext, input: { page: number; term?: string }): Promise<Page<DepotUser>> {
  const { rows, total } = await listDepotUsers(db, ctx.shopId, input);
  return toPage(rows.map(serializeDepotUser), total, input.page);
}

/** A NOT_FOUND that names the body field which named the missing record. */
const notFoundOn = (field: string) => (error: unknown) => {
  if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { details: [{ field }] });
  throw error;
};

/**
 * POST /api/ligne_depot: the depot must be in one of the caller's shops and the user visible
 * to the caller (else 404); the user must also be a member of the depot's shop (else 422).
 */
export async function assignUserToDepot(db: Db, actor: Actor, body: DepotUserBody): Promise<DepotUser> {
  return db.transaction(async (tx) => {
    const depot = await findMyDepot(tx, actor, body.depots).catch(notFoundOn('body.depots'));
    await findManagedUser(tx, actor, body.users).catch(notFoundOn('body.users'));
    const shopId = depot.depot.shopId;
    if (!(await isMemberOf(tx, body.users, shopId))) {
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
  await findMyDepot(db, actor, depotId);
  const deleted = await db
    .delete(depotUsers)
    .where(and(eq(depotUsers.depotId, depotId), eq(depotUsers.userId, userId)))
    .returning({ depotId: depotUsers.depotId });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
