import { formatFcfa } from '@app/common/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, userRoles } from '../db/schema/index.js';

/**
 * One line of the audit trail (who, when, what, before and after), written with the caller's
 * transaction `tx` so that it exists exactly when the action does. The trail has no update or
 * delete anywhere in the code (audit.test.ts checks the routes).
 */
export async function writeAudit(
  tx: Db,
  entry: { shopId: number | null; userId: number | null; action: string; entity: string; entityId: number | null; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** A user's role ids, for the before/after of a role change. */
export async function roleIdsOf(tx: Db, userId: number): Promise<number[]> {
  const rows = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.roleId).sort((a, b) => a - b);
}

/** Lines as one reads them in the trail: "Riz 25 kg × 2, Huile 1 L × 1", in the given order (issue 22 item 15). */
export function linesInWords(lines: readonly { designation: string; quantity: number }[]): string {
  return lines.map((line) => `${line.designation} × ${line.quantity}`).join(', ');
}

/** Purchase prices as one reads them in the trail: "Riz 25 kg 9 000 FCFA, Huile 1 L 4 400 FCFA". */
export function pricesInWords(lines: readonly { designation: string; costFcfa: number }[]): string {
  return lines.map((line) => `${line.designation} ${formatFcfa(line.costFcfa)}`).join(', ');
}
