/**
 * The article's purchase price, a weighted average (DECISIONS §5: coût moyen unitaire pondéré, as
 * SYSCOHADA allows), kept as the receptions come, are corrected and are deleted. Whole FCFA in;
 * the average is kept unrounded (fixed point, COST_DECIMALS decimals, computed on integers) and
 * used rounded to the franc (half up). Keeping it unrounded lets a correction undo what it
 * corrects: 6 units at 700 and 100 000 typed by mistake at 750 average 749.997…, which rounds to
 * 750; deleting that reception gives back 700, where the rounded 750 would have stayed for good.
 */

type Units = { quantity: number; costFcfa: number };

/** Decimals of the unrounded average: exact to within 10^-12 FCFA a unit. */
export const COST_DECIMALS = 12;
const SCALE = 10n ** BigInt(COST_DECIMALS);

/** An unrounded price: FCFA x 10^COST_DECIMALS. */
export type ExactCost = bigint;

/** value / units rounded half up, for value >= 0 and units > 0. */
function roundedQuotient(value: bigint, units: bigint): bigint {
  return (2n * value + units) / (2n * units);
}

/** Whole FCFA as an unrounded price. */
export function exactCost(costFcfa: number): ExactCost {
  return BigInt(costFcfa) * SCALE;
}

/** The unrounded price rounded to the franc, half up (prices are never negative). */
export function costToFranc(cost: ExactCost): number {
  return Number(roundedQuotient(cost, SCALE));
}

/** As a decimal string, the way a `numeric` column takes it: 749.997000179989. */
export function costToDecimal(cost: ExactCost): string {
  const digits = cost.toString().padStart(COST_DECIMALS + 1, '0');
  return `${digits.slice(0, -COST_DECIMALS)}.${digits.slice(-COST_DECIMALS)}`;
}

/** From a `numeric` column's decimal string (at most COST_DECIMALS decimals). */
export function costFromDecimal(text: string): ExactCost {
  const [whole = '0', fraction = ''] = text.split('.');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > COST_DECIMALS) throw new Error(`Not a price: ${text}`);
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(COST_DECIMALS, '0'));
}

/**
 * After a reception: the weighted average of the units on hand (all depots) at the current price
 * and the units received at their price. With nothing on hand, the price received.
 */
export function weightedAverageCost(onHand: Units, received: Units): number {
  // A reception is a line corrected from nothing.
  return correctedAverageCost(onHand, { quantity: 0, costFcfa: 0 }, received);
}

/** correctedAverageCost for whole-FCFA prices, rounded to the franc. */
export function correctedAverageCost(onHand: Units, before: Units, after: Units): number {
  return costToFranc(correctedExactCost({ quantity: onHand.quantity, cost: exactCost(onHand.costFcfa) }, before, after));
}

/**
 * After a reception's line of the article is corrected from `before` to `after` (an edit of its
 * quantity or price; a deletion is `after.quantity` 0; a line added by an edit is
 * `before.quantity` 0), `onHand` being the units in all depots before the correction and the
 * current unrounded price. Answers the new unrounded price.
 *
 * The correction is posted now, as a perpetual average does: the units of the line still on hand
 * (at most the units received, at most the units held; units already sold keep the price they were
 * sold at, DECISIONS §7) are revalued at the corrected price, and the units added or taken back
 * enter or leave at the corrected price. A deleted reception takes its units back out at their price,
 * so a reception deleted before anything was sold leaves the average as if it had never come.
 *
 * When nothing is left on hand the current price stays (a deletion) or becomes the corrected one
 * (an edit). When the correction would leave a negative value (the line's units were sold at a
 * price the correction now lowers, and the rest of the stock is worth less than that), the
 * corrected price is the best estimate left, and is taken.
 */
export function correctedExactCost(onHand: { quantity: number; cost: ExactCost }, before: Units, after: Units): ExactCost {
  if (before.quantity === after.quantity && (before.costFcfa === after.costFcfa || after.quantity === 0)) return onHand.cost;
  const held = Math.max(0, onHand.quantity);
  const stillHeld = Math.min(Math.max(0, before.quantity), held);
  const units = held - before.quantity + after.quantity;
  const fallback = after.quantity > 0 ? exactCost(after.costFcfa) : onHand.cost;
  if (units <= 0) return fallback;
  // A deleted line leaves at the price it came at.
  const movedAt = after.quantity > 0 ? after.costFcfa : before.costFcfa;
  const value =
    BigInt(held) * onHand.cost +
    BigInt(stillHeld) * exactCost(movedAt - before.costFcfa) +
    BigInt(after.quantity - before.quantity) * exactCost(movedAt);
  return value < 0n ? fallback : roundedQuotient(value, BigInt(units));
}
