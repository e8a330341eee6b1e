import { describe, expect, it } from 'vitest';
import { addUnit, cartAmounts, cartSignature, cartTotals, normalDiscount, removeLine, removeUnit, repriceLines, setQuantity, unitsOf, type CartLine } from './cart';

const soap = { articleId: 1, designation: 'Savon', unitPriceFcfa: 500, available: 2 };
const rice = { articleId: 2, designation: 'Riz 5 kg', unitPriceFcfa: 4_250, available: 10 };

function add(lines: CartLine[], article: typeof soap): CartLine[] {
  const change = addUnit(lines, article);
  if (!change.ok) throw new Error(change.reason);
  return change.lines;
}

describe('till cart', () => {
  it('adds one unit a tap, a new article on top, up to the stock', () => {
    let lines = add([], soap);
    lines = add(lines, rice);
    lines = add(lines, soap);
    expect(lines.map((l) => [l.articleId, l.quantity])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(addUnit(lines, soap)).toEqual({ ok: false, reason: 'noMore', available: 2 });
    expect(addUnit(lines, { ...rice, available: 0 })).toEqual({ ok: false, reason: 'soldOut', available: 0 });
    expect(unitsOf(lines)).toBe(3);
  });

  it('takes a unit off, drops the line at 0, removes a line', () => {
    const lines = add(add([], soap), soap);
    expect(removeUnit(lines, 1)).toEqual([{ articleId: 1, designation: 'Savon', unitPriceFcfa: 500, quantity: 1 }]);
    expect(removeUnit(removeUnit(lines, 1), 1)).toEqual([]);
    expect(removeLine(add(lines, rice), 1).map((l) => l.articleId)).toEqual([2]);
  });

  it('takes a typed quantity, capped by the stock; an empty or 0 quantity changes nothing', () => {
    const lines = add([], rice);
    expect(setQuantity(lines, 2, 6, 10)).toEqual({ ok: true, lines: [{ ...lines[0], quantity: 6 }] });
    expect(setQuantity(lines, 2, 12, 10)).toEqual({
      ok: false,
      reason: 'noMore',
      available: 10,
      lines: [{ ...lines[0], quantity: 10 }],
    });
    expect(setQuantity(lines, 2, 0, 10)).toEqual({ ok: true, lines });
  });

  it('totals through the shared sale rule', () => {
    const lines = add(add(add([], soap), soap), rice);
    expect(cartAmounts(lines)).toEqual({ subtotalFcfa: 5_250, discountFcfa: 0, totalFcfa: 5_250 });
    expect(cartAmounts(lines, 6_000)).toBeNull();
  });

  it('names a cart by its content, whatever the order', () => {
    const a = add(add([], soap), rice);
    const b = add(add([], rice), soap);
    expect(cartSignature(a)).toBe(cartSignature(b));
    expect(cartSignature(add(a, soap))).not.toBe(cartSignature(a));
  });
});

describe('a restored cart at the current prices', () => {
  const line = { articleId: 1, designation: 'Riz', unitPriceFcfa: 1_000, quantity: 2 };
  const article = (unitPriceFcfa: number, designation = 'Riz') => ({ articleId: 1, designation, unitPriceFcfa, available: 5 });
  it('takes the grid’s price and name, keeps the quantity', () => {
    expect(repriceLines([line], new Map([[1, article(1_250, 'Riz parfumé')]]))).toEqual([
      { articleId: 1, designation: 'Riz parfumé', unitPriceFcfa: 1_250, quantity: 2, rateBp: null },
    ]);
  });
  it('takes the grid’s VAT rate and price rule (a cart kept by an older version has none)', () => {
    const vat = { articleId: 1, designation: 'Riz', unitPriceFcfa: 1_000, available: 5, rateBp: 1_800, pricesIncludeVat: false };
    expect(repriceLines([line], new Map([[1, vat]]))).toEqual([{ ...line, rateBp: 1_800, pricesIncludeVat: false }]);
  });
  it('gives the same array when nothing changed or the article is unknown', () => {
    const lines = [line];
    expect(repriceLines(lines, new Map([[1, article(1_000)]]))).toBe(lines);
    expect(repriceLines(lines, new Map())).toBe(lines);
  });
});

describe('the amounts of a cart with VAT (issue 21; the same hand-computed case as the server test)', () => {
  const rice = { articleId: 1, designation: 'Riz parfumé', unitPriceFcfa: 5_900, quantity: 1, rateBp: 1_800 };
  const water = { articleId: 2, designation: 'Eau', unitPriceFcfa: 1_000, quantity: 1, rateBp: null };
  it('shelf prices without VAT: the VAT is added, after the discount spread over the lines', () => {
    // Discount 100 spread 86 / 14; nets 5 814 and 986; 18 % of 5 814 = 1 046.5 -> 1 047; total 7 847.
    const lines = [rice, water].map((l) => ({ ...l, pricesIncludeVat: false }));
    expect(cartAmounts(lines, 100)).toEqual({ subtotalFcfa: 7_947, discountFcfa: 100, totalFcfa: 7_847 });
  });
  it('shelf prices VAT included (the default): what the shelf says', () => {
    expect(cartAmounts([rice, water].map((l) => ({ ...l, pricesIncludeVat: true })), 100)).toEqual({ subtotalFcfa: 6_900, discountFcfa: 100, totalFcfa: 6_800 });
    expect(cartAmounts([{ articleId: 3, designation: 'Savon', unitPriceFcfa: 500, quantity: 2 }])).toEqual({ subtotalFcfa: 1_000, discountFcfa: 0, totalFcfa: 1_000 });
  });
});

describe('a discount at the till', () => {
  const soap2: CartLine = { articleId: 1, designation: 'Savon', unitPriceFcfa: 500, quantity: 2 };
  const rice1: CartLine = { articleId: 2, designation: 'Riz 5 kg', unitPriceFcfa: 4_250, quantity: 1 };

  it('takes the discount off the subtotal, up to the whole sum of the lines', () => {
    expect(cartTotals([soap2, rice1], 250)).toEqual({ ok: true, amounts: { subtotalFcfa: 5_250, discountFcfa: 250, totalFcfa: 5_000 } });
    expect(cartTotals([soap2, rice1], 5_250)).toEqual({ ok: true, amounts: { subtotalFcfa: 5_250, discountFcfa: 5_250, totalFcfa: 0 } });
  });

  it('refuses a discount above the sum of the lines, says the most it may be, and shows the cart without it', () => {
    expect(cartTotals([soap2, rice1], 5_251)).toEqual({
      ok: false,
      maxFcfa: 5_250,
      amounts: { subtotalFcfa: 5_250, discountFcfa: 0, totalFcfa: 5_250 },
    });
  });

  it('shelf prices without VAT: the VAT after the discount, the most being the lines without VAT (the server’s rule)', () => {
    const rice = { articleId: 1, designation: 'Riz parfumé', unitPriceFcfa: 5_900, quantity: 1, rateBp: 1_800, pricesIncludeVat: false };
    const water = { articleId: 2, designation: 'Eau', unitPriceFcfa: 1_000, quantity: 1, rateBp: null, pricesIncludeVat: false };
    expect(cartTotals([rice, water], 100)).toEqual({ ok: true, amounts: { subtotalFcfa: 7_947, discountFcfa: 100, totalFcfa: 7_847 } });
    // 6 900 without VAT is the most; the total with VAT (7 962) is not.
    expect(cartTotals([rice, water], 6_900)).toEqual({ ok: true, amounts: { subtotalFcfa: 6_900, discountFcfa: 6_900, totalFcfa: 0 } });
    const refused = cartTotals([rice, water], 6_901);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.maxFcfa).toBe(6_900);
    expect(refused.amounts).toEqual({ subtotalFcfa: 7_962, discountFcfa: 0, totalFcfa: 7_962 });
  });

  it('is part of the cart’s signature: another discount is another sale, no discount the plain cart', () => {
    expect(cartSignature([soap2, rice1], 0)).toBe(cartSignature([rice1, soap2]));
    expect(cartSignature([soap2, rice1], 250)).toBe(cartSignature([rice1, soap2], 250));
    expect(cartSignature([soap2, rice1], 250)).not.toBe(cartSignature([soap2, rice1]));
    expect(cartSignature([soap2, rice1], 250)).not.toBe(cartSignature([soap2, rice1], 300));
  });

  it('reads a typed discount as whole FCFA, anything else as none', () => {
    expect(normalDiscount(500)).toBe(500);
    for (const value of ['', 0, -5, 2.5, Number.NaN, '500', null]) expect(normalDiscount(value)).toBe(0);
  });
});
