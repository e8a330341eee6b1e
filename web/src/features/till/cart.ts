import { saleAmounts, type SaleAmounts } from '@app/common/sale';

/**
 * VAT as the grid knows it (issue 21): the rate a sale of the article takes (basis points, null for
 * none) and whether the shop's shelf prices include VAT. Absent on a cart kept by an older version:
 * read as VAT included, and set again from the grid (repriceLines).
 */
type LineVat = { rateBp?: number | null; pricesIncludeVat?: boolean };

/** One line of the till's cart: an article of the depot at its shelf price, a whole quantity. */
export type CartLine = { articleId: number; designation: string; unitPriceFcfa: number; quantity: number } & LineVat;

/** What the grid knows of an article: enough to put it in the cart and to cap it by the depot's stock. */
export type CartArticle = { articleId: number; designation: string; unitPriceFcfa: number; available: number } & LineVat;

export type CartChange =
  | { ok: true; lines: CartLine[] }
  /** Refused (or capped: then `lines` holds the capped cart). */
  | { ok: false; reason: 'soldOut' | 'noMore'; available: number; lines?: CartLine[] };

/**
 * One more unit of an article (a tap on the grid, a scan, the + of a line). Never above what the
 * depot holds as last loaded: the server checks again and answers INSUFFICIENT_STOCK if another
 * till sold it meanwhile. A new article goes to the top of the cart, where the cashier looks.
 */
export function addUnit(lines: readonly CartLine[], article: CartArticle): CartChange {
  const current = lines.find((l) => l.articleId === article.articleId);
  const inCart = current?.quantity ?? 0;
  if (article.available <= 0) return { ok: false, reason: 'soldOut', available: 0 };
  if (inCart + 1 > article.available) return { ok: false, reason: 'noMore', available: article.available };
  if (!current) {
    const { available: _available, ...line } = article;
    return { ok: true, lines: [{ ...line, quantity: 1 }, ...lines] };
  }
  return { ok: true, lines: lines.map((l) => (l === current ? { ...l, quantity: l.quantity + 1 } : l)) };
}

/** A quantity typed on a line: whole, at least 1, at most what the depot holds (then capped, and said so). */
export function setQuantity(lines: readonly CartLine[], articleId: number, quantity: number, available: number): CartChange {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return { ok: true, lines: [...lines] };
  const capped = Math.min(quantity, Math.max(available, 0));
  const next =
    capped < 1 ? removeLine(lines, articleId) : lines.map((l) => (l.articleId === articleId ? { ...l, quantity: capped } : l));
  return capped < quantity
    ? { ok: false, reason: available <= 0 ? 'soldOut' : 'noMore', available: Math.max(available, 0), lines: next }
    : { ok: true, lines: next };
}

/** One unit less; the line goes at 0. */
export function removeUnit(lines: readonly CartLine[], articleId: number): CartLine[] {
  return lines.flatMap((l) => (l.articleId !== articleId ? [l] : l.quantity > 1 ? [{ ...l, quantity: l.quantity - 1 }] : []));
}

export function removeLine(lines: readonly CartLine[], articleId: number): CartLine[] {
  return lines.filter((l) => l.articleId !== articleId);
}

export function unitsOf(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The cart's amounts through the shared rule (common/sale.ts), with the articles' VAT rates and the
 * shop's price rule: what the till shows is what the server records (a shop whose shelf prices are
 * without VAT charges them plus VAT, online and offline alike).
 */
export function cartAmounts(lines: readonly CartLine[], discountFcfa = 0): SaleAmounts | null {
  const amounts = rawAmounts(lines, discountFcfa);
  return 'refused' in amounts ? null : amounts;
}

function rawAmounts(lines: readonly CartLine[], discountFcfa: number) {
  return saleAmounts(
    lines.map((l) => ({ quantity: l.quantity, unitPriceFcfa: l.unitPriceFcfa, rateBp: l.rateBp ?? null })),
    discountFcfa,
    { pricesIncludeVat: lines.every((l) => l.pricesIncludeVat !== false) },
  );
}

/**
 * The discount's check at the till: whole FCFA, at most the cart's sum of lines (the shared rule's
 * DISCOUNT_TOO_HIGH, with its `max`). `amounts` are those the server records when the sale is sent.
 */
export type CartTotals =
  | { ok: true; amounts: SaleAmounts }
  /** Refused: `amounts` without the discount (what the screen shows meanwhile), `maxFcfa` the most it may be. */
  | { ok: false; maxFcfa: number; amounts: SaleAmounts | null };

export function cartTotals(lines: readonly CartLine[], discountFcfa: number): CartTotals {
  const amounts = rawAmounts(lines, discountFcfa);
  if (!('refused' in amounts)) return { ok: true, amounts };
  return { ok: false, maxFcfa: amounts.max ?? 0, amounts: cartAmounts(lines, 0) };
}

/** A discount as typed: a whole, non-negative FCFA amount, else none. */
export function normalDiscount(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Identifies a cart's content and discount: the sale id is kept while the cart stays the same (a
 * retry, a reopened pay panel); a changed discount is another sale.
 */
export function cartSignature(lines: readonly CartLine[], discountFcfa = 0): string {
  const content = [...lines]
    .sort((a, b) => a.articleId - b.articleId)
    .map((l) => `${l.articleId}x${l.quantity}`)
    .join(',');
  return discountFcfa > 0 ? `${content}-${discountFcfa}` : content;
}

/**
 * A cart (restored from the device) at the grid's current prices and names: the same array when
 * nothing changed, so that a render does not loop. Lines of articles the grid no longer has stay
 * as they were (the server answers for them).
 */
export function repriceLines(lines: CartLine[], articles: ReadonlyMap<number, CartArticle>): CartLine[] {
  let changed = false;
  const next = lines.map((line) => {
    const article = articles.get(line.articleId);
    if (
      !article ||
      (article.unitPriceFcfa === line.unitPriceFcfa &&
        article.designation === line.designation &&
        (article.rateBp ?? null) === (line.rateBp ?? null) &&
        article.pricesIncludeVat === line.pricesIncludeVat)
    )
      return line;
    changed = true;
    return { ...line, unitPriceFcfa: article.unitPriceFcfa, designation: article.designation, rateBp: article.rateBp ?? null, pricesIncludeVat: article.pricesIncludeVat };
  });
  return changed ? next : lines;
}
