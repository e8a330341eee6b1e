import type { PlanUsage } from '@app/common/contracts/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans, subscriptions } from '../../db/schema/index.js';
import { countUsed } from './plan-limits.service.js';
import { isExpired } from './subscriptions.service.js';

/**
 * The account's plan and what it uses of it (the director's home). The limits are those of the
 * latest active line, the one `assertWithinPlan` checks.
 */
export async function planUsage(db: Db, accountId: number, now = new Date()): Promise<PlanUsage> {
  const [line] = await db
    .select({
      code: plans.id,
      libelle: plans.label,
      shops: subscriptions.shops,
      depots: subscriptions.depots,
      users: subscriptions.users,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, accountId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const [shops, depots, users] = await db.transaction(async (tx) =>
    Promise.all([countUsed(tx, accountId, 'shops'), countUsed(tx, accountId, 'depots'), countUsed(tx, accountId, 'users')]),
  );
  return {
    plan: line ? { code: line.code, libelle: line.libelle } : null,
    endsAt: line?.endsAt ? line.endsAt.toISOString() : null,
    expired: line ? isExpired(line.endsAt, now) : false,
    limits: line ? { boutiques: line.shops, depots: line.depots, users: line.users } : null,
    used: { boutiques: shops, depots, users },
  };
}
