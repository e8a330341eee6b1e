import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { likePattern, pageWindow } from '../../lib/paging.js';

/**
 * What a shop's director reads: the lines of the shop, and the account-wide lines (a user's
 * password set or deletion, written without a shop) made by the account's own people.
 */
function visibleTo(shopId: number, accountId: number): SQL {
  const accountPeople = sql`(select ${users.id} from ${users} where ${users.id} = ${accountId} or ${users.accountId} = ${accountId})`;
  return or(eq(auditLog.shopId, shopId), and(isNull(auditLog.shopId), inArray(auditLog.userId, accountPeople)))!;
}

export async function listAudit(db: Db, options: { shopId: number; accountId: number; page: number; term?: string | undefined }) {
  const pattern = options.term?.trim() ? likePattern(options.term) : null;
  const where = and(
    visibleTo(options.shopId, options.accountId),
    pattern
      ? or(ilike(auditLog.action, pattern), ilike(auditLog.entity, pattern), ilike(users.username, pattern), ilike(users.nom, pattern))
      : undefined,
  );
  const { limit, offset } = pageWindow(options.page);
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, username: users.username, nom: users.nom, prenom: users.prenom })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
