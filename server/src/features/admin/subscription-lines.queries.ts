import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans, subscriptions, users } from '../../db/schema/index.js';
import { pageWindow } from '../../lib/paging.js';
import { personSearch } from '../../lib/person.js';

/** Name of the account's first shop. */
const firstShopName = sql<
  string | null
>`(select s.nom from shops s where s.account_id = ${users.id} and s.deleted_at is null order by s.id limit 1)`;

const lineColumns = { line: subscriptions, user: users, planLabel: plans.label, shopName: firstShopName };
export type LineRecord = {
  line: typeof subscriptions.$inferSelect;
  user: typeof users.$inferSelect;
  planLabel: string;
  shopName: string | null;
};

/** A line is found by its director's person fields, its plan or the account's first shop. */
const planOrShopNamed = (pattern: string) => [ilike(plans.label, pattern), sql`${firstShopName} ilike ${pattern}`];

/** Every line of live accounts, pending ones first (they await the admin), then the newest. */
export async function listLines(db: Db, options: { page: number; term?: string | undefined }) {
  const where = and(isNull(users.deletedAt), personSearch(options.term, planOrShopNamed));
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    db
      .select(lineColumns)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where)
      .orderBy(sql`(${subscriptions.status} = 'pending') desc`, desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where),
  ]);
  return { rows: rows as LineRecord[], total: count?.n ?? 0 };
}

export async function findLine(db: Db, lineId: number): Promise<LineRecord | undefined> {
  const [row] = await db
    .select(lineColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, lineId), isNull(users.deletedAt)));
  return row as LineRecord | undefined;
}
