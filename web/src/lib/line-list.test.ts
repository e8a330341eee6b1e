import { describe, expect, it } from 'vitest';
import {
  addLine,
  MAX_LINE_QUANTITY,
  parseQuantity,
  removeLine,
  totalUnits,
  updateQuantity,
  type LineResult,
} from './line-list';
import { lineTotalFcfa, saleAmounts } from '@app/common/sale';

type CartLine = { articleId: number; designation: string; unitPriceFcfa: number; quantity: number };

const rice = { articleId: 1, designation: 'Riz 25 kg', unitPriceFcfa: 17_500 };
const oil = { articleId: 2, designation: 'Huile 5 L', unitPriceFcfa: 6_250 };

function linesOf(result: LineResult<CartLine>): CartLine[] {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.lines;
}

describe('parseQuantity', () => {
  it('accepts whole units above zero, typed or numeric', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity(7)).toEqual({ ok: true, quantity: 7 });
    expect(parseQuantity(MAX_LINE_QUANTITY)).toEqual({ ok: true, quantity: MAX_LINE_QUANTITY });
  });

  it('calls an empty quantity missing', () => {
    for (const value of ['', '   ', null, undefined, Number.NaN])
      expect(parseQuantity(value)).toEqual({ ok: false, reason: 'quantityRequired' });
  });

  it('refuses zero, negative, decimal, exponent and text quantities', () => {
    for (const value of ['0', 0, '-2', -2, '1.5', 1.5, '1e3', 'abc', '2 3', Infinity, true, {}]) {
      expect(parseQuantity(value)).toEqual({ ok: false, reason: 'quantityInvalid' });
    }
  });

  it('calls a whole quantity past the cap too large (a barcode typed into the quantity), so that the message names the maximum', () => {
    for (const value of [MAX_LINE_QUANTITY + 1, String(MAX_LINE_QUANTITY + 1), '6001234567890']) {
      expect(parseQuantity(value)).toEqual({ ok: false, reason: 'quantityTooLarge' });
    }
  });
});

describe('addLine', () => {
  it('adds an article with its quantity at the end, leaving the given list as it was', () => {
    const first = linesOf(addLine<CartLine>([], rice, '2'));
    expect(first).toEqual([{ ...rice, quantity: 2 }]);
    const second = linesOf(addLine(first, oil, 5));
    expect(second.map((line) => [line.articleId, line.quantity])).toEqual([
      [1, 2],
      [2, 5],
    ]);
    expect(first).toHaveLength(1);
  });

  it('refuses an article already in the list (seed 001 §5)', () => {
    const lines = linesOf(addLine<CartLine>([], rice, 1));
    expect(addLine(lines, { ...rice, designation: 'same id' }, 4)).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('refuses an empty, zero or non-integer quantity', () => {
    expect(addLine<CartLine>([], rice, '')).toEqual({ ok: false, reason: 'quantityRequired' });
    expect(addLine<CartLine>([], rice, 0)).toEqual({ ok: false, reason: 'quantityInvalid' });
    expect(addLine<CartLine>([], rice, '2.5')).toEqual({ ok: false, reason: 'quantityInvalid' });
  });

  it('refuses no article at all', () => {
    expect(addLine<CartLine>([], null, 3)).toEqual({ ok: false, reason: 'articleRequired' });
  });

  it('refuses more than the depot holds and says how much it holds', () => {
    expect(addLine<CartLine>([], rice, 6, { available: 5 })).toEqual({ ok: false, reason: 'exceedsAvailable', available: 5 });
    expect(linesOf(addLine<CartLine>([], rice, 5, { available: 5 }))[0]?.quantity).toBe(5);
    expect(addLine<CartLine>([], rice, 1, { available: -3 })).toEqual({ ok: false, reason: 'exceedsAvailable', available: 0 });
  });

  it('does not limit quantities where stock is not checked (a reception adds stock)', () => {
    expect(linesOf(addLine<CartLine>([], rice, 1_000, { available: null }))[0]?.quantity).toBe(1_000);
  });
});

describe('updateQuantity and removeLine', () => {
  const lines = linesOf(addLine(linesOf(addLine<CartLine>([], rice, 2)), oil, 3));

  it('changes one line with the same checks as adding', () => {
    expect(linesOf(updateQuantity(lines, 2, '8')).map((line) => line.quantity)).toEqual([2, 8]);
    expect(updateQuantity(lines, 2, '')).toEqual({ ok: false, reason: 'quantityRequired' });
    expect(updateQuantity(lines, 2, 9, { available: 4 })).toEqual({ ok: false, reason: 'exceedsAvailable', available: 4 });
    expect(updateQuantity(lines, 99, 1)).toEqual({ ok: false, reason: 'articleRequired' });
    expect(lines.map((line) => line.quantity)).toEqual([2, 3]);
  });

  it('removes the article line, and nothing when it is not listed', () => {
    expect(removeLine(lines, 1).map((line) => line.articleId)).toEqual([2]);
    expect(removeLine(lines, 99)).toEqual(lines);
    expect(removeLine(lines, 99)).not.toBe(lines);
  });
});

describe('totals', () => {
  it('counts units and whole FCFA amounts exactly', () => {
    const lines = linesOf(addLine(linesOf(addLine<CartLine>([], rice, 3)), oil, 2));
    expect(totalUnits(lines)).toBe(5);
    // The cart's amounts are the shared sale rule's (common/sale.ts), the one the server records.
    expect(lineTotalFcfa(lines[0]!)).toBe(52_500);
    expect(saleAmounts(lines, 0)).toEqual({ subtotalFcfa: 65_000, discountFcfa: 0, totalFcfa: 65_000 });
    expect(saleAmounts([], 0)).toMatchObject({ totalFcfa: 0 });
  });
});
