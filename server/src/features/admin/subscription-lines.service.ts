import type { DirectorPlan, PlanChoice, SubscriptionLine, UpdateSubscriptionLineBody } from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import type { Page } from '@app/common/contracts/paging';
import { DAYS_PER_YEAR, planPriceFcfa } from '@app/common/money';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { countUsed } from '../subscriptions/plan-limits.service.js';
import type { Db, Tx } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { findPlan } from '../subscriptions/plans.service.js';
import { writeAudit } from '../../lib/audit.js';
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
 * When a period of `days` from `start` ends: whole years are calendar years (4 years from
 * 2026-11-28 end on 2030-11-28, across 2028's leap day; 4 x 365 days ended a day early), any other
 * count of days is that many days. Both are SQL expressions.
 */
function periodEnd(start: SQL, days: SQL): SQL {
  return sql`(case when ${days} % ${DAYS_PER_YEAR} = 0 then ${start} + make_interval(years => (${days} / ${DAYS_PER_YEAR})::int)
    else ${start} + ${days} * interval '1 day' end)`;
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
    .set({ status: 'active', startsAt: sql`now()`, endsAt: periodEnd(sql`now()`, sql`${subscriptions.days}`) })
    .where(eq(subscriptions.id, lineId));
  await tx.update(users).set({ active: true }).where(eq(users.id, userId));
}

/**
 * The Activer button: the director becomes active and the pending line starts now, in one
 * transaction. Activating an active line again changes nothing (a double click is harmless).
 */
export async function activateLine(db: Db, userId: number, lineId: number, byUserId: number | null = null): Promise<SubscriptionLine> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId, userId);
    if (line.status !== 'pending') return;
    await activate(tx, line);
    await writeAudit(tx, {
      shopId: null,
      userId: byUserId,
      action: 'subscription.activate',
      entity: 'subscription',
      entityId: line.id,
      before: { status: 'pending', directorId: line.userId, planId: line.planId, priceFcfa: line.priceFcfa },
      after: { status: 'active' },
    });
  });
  return lineOrNotFound(db, lineId);
}

type LineValues = {
  planId: number;
  days: number;
  priceFcfa: number | null;
  counts: Partial<Record<'shops' | 'depots' | 'users', number>>;
};

/**
 * What a plan choice writes on a line. Bronze and Argent take the plan's counts; Personaliser
 * keeps the line's counts unless new ones are given. The price defaults to the plan's price for
 * the period (`planPriceFcfa`, as the web shows it); a given price wins (the Personaliser quote),
 * and a Personaliser line without one keeps its quote.
 */
async function lineValues(tx: Db, choice: PlanChoice, currentPrice: number | null): Promise<LineValues> {
  const plan = await findPlan(tx, choice.abonnement);
  const days = DAYS_PER_YEAR * choice.annees;
  const standard = plan.id !== PLAN_CODE.personaliser && plan.shops !== null && plan.depots !== null && plan.users !== null;
  const counts = standard
    ? { shops: plan.shops!, depots: plan.depots!, users: plan.users! }
    : {
        ...(choice.boutiques ? { shops: choice.boutiques } : {}),
        ...(choice.depots ? { depots: choice.depots } : {}),
        ...(choice.users ? { users: choice.users } : {}),
      };
  const priceFcfa =
    choice.prixFcfa !== undefined && choice.prixFcfa !== null
      ? choice.prixFcfa
      : (planPriceFcfa(plan.priceFcfa, days) ?? currentPrice);
  return { planId: plan.id, days, priceFcfa, counts };
}

/** Writes a plan choice on a locked line: an active line keeps its start and ends `days` later. */
async function applyChoice(tx: Tx, line: { id: number; userId: number; status: string; priceFcfa: number | null }, choice: PlanChoice) {
  const values = await lineValues(tx, choice, line.priceFcfa);
  await assertFitsUsage(tx, line.userId, values.counts);
  await tx
    .update(subscriptions)
    .set({
      planId: values.planId,
      ...values.counts,
      days: values.days,
      priceFcfa: values.priceFcfa,
      ...(line.status === 'active' ? { endsAt: periodEnd(sql`${subscriptions.startsAt}`, sql`${values.days}::int`) } : {}),
    })
    .where(eq(subscriptions.id, line.id));
  return values;
}

/**
 * A plan may not allow fewer shops, depots or users than the account already has (DECISIONS §2:
 * past the plan's counts nothing is created; a smaller plan would leave the account past them):
 * PLAN_BELOW_USAGE names the first count over, nothing written.
 */
async function assertFitsUsage(tx: Tx, accountId: number, counts: LineValues['counts']): Promise<void> {
  for (const kind of ['shops', 'depots', 'users'] as const) {
    const limit = counts[kind];
    if (limit === undefined) continue;
    const used = await countUsed(tx, accountId, kind);
    if (used > limit) throw new AppError('PLAN_BELOW_USAGE', { details: [{ field: `body.abonnement` }], params: { used, limit, whatKey: kind } });
  }
}

/**
 * The plan-and-period dialog (DECISIONS §10: it saves): the plan choice on the line;
 * `activer` starts a pending one now.
 */
export async function updateLine(db: Db, lineId: number, body: UpdateSubscriptionLineBody): Promise<SubscriptionLine> {
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    const values = await applyChoice(tx, line, body);
    if (body.activer && line.status === 'pending')
      await activate(tx, { ...line, planId: values.planId, priceFcfa: values.priceFcfa });
  });
  return lineOrNotFound(db, lineId);
}

/**
 * The admin's director dialogs attach a plan and a period: the account's latest line takes the
 * choice (as the plan-and-period dialog does), or, when the account has none, an active line
 * starts now. Call inside the caller's transaction.
 */
export async function attachPlan(tx: Tx, userId: number, choice: PlanChoice): Promise<void> {
  const [latest] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (latest) {
    const line = await lockLine(tx, latest.id, userId);
    await applyChoice(tx, line, choice);
    return;
  }
  const values = await lineValues(tx, choice, null);
  const { shops, depots, users: seats } = values.counts;
  if (shops === undefined || depots === undefined || seats === undefined) {
    // Zod requires the counts of a Personaliser choice; a plan row without counts is a data error.
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body.boutiques' }] });
  }
  await tx.insert(subscriptions).values({
    userId,
    planId: values.planId,
    shops,
    depots,
    users: seats,
    days: values.days,
    priceFcfa: values.priceFcfa,
    status: 'active',
    startsAt: sql`now()`,
    endsAt: periodEnd(sql`now()`, sql`${values.days}::int`),
  });
}

/** The latest line of each account, for the directors' table and edit dialog. */
export async function latestLines(db: Db, userIds: number[]): Promise<Map<number, DirectorPlan>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([subscriptions.userId])
    .from(subscriptions)
    .where(inArray(subscriptions.userId, userIds))
    .orderBy(asc(subscriptions.userId), desc(subscriptions.id));
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        idLigne: row.id,
        abonnement: row.planId,
        days: row.days,
        prixFcfa: row.priceFcfa,
        boutiques: row.shops,
        depots: row.depots,
        users: row.users,
        status: row.status,
        endsAt: row.endsAt ? new Date(row.endsAt).toISOString() : null,
      },
    ]),
  );
}
