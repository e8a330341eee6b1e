/**
 * The article's purchase price, a weighted average (DECISIONS §5: coût moyen unitaire pondéré, as
 * SYSCOHADA allows), kept as the receptions come, are corrected and are deleted. Whole FCFA in,
 * whole FCFA out, rounded to the franc (half up); computed on integers, so that it stays exact
 * whatever the quantities.
 */

type Units = { quantity: number; costFcfa: number };

/** value / units rounded half up, for value >= 0 and units > 0. */
function roundedQuotient(value: bigint, units: bigint): number {
  return Number((2n * value + units) / (2n * units));
}

/**
 * After a reception: the weighted average of the units on hand (all depots) at the current price
 * and the units received at their price. With nothing on hand, the price received.
 */
export function weightedAverageCost(onHand: Units, received: Units): number {
  // A reception is a line corrected from nothing.
  return correctedAverageCost(onHand, { quantity: 0, costFcfa: 0 }, received);
}

/**
 * After a reception's line of the article is corrected from `before` to `after` (an edit of its
 * quantity or price; a deletion is `after.quantity` 0; a line added by an edit is
 * `before.quantity` 0), `onHand` being the units in all depots before the correction and the
 * current price.
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
export function correctedAverageCost(onHand: Units, before: Units, after: Units): number {
  if (before.quantity === after.quantity && (before.costFcfa === after.costFcfa || after.quantity === 0)) return onHand.costFcfa;
  const held = Math.max(0, onHand.quantity);
  const stillHeld = Math.min(Math.max(0, before.quantity), held);
  const units = held - before.quantity + after.quantity;
  const fallback = after.quantity > 0 ? after.costFcfa : onHand.costFcfa;
  if (units <= 0) return fallback;
  // A deleted line leaves at the price it came at.
  const movedAt = after.quantity > 0 ? after.costFcfa : before.costFcfa;
  const value =
    BigInt(held) * BigInt(onHand.costFcfa) +
    BigInt(stillHeld) * BigInt(movedAt - before.costFcfa) +
    BigInt(after.quantity - before.quantity) * BigInt(movedAt);
  return value < 0n ? fallback : roundedQuotient(value, BigInt(units));
}
