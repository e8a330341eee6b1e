import { describe, expect, it } from 'vitest';
import { weightedAverageCost } from './stock-cost.js';

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
