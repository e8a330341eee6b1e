import { describe, expect, it } from 'vitest';
import { isSettled, lineTotalFcfa, quickCashAmounts, remainderFcfa, saleAmounts, settleSale } from './sale.js';

describe('sale amounts', () => {
  it('sums the lines and takes the discount off', () => {
    expect(lineTotalFcfa({ quantity: 3, unitPriceFcfa: 1250 })).toBe(3750);
    expect(saleAmounts([{ quantity: 3, unitPriceFcfa: 1250 }, { quantity: 1, unitPriceFcfa: 500 }], 250)).toEqual({
      subtotalFcfa: 4250,
      discountFcfa: 250,
      totalFcfa: 4000,
    });
  });

  it('adds the VAT on top only for prices without VAT (hand-computed)', () => {
    const lines = [
      { quantity: 2, unitPriceFcfa: 5900, rateBp: 1800 },
      { quantity: 1, unitPriceFcfa: 1100, rateBp: 1000 },
      { quantity: 1, unitPriceFcfa: 1000, rateBp: null },
    ];
    // Prices without VAT, discount 300 spread 255 / 24 / 21 (floors 254 / 23 / 21, the 2 FCFA left to the
    // largest remainders .741 then .676). Nets 11 545, 1 076, 979; VAT 18 % of 11 545 = 2 078.1 -> 2 078,
    // 10 % of 1 076 = 107.6 -> 108. Total 11 545 + 2 078 + 1 076 + 108 + 979 = 15 786.
    expect(saleAmounts(lines, 300, { pricesIncludeVat: false })).toEqual({ subtotalFcfa: 16_086, discountFcfa: 300, totalFcfa: 15_786 });
    // No discount: 5 900 at 18 % -> VAT 1 062, 1 000 exempt: 7 962.
    expect(saleAmounts([lines[0]!, lines[2]!].map((l) => ({ ...l, quantity: 1 })), 0, { pricesIncludeVat: false })).toEqual({
      subtotalFcfa: 7_962,
      discountFcfa: 0,
      totalFcfa: 7_962,
    });
    // An exempt line alone: nothing added.
    expect(saleAmounts([{ quantity: 1, unitPriceFcfa: 1000, rateBp: null }], 100, { pricesIncludeVat: false })).toEqual({ subtotalFcfa: 1000, discountFcfa: 100, totalFcfa: 900 });
    // Prices VAT included: what the shelf says.
    expect(saleAmounts(lines, 300, { pricesIncludeVat: true })).toEqual({ subtotalFcfa: 13_900, discountFcfa: 300, totalFcfa: 13_600 });
    expect(saleAmounts(lines, 300)).toEqual({ subtotalFcfa: 13_900, discountFcfa: 300, totalFcfa: 13_600 });
    // The discount is still capped by the lines' sum before VAT.
    expect(saleAmounts(lines, 13_901, { pricesIncludeVat: false })).toEqual({ refused: 'DISCOUNT_TOO_HIGH', max: 13_900 });
  });

  it('refuses a discount above the lines, allows it equal', () => {
    expect(saleAmounts([{ quantity: 2, unitPriceFcfa: 100 }], 201)).toEqual({ refused: 'DISCOUNT_TOO_HIGH', max: 200 });
    expect(saleAmounts([{ quantity: 2, unitPriceFcfa: 100 }], 200)).toMatchObject({ totalFcfa: 0 });
  });

  it('refuses a sum beyond whole safe integers and amounts that are not whole FCFA', () => {
    expect(saleAmounts([{ quantity: 1_000_000, unitPriceFcfa: 9_000_000_000_000 }, { quantity: 1_000_000, unitPriceFcfa: 9_000_000_000_000 }], 0)).toEqual({
      refused: 'AMOUNT_TOO_LARGE',
    });
    expect(() => lineTotalFcfa({ quantity: 1.5, unitPriceFcfa: 100 })).toThrow(RangeError);
    expect(() => saleAmounts([], -1)).toThrow(RangeError);
  });

  it('one rule for settled and for the remainder', () => {
    expect(isSettled(0)).toBe(true);
    expect(isSettled(1)).toBe(false);
    expect(remainderFcfa(4000, 2500)).toBe(1500);
    expect(() => remainderFcfa(4000, 4001)).toThrow(RangeError);
  });
});

describe('settleSale', () => {
  it('cash gives change', () => {
    expect(settleSale(4_000, [{ method: 'cash', handedFcfa: 5_000 }])).toEqual({
      payments: [{ method: 'cash', reference: null, handedFcfa: 5_000, appliedFcfa: 4_000, changeFcfa: 1_000, remainingAfterFcfa: 0 }],
      paidFcfa: 4_000,
      changeFcfa: 1_000,
      remainingFcfa: 0,
      settled: true,
    });
  });

  it('splits: mobile money first, cash covers the rest and gives change, whatever the order sent', () => {
    const result = settleSale(7_000, [
      { method: 'cash', handedFcfa: 5_000 },
      { method: 'orange_money', handedFcfa: 3_000, reference: ' OM123 ' },
    ]);
    expect(result).toEqual({
      payments: [
        { method: 'orange_money', reference: 'OM123', handedFcfa: 3_000, appliedFcfa: 3_000, changeFcfa: 0, remainingAfterFcfa: 4_000 },
        { method: 'cash', reference: null, handedFcfa: 5_000, appliedFcfa: 4_000, changeFcfa: 1_000, remainingAfterFcfa: 0 },
      ],
      paidFcfa: 7_000,
      changeFcfa: 1_000,
      remainingFcfa: 0,
      settled: true,
    });
  });

  it('leaves a remainder when underpaid, and none paid is a whole remainder', () => {
    expect(settleSale(10_000, [{ method: 'wave', handedFcfa: 4_000, reference: 'W1' }])).toMatchObject({
      paidFcfa: 4_000,
      remainingFcfa: 6_000,
      changeFcfa: 0,
      settled: false,
    });
    expect(settleSale(10_000, [])).toEqual({ payments: [], paidFcfa: 0, changeFcfa: 0, remainingFcfa: 10_000, settled: false });
  });

  it('refuses mobile money above the total, without a reference, and a payment that applies nothing', () => {
    expect(settleSale(1_000, [{ method: 'mtn_momo', handedFcfa: 1_500, reference: 'M' }])).toEqual({ refused: 'PAYMENT_EXCEEDS_REMAINDER', index: 0 });
    expect(settleSale(1_000, [{ method: 'card', handedFcfa: 1_000 }])).toEqual({ refused: 'PAYMENT_REFERENCE_REQUIRED', index: 0 });
    expect(
      settleSale(1_000, [
        { method: 'cash', handedFcfa: 2_000 },
        { method: 'cash', handedFcfa: 500 },
      ]),
    ).toEqual({ refused: 'PAYMENT_NOTHING_DUE', index: 1 });
    expect(settleSale(1_000, [{ method: 'cash', handedFcfa: 0 }])).toEqual({ refused: 'PAYMENT_AMOUNT_INVALID', index: 0 });
  });
});

describe('quickCashAmounts', () => {
  it('exact, next 500, next 1 000, then 2 000, 5 000 and 10 000 notes', () => {
    expect(quickCashAmounts(3_250)).toEqual([3_250, 3_500, 4_000, 5_000, 10_000]);
    expect(quickCashAmounts(700)).toEqual([700, 1_000, 2_000, 5_000, 10_000]);
    expect(quickCashAmounts(12_300)).toEqual([12_300, 12_500, 13_000, 14_000, 15_000, 20_000]);
    expect(quickCashAmounts(0)).toEqual([]);
  });
});
