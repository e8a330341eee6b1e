import type { CartLine } from './cart';
import type { DraftStore, StoredDraft } from './sale-draft';

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

/** A kept cart: its lines and the discount agreed at the till (whole FCFA, 0 for none). */
export type KeptCart = { lines: CartLine[]; discountFcfa: number };

const EMPTY: KeptCart = { lines: [], discountFcfa: 0 };

/**
 * The cart kept for this user, shop and depot, or an empty cart: a cart of another depot, or
 * anything unreadable (an older format, a hand edit), is not restored. A cart kept without a
 * discount (an older version) has none; an unreadable discount is dropped, the lines kept.
 */
export function loadKeptCart(storage: CartStorage, userId: number, shopId: number, depotId: number): KeptCart {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(cartKey(userId, shopId)) ?? 'null');
  } catch {
    return EMPTY;
  }
  if (typeof parsed !== 'object' || parsed === null) return EMPTY;
  const { depot, lines, discount } = parsed as { depot?: unknown; lines?: unknown; discount?: unknown };
  if (depot !== depotId || !Array.isArray(lines) || !lines.every(isLine)) return EMPTY;
  // One line per article, as the cart makes them.
  const seen = new Set<number>();
  const unique = lines.filter((l) => !seen.has(l.articleId) && seen.add(l.articleId));
  const discountFcfa = Number.isSafeInteger(discount) && (discount as number) > 0 && unique.length > 0 ? (discount as number) : 0;
  return { lines: unique, discountFcfa };
}

/** The kept cart's lines (see `loadKeptCart`). */
export function loadCart(storage: CartStorage, userId: number, shopId: number, depotId: number): CartLine[] {
  return loadKeptCart(storage, userId, shopId, depotId).lines;
}

/**
 * Keeps the cart and its discount (an empty cart removes the kept one, discount included). Storage
 * refused (full, private mode): the cart lives on in memory.
 */
export function saveCart(
  storage: CartStorage,
  userId: number,
  shopId: number,
  depotId: number,
  lines: readonly CartLine[],
  discountFcfa = 0,
): void {
  try {
    if (lines.length === 0) storage.removeItem(cartKey(userId, shopId));
    else
      storage.setItem(
        cartKey(userId, shopId),
        JSON.stringify(discountFcfa > 0 ? { depot: depotId, lines, discount: discountFcfa } : { depot: depotId, lines }),
      );
  } catch {
    // Nothing more to do: the cart is still on the screen.
  }
}

/** The sale attempt in flight for this user and shop on this device (see `DraftStore`). */
export function draftKey(userId: number, shopId: number): string {
  return `till.draft.${userId}.${shopId}`;
}

function isDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return typeof d.signature === 'string' && typeof d.id === 'string' && d.id.length > 0 && typeof d.vendueLe === 'string';
}

/** The till's `DraftStore` in `storage`, per user and shop; anything unreadable is no draft. */
export function draftStore(storage: CartStorage, userId: number, shopId: number): DraftStore {
  const key = draftKey(userId, shopId);
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
        return isDraft(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    save(draft) {
      try {
        if (draft === null) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage refused: the draft lives on in memory, as before.
      }
    },
  };
}
