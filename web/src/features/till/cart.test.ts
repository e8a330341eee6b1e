import { describe, expect, it } from 'vitest';
import { addUnit, cartAmounts, cartSignature, removeLine, removeUnit, repriceLines, setQuantity, unitsOf, type CartLine } from './cart';

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
