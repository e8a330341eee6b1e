import type { Plan } from '@app/common/contracts/registration';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export type PlanRow = typeof plans.$inferSelect;

/** The plans of DECISIONS §2 as the registration page and the admin's dialog show them. */
export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.id));
  return rows.map((row) => ({
    code: row.id,
    libelle: row.label,
    prixFcfa: row.priceFcfa,
    boutiques: row.shops,
    depots: row.depots,
    users: row.users,
  }));
}

/** A plan by its code, or NOT_FOUND. */
export async function findPlan(db: Db, planId: number): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw new AppError('NOT_FOUND');
  return plan;
}
