import { describe, expect, it } from 'vitest';
import { correctedAverageCost, correctedExactCost, costFromDecimal, costToDecimal, costToFranc, exactCost, weightedAverageCost } from './stock-cost.js';

describe('weightedAverageCost', () => {
  it('averages the units on hand and the units received, weighted by their quantities', () => {
    // 10 on hand at 1 000, 30 received at 1 400: (10 000 + 42 000) / 40 = 1 300.
    expect(weightedAverageCost({ quantity: 10, costFcfa: 1_000 }, { quantity: 30, costFcfa: 1_400 })).toBe(1_300);
  });
  it('rounds to the franc, half up', () => {
    // (1 x 100 + 2 x 101) / 3 = 100.67 -> 101; (1 x 100 + 1 x 101) / 2 = 100.5 -> 101.
    expect(weightedAverageCost({ quantity: 1, costFcfa: 100 }, { quantity: 2, costFcfa: 101 })).toBe(101);
    expect(weightedAverageCost({ quantity: 1, costFcfa: 100 }, { quantity: 1, costFcfa: 101 })).toBe(101);
    expect(weightedAverageCost({ quantity: 2, costFcfa: 100 }, { quantity: 1, costFcfa: 101 })).toBe(100);
  });
  it('takes the price received when nothing is on hand', () => {
    expect(weightedAverageCost({ quantity: 0, costFcfa: 5_000 }, { quantity: 4, costFcfa: 3_000 })).toBe(3_000);
  });
  it('keeps the current price when nothing is received', () => {
    expect(weightedAverageCost({ quantity: 4, costFcfa: 5_000 }, { quantity: 0, costFcfa: 3_000 })).toBe(5_000);
  });
});

describe('correctedAverageCost', () => {
  it('gives back the average before the reception when it is deleted before anything was sold', () => {
    // 10 on hand at 1 000, 10 received at 2 000 -> 1 500; deleted: (20 x 1 500 - 10 x 2 000) / 10 = 1 000.
    const after = weightedAverageCost({ quantity: 10, costFcfa: 1_000 }, { quantity: 10, costFcfa: 2_000 });
    expect(after).toBe(1_500);
    expect(correctedAverageCost({ quantity: 20, costFcfa: after }, { quantity: 10, costFcfa: 2_000 }, { quantity: 0, costFcfa: 2_000 })).toBe(1_000);
  });
  it('undoes a price typed wrong, even after part of the reception was sold', () => {
    // Nothing on hand, 10 received at 10 000 instead of 1 000, 4 sold: 6 left, all of this reception.
    expect(correctedAverageCost({ quantity: 6, costFcfa: 10_000 }, { quantity: 10, costFcfa: 10_000 }, { quantity: 10, costFcfa: 1_000 })).toBe(1_000);
    // 10 at 1 000 before, 10 received at 10 000 instead of 1 000 -> 5 500; 15 sold: the value would go
    // negative, so the corrected price is taken.
    expect(correctedAverageCost({ quantity: 5, costFcfa: 5_500 }, { quantity: 10, costFcfa: 10_000 }, { quantity: 10, costFcfa: 1_000 })).toBe(1_000);
  });
  it('revalues only the units of the line still on hand, and moves the units added or taken back at the corrected price', () => {
    // 10 at 1 000 and 10 received at 2 000 -> 1 500; 5 sold (15 held). The line's price corrected to
    // 3 000: its 10 units revalued, (22 500 + 10 x 1 000) / 15 = 2 166.67 -> 2 167.
    expect(correctedAverageCost({ quantity: 15, costFcfa: 1_500 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 10, costFcfa: 3_000 })).toBe(2_167);
    // The line's quantity corrected from 10 to 12 at the same price: 2 more units at 2 000,
    // (30 000 + 4 000) / 22 = 1 545.45 -> 1 545.
    expect(correctedAverageCost({ quantity: 20, costFcfa: 1_500 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 12, costFcfa: 2_000 })).toBe(1_545);
    // From 10 to 8: 2 units leave at 2 000, (30 000 - 4 000) / 18 = 1 444.44 -> 1 444.
    expect(correctedAverageCost({ quantity: 20, costFcfa: 1_500 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 8, costFcfa: 2_000 })).toBe(1_444);
    // A line added by an edit averages in as a reception does.
    expect(correctedAverageCost({ quantity: 10, costFcfa: 1_000 }, { quantity: 0, costFcfa: 0 }, { quantity: 30, costFcfa: 1_400 })).toBe(
      weightedAverageCost({ quantity: 10, costFcfa: 1_000 }, { quantity: 30, costFcfa: 1_400 }),
    );
  });
  it('keeps the price when nothing changes, and when a deletion leaves nothing on hand', () => {
    expect(correctedAverageCost({ quantity: 7, costFcfa: 1_234 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 10, costFcfa: 2_000 })).toBe(1_234);
    expect(correctedAverageCost({ quantity: 10, costFcfa: 1_234 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 0, costFcfa: 2_000 })).toBe(1_234);
    // An edit that leaves nothing on hand: the corrected price.
    expect(correctedAverageCost({ quantity: 0, costFcfa: 1_234 }, { quantity: 10, costFcfa: 2_000 }, { quantity: 10, costFcfa: 1_900 })).toBe(1_900);
  });
  it('stays exact with quantities and prices too large for floating point', () => {
    const huge = { quantity: 2_000_000_000, costFcfa: 999_999_999_999 };
    expect(weightedAverageCost(huge, { quantity: 2_000_000_000, costFcfa: 999_999_999_998 })).toBe(999_999_999_999);
    expect(correctedAverageCost({ quantity: 4_000_000_000, costFcfa: 999_999_999_999 }, huge, { quantity: 0, costFcfa: huge.costFcfa })).toBe(999_999_999_999);
  });
});

