import type { SubscriptionLine, UpdateSubscriptionLineBody } from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import type { Page } from '@app/common/contracts/paging';
import { DAYS_PER_YEAR, planPriceFcfa } from '@app/common/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { findPlan } from '../subscriptions/plans.service.js';
import { AppError } from '../../lib/app-error.js';
import { toPage } from '../../lib/paging.js';
import { findLine, listLines } from './subscription-lines.queries.js';
import { serializeLine } from './subscription-lines.serializer.js';

export async function pageLines(db: Db, page: number, term?: string): Promise<Page<SubscriptionLine>> {
  const { rows, total } = await listLines(db, { page, term });
  return toPage(
    rows.map((row) => serializeLine(row)),
    total,
    page,
  );
}

async function lineOrNotFound(db: Db, lineId: number): Promise<SubscriptionLine> {
  const row = await findLine(db, lineId);
  if (!row) throw new AppError('NOT_FOUND');
  return serializeLine(row);
}

/** Locks the line of a live account for the rest of the transaction. */
async function lockLine(tx: Db, lineId: number, userId?: number) {
  const [line] = await tx
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      planId: subscriptions.planId,
      priceFcfa: subscriptions.priceFcfa,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.id, lineId),
        sql`${users.deletedAt} is null`,
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    )
    .for('update', { of: subscriptions });
  if (!line) throw new AppError('NOT_FOUND');
  return line;
}

/**
 * The subscription runs from activation for its days (DECISIONS §2); the director may sign in.
 * A Personaliser line is a quote: it starts only once priced.
 */
async function activate(tx: Db, line: { id: number; userId: number; planId: number; priceFcfa: number | null }): Promise<void> {
  if (line.planId === PLAN_CODE.personaliser && line.priceFcfa === null) {
    throw new AppError('PRICE_REQUIRED', { details: [{ field: 'body.prixFcfa' }] });
  }
  const lineId = line.id;
  const userId = line.userId;
  await tx
    .update(subscriptions)
    .set({ status: 'active', startsAt: sql`now()`, endsAt: sql`now() + ${subscriptions.days} * interval '1 day'` })
    .where(eq(subscriptions.id, lineId));
  await tx.update(users).set({ active: true }).where(eq(users.id, userId));
}

/**
 * The Activer button: the director becomes active and the pending line starts now, in one
 * transaction. Activating an active line again changes nothing (a double click is harmless).
 */
export async function activateLine(db: Db, userId: number, lineId: number): Promise<SubscriptionLine> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId, userId);
    if (line.status === 'pending') await activate(tx, line);
  });
  return lineOrNotFound(db, lineId);
}

/**
 * The plan-and-period dialog (DECISIONS §10: it saves). Bronze and Argent take the plan's
 * counts; Personaliser keeps the counts the director asked for. The price defaults to the
 * plan's price for the period (`planPriceFcfa`, as the web shows it); the admin may set it (the
 * Personaliser quote), and a Personaliser line without one keeps its quote. An
 * active line keeps its start and ends `days` later; `activer` starts a pending one now.
 */
export async function updateLine(db: Db, lineId: number, body: UpdateSubscriptionLineBody): Promise<SubscriptionLine> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    const plan = await findPlan(tx, body.abonnement);
    const days = DAYS_PER_YEAR * body.annees;
    const counts =
      plan.id !== PLAN_CODE.personaliser && plan.shops !== null && plan.depots !== null && plan.users !== null
        ? { shops: plan.shops, depots: plan.depots, users: plan.users }
        : {};
    const priceFcfa = body.prixFcfa !== undefined ? body.prixFcfa : (planPriceFcfa(plan.priceFcfa, days) ?? line.priceFcfa);
    await tx
      .update(subscriptions)
      .set({
        planId: plan.id,
        ...counts,
        days,
        priceFcfa,
        ...(line.status === 'active' ? { endsAt: sql`${subscriptions.startsAt} + ${days}::int * interval '1 day'` } : {}),
      })
      .where(eq(subscriptions.id, lineId));
    if (body.activer && line.status === 'pending') await activate(tx, { ...line, planId: plan.id, priceFcfa });
  });
  return lineOrNotFound(db, lineId);
}
