import type { CartLine } from './cart';

/** The part of `localStorage` the cart needs (a stand-in in unit tests). */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One kept cart per user and shop on this device, with the depot it was filled from (issue 19 item 4). */
export function cartKey(userId: number, shopId: number): string {
  return `till.cart.${userId}.${shopId}`;
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const l = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(l.articleId) &&
    (l.articleId as number) > 0 &&
    typeof l.designation === 'string' &&
    Number.isSafeInteger(l.unitPriceFcfa) &&
    (l.unitPriceFcfa as number) >= 0 &&
    Number.isSafeInteger(l.quantity) &&
    (l.quantity as number) >= 1
  );
}

/**
 * The cart kept for this user, shop and depot, or an empty cart: a cart of another depot, or
 * anything unreadable (an older format, a hand edit), is not restored.
 */
export function loadCart(storage: CartStorage, userId: number, shopId: number, depotId: number): CartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(cartKey(userId, shopId)) ?? 'null');
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const { depot, lines } = parsed as { depot?: unknown; lines?: unknown };
  if (depot !== depotId || !Array.isArray(lines) || !lines.every(isLine)) return [];
  // One line per article, as the cart makes them.
  const seen = new Set<number>();
  return lines.filter((l) => !seen.has(l.articleId) && seen.add(l.articleId));
}

/** Keeps the cart (an empty cart removes the kept one). Storage refused (full, private mode): the cart lives on in memory. */
export function saveCart(storage: CartStorage, userId: number, shopId: number, depotId: number, lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) storage.removeItem(cartKey(userId, shopId));
    else storage.setItem(cartKey(userId, shopId), JSON.stringify({ depot: depotId, lines }));
  } catch {
    // Nothing more to do: the cart is still on the screen.
  }
}
