import { ADMIN_YEARS, type SubscriptionLine, type UpdateSubscriptionLineBody } from '@app/common/contracts/admin';
import { PLAN_CODE, type Plan } from '@app/common/contracts/registration';
import { DAYS_PER_YEAR, planPriceFcfa } from '@app/common/money';

const DAY_MS = 86_400_000;

/** Whole years of a line's days (365 a year, as the API counts), kept within the dialog's 1 to 4. */
export function yearsOf(days: number): number {
  const years = Math.round(days / DAYS_PER_YEAR);
  const lowest = ADMIN_YEARS[0];
  const highest = ADMIN_YEARS[ADMIN_YEARS.length - 1] ?? lowest;
  return Math.min(Math.max(years, lowest), highest);
}

/**
 * The end the line will have once saved: an active (or expired) line keeps its start and ends
 * `years` × 365 days later; a pending one starts at activation, so it has no end yet.
 */
export function projectedEnd(line: Pick<SubscriptionLine, 'startsAt'>, years: number): Date | null {
  if (!line.startsAt) return null;
  const start = new Date(line.startsAt).getTime();
  if (Number.isNaN(start)) return null;
  return new Date(start + years * DAYS_PER_YEAR * DAY_MS);
}

/** The price the server applies when none is given: the plan's price for the years (null: quoted). */
export function defaultPriceFcfa(plan: Pick<Plan, 'prixFcfa'> | undefined, years: number): number | null {
  return planPriceFcfa(plan?.prixFcfa, years * DAYS_PER_YEAR);
}

/**
 * What the plan-and-period dialog sends: Bronze and Argent are priced by the server (plan price
 * × years), so no price goes with them; a blank Personaliser price keeps the current one (an
 * explicit null would erase it); `activer` only when ticked.
 */
export function subscriptionUpdate(values: UpdateSubscriptionLineBody): UpdateSubscriptionLineBody {
  return {
    abonnement: values.abonnement,
    annees: values.annees,
    ...(values.abonnement === PLAN_CODE.personaliser && values.prixFcfa != null ? { prixFcfa: values.prixFcfa } : {}),
    ...(values.activer ? { activer: true } : {}),
  };
}
