import { z } from 'zod';

/**
 * The audit trail as directors read it (issue 12): who did what, when, with the amounts
 * before and after. Read-only: no route writes, changes or deletes it.
 */
export const auditEntry = z.object({
  id: z.number().int(),
  /** e.g. `invoice.delete`, `payment.correct`, `user.update` (the web names each). */
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** Who did it; null for an action of the platform (e.g. nobody signed in). */
  user: z.object({ username: z.string(), nom: z.string(), prenom: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
