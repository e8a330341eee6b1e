/**
 * The article's purchase price after a reception (DECISIONS §5): the weighted average of the units
 * on hand (all depots) at the current price and the units received at their price (coût moyen
 * unitaire pondéré, as SYSCOHADA allows), rounded to the franc (half up). With nothing on hand, the
 * price received. Whole FCFA in, whole FCFA out.
 */
export function weightedAverageCost(onHand: { quantity: number; costFcfa: number }, received: { quantity: number; costFcfa: number }): number {
  const held = Math.max(0, onHand.quantity);
  if (received.quantity <= 0) return onHand.costFcfa;
  if (held === 0) return received.costFcfa;
  return Math.round((held * onHand.costFcfa + received.quantity * received.costFcfa) / (held + received.quantity));
}