describe('the unrounded average', () => {
  it('gives back the earlier price when an absurd reception is corrected or deleted', () => {
    // 6 at 700, 100 000 typed at 750: 749.997…, used as 750.
    const received = correctedExactCost({ quantity: 6, cost: exactCost(700) }, { quantity: 0, costFcfa: 0 }, { quantity: 100_000, costFcfa: 750 });
    expect(costToFranc(received)).toBe(750);
    // Corrected to 10: (4 200 + 7 500) / 16 = 731.25 -> 731 (the rounded 750 would have given 750).
    const corrected = correctedExactCost({ quantity: 100_006, cost: received }, { quantity: 100_000, costFcfa: 750 }, { quantity: 10, costFcfa: 750 });
    expect(costToFranc(corrected)).toBe(731);
    expect(correctedAverageCost({ quantity: 100_006, costFcfa: 750 }, { quantity: 100_000, costFcfa: 750 }, { quantity: 10, costFcfa: 750 })).toBe(750);
    // Deleted instead: 700, to within 10^-8 FCFA (the 10^-12 kept, times 100 006 units, over 6).
    const deleted = correctedExactCost({ quantity: 100_006, cost: received }, { quantity: 100_000, costFcfa: 750 }, { quantity: 0, costFcfa: 750 });
    expect(costToFranc(deleted)).toBe(700);
    expect(deleted - exactCost(700) < 10_000n && exactCost(700) - deleted < 10_000n).toBe(true);
  });
  it('goes to and from a numeric column without losing a digit', () => {
    const cost = correctedExactCost({ quantity: 6, cost: exactCost(700) }, { quantity: 0, costFcfa: 0 }, { quantity: 100_000, costFcfa: 750 });
    expect(costToDecimal(cost)).toBe('749.997000179989');
    expect(costFromDecimal(costToDecimal(cost))).toBe(cost);
    expect(costToDecimal(exactCost(0))).toBe('0.000000000000');
    expect(costFromDecimal('4000')).toBe(exactCost(4_000));
    expect(costFromDecimal('12.5')).toBe(exactCost(25) / 2n);
    expect(() => costFromDecimal('1e3')).toThrow();
  });
});

