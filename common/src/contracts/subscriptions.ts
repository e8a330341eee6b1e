import { z } from 'zod';

/**
 * GET /api/abonnement/usage: the director's plan, when it ends, and what the account uses of its
 * limits (the home page, issue 7). `plan` is null for an account the admin made without a plan.
 */
export const counts = z.object({ boutiques: z.number().int(), depots: z.number().int(), users: z.number().int() });
export type Counts = z.infer<typeof counts>;

export const planUsage = z.object({
  plan: z.object({ code: z.number().int(), libelle: z.string() }).nullable(),
  /** ISO date-time of the end of the active subscription, or null. */
  endsAt: z.string().nullable(),
  expired: z.boolean(),
  /** The plan's limits, or null when no active subscription limits the account. */
  limits: counts.nullable(),
  used: counts,
});
export type PlanUsage = z.infer<typeof planUsage>;

/** GET /api/auth/contact: the phone numbers a new director calls to have their account activated (server configuration). */
export const activationContact = z.object({ activationPhones: z.array(z.string()) });
export type ActivationContact = z.infer<typeof activationContact>;
