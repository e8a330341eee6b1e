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
      { articleId: 1, designation: 'Riz parfumé', unitPriceFcfa: 1_250, quantity: 2 },
    ]);
  });
  it('gives the same array when nothing changed or the article is unknown', () => {
    const lines = [line];
    expect(repriceLines(lines, new Map([[1, article(1_000)]]))).toBe(lines);
    expect(repriceLines(lines, new Map())).toBe(lines);
  });
});
