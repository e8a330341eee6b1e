import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { depots, plans, shopMembers, shops, subscriptions, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export type LimitKind = 'shops' | 'depots' | 'users';

/**
 * Refuses to add one more shop, depot or user beyond the account's active subscription
 * (DECISIONS §2). Call inside the transaction that inserts: the account row is locked first,
 * so two concurrent creations cannot both pass the count.
 */
export async function assertWithinPlan(tx: Tx, accountId: number, kind: LimitKind): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, accountId)).for('update');
  const [subscription] = await tx
    .select({
      planCode: plans.id,
      label: plans.label,
      shops: subscriptions.shops,
      depots: subscriptions.depots,
      users: subscriptions.users,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, accountId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  // Accounts without a subscription line (created by the admin without a plan) have no counted limit.
  if (!subscription) return;
  const limit = subscription[kind];
  const used = await countUsed(tx, accountId, kind);
  if (used >= limit) {
    throw new AppError('PLAN_LIMIT', {
      params: { plan: subscription.label, planCode: subscription.planCode, limit, whatKey: kind },
      details: { limit, used, kind },
    });
  }
}

/** Shops, depots or users the account uses now (deleted ones excluded). */
export async function countUsed(tx: Tx, accountId: number, kind: LimitKind): Promise<number> {
  if (kind === 'shops') {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shops)
      .where(and(eq(shops.accountId, accountId), isNull(shops.deletedAt)));
    return row?.n ?? 0;
  }
  if (kind === 'depots') {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(depots)
      .innerJoin(shops, eq(shops.id, depots.shopId))
      .where(and(eq(shops.accountId, accountId), isNull(shops.deletedAt), isNull(depots.deletedAt)));
    return row?.n ?? 0;
  }
  // Users of the account: the director and everyone belonging to its shops.
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .leftJoin(shopMembers, eq(shopMembers.userId, users.id))
    .leftJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(
      and(
        isNull(users.deletedAt),
        sql`(${users.id} = ${accountId} or ${users.accountId} = ${accountId} or (${shops.accountId} = ${accountId} and ${shops.deletedAt} is null))`,
      ),
    );
  return row?.n ?? 0;
}
