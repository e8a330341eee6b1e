import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans, subscriptions, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

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

function searchLines(term: string | undefined): SQL | undefined {
  if (!term?.trim()) return undefined;
  const pattern = likePattern(term);
  return or(
    ilike(users.username, pattern),
    ilike(users.nom, pattern),
    ilike(users.prenom, pattern),
    ilike(users.email, pattern),
    ilike(users.telephone, pattern),
    ilike(plans.label, pattern),
    sql`${firstShopName} ilike ${pattern}`,
  );
}

/** Every line of live accounts, pending ones first (they await the admin), then the newest. */
export async function listLines(db: Db, options: { page: number; term?: string | undefined }) {
  const where = and(isNull(users.deletedAt), searchLines(options.term));
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
