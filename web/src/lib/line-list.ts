import { MAX_STOCK_QUANTITY } from '@app/common/contracts/stock';

/**
 * The lines of a cart (invoice) or of a goods reception, kept in the dialog until saved: one
 * line per article with a whole quantity (seed 001 §5). Pure functions: they never change the
 * list they get, they answer the new list or why the change is refused.
 */

/** A line: the article and its quantity; whatever else the screen shows (name, price) rides along. */
export type Line = { articleId: number; quantity: number };

/**
 * Why a change is refused; the screen shows `t('lines.<reason>', { available })`. Seed 001 §5:
 * "the product to add already exists in the list or has no defined quantity", and "quantity must
 * not exceed the available stock ... error shows available quantity".
 */
export type LineRefusal =
  'articleRequired' | 'quantityRequired' | 'quantityInvalid' | 'quantityTooLarge' | 'duplicate' | 'exceedsAvailable';

export type LineResult<L> =
  | { ok: true; lines: L[] }
  | { ok: false; reason: LineRefusal; /** With `exceedsAvailable`: what the depot holds. */ available?: number };

/** Quantities are whole units; no line moves more than a stock level may hold (the contracts' cap). */
export const MAX_LINE_QUANTITY = MAX_STOCK_QUANTITY;

type Options = {
  /**
   * Units of the article available in the chosen depot (a sale); leave out where stock is not
   * limited (a reception adds stock).
   */
  available?: number | null;
};

/**
 * A typed quantity (text of an input, a number input's value, nothing) as whole units above
 * zero: "", null and blanks are missing; "1.5", "-2", "1e3", "0", "abc" are invalid.
 */
export function parseQuantity(
  value: unknown,
): { ok: true; quantity: number } | { ok: false; reason: 'quantityRequired' | 'quantityInvalid' | 'quantityTooLarge' } {
  if (value === null || value === undefined) return { ok: false, reason: 'quantityRequired' };
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { ok: false, reason: 'quantityRequired' };
    if (!/^\d+$/.test(text)) return { ok: false, reason: 'quantityInvalid' };
    return checkQuantity(Number(text));
  }
  if (typeof value === 'number') return Number.isNaN(value) ? { ok: false, reason: 'quantityRequired' } : checkQuantity(value);
  return { ok: false, reason: 'quantityInvalid' };
}

function checkQuantity(
  quantity: number,
): { ok: true; quantity: number } | { ok: false; reason: 'quantityInvalid' | 'quantityTooLarge' } {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, reason: 'quantityInvalid' };
  // Past a stock level's cap (a barcode typed into the quantity): the message names the maximum.
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, reason: 'quantityTooLarge' };
  return { ok: true, quantity };
}

function checkAvailable(quantity: number, options: Options): { ok: false; reason: 'exceedsAvailable'; available: number } | null {
  const { available } = options;
  if (available === undefined || available === null) return null;
  const left = Math.max(0, Math.trunc(available));
  return quantity > left ? { ok: false, reason: 'exceedsAvailable', available: left } : null;
}

/** Adds `article` with `quantity` at the end, or says why not: no article, already listed, bad quantity, not enough stock. */
export function addLine<L extends Line>(
  lines: readonly L[],
  article: Omit<L, 'quantity'> | null | undefined,
  quantity: unknown,
  options: Options = {},
): LineResult<L> {
  if (!article) return { ok: false, reason: 'articleRequired' };
  if (lines.some((line) => line.articleId === article.articleId)) return { ok: false, reason: 'duplicate' };
  const parsed = parseQuantity(quantity);
  if (!parsed.ok) return parsed;
  const refused = checkAvailable(parsed.quantity, options);
  if (refused) return refused;
  return { ok: true, lines: [...lines, { ...article, quantity: parsed.quantity } as L] };
}

/** Sets the quantity of the article's line, with the same checks as adding it. */
export function updateQuantity<L extends Line>(
  lines: readonly L[],
  articleId: number,
  quantity: unknown,
  options: Options = {},
): LineResult<L> {
  if (!lines.some((line) => line.articleId === articleId)) return { ok: false, reason: 'articleRequired' };
  const parsed = parseQuantity(quantity);
  if (!parsed.ok) return parsed;
  const refused = checkAvailable(parsed.quantity, options);
  if (refused) return refused;
  return { ok: true, lines: lines.map((line) => (line.articleId === articleId ? { ...line, quantity: parsed.quantity } : line)) };
}

/** The list without the article's line (unchanged if it is not there). */
export function removeLine<L extends Line>(lines: readonly L[], articleId: number): L[] {
  return lines.filter((line) => line.articleId !== articleId);
}

/** Units over all lines. */
export function totalUnits(lines: readonly Line[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
