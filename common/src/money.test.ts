import { describe, expect, it } from 'vitest';
import { DAYS_PER_YEAR, formatFcfa, planPriceFcfa } from './money.js';

describe('formatFcfa', () => {
  it('groups thousands the French way in both languages', () => {
    expect(formatFcfa(15000)).toBe('15\u202f000\u00a0FCFA');
    expect(formatFcfa(0)).toBe('0\u00a0FCFA');
  });
  it('uses no-break spaces the PDF standard fonts have', () => {
    expect(formatFcfa(1234567, { forPdf: true })).toBe('1\u00a0234\u00a0567\u00a0FCFA');
  });
  it('refuses amounts that are not whole FCFA', () => {
    expect(() => formatFcfa(10.5)).toThrow(RangeError);
  });
});

describe('planPriceFcfa', () => {
  it('is the yearly price times the whole years (seed 000 §9 periods)', () => {
    expect(planPriceFcfa(15_000, 365)).toBe(15_000);
    expect(planPriceFcfa(15_000, 730)).toBe(30_000);
    expect(planPriceFcfa(60_000, 1095)).toBe(180_000);
    expect(planPriceFcfa(60_000, 4 * DAYS_PER_YEAR)).toBe(240_000);
  });

  it('prices a period that is not whole years pro rata of its days, to the nearest FCFA', () => {
    // 15 000 × 400 / 365 = 16 438.36…
    expect(planPriceFcfa(15_000, 400)).toBe(16_438);
    // 60 000 × 30 / 365 = 4 931.50… rounds up; 15 000 × 1 / 365 = 41.09… rounds down.
    expect(planPriceFcfa(60_000, 30)).toBe(4_932);
    expect(planPriceFcfa(15_000, 1)).toBe(41);
    // 1 FCFA a year: 182 days are 0.498…, 183 days 0.501… (365 is odd: never exactly half a franc).
    expect(planPriceFcfa(1, 182)).toBe(0);
    expect(planPriceFcfa(1, 183)).toBe(1);
    expect(planPriceFcfa(73, 5)).toBe(1);
    expect(planPriceFcfa(365, 1)).toBe(1);
    expect(planPriceFcfa(0, 730)).toBe(0);
  });

  it('has no price for a quoted plan (Personaliser)', () => {
    expect(planPriceFcfa(null, 365)).toBeNull();
    expect(planPriceFcfa(undefined, 730)).toBeNull();
  });

  it('refuses prices and periods that are not whole and positive', () => {
    expect(() => planPriceFcfa(15_000.5, 365)).toThrow(RangeError);
    expect(() => planPriceFcfa(-1, 365)).toThrow(RangeError);
    expect(() => planPriceFcfa(15_000, 0)).toThrow(RangeError);
    expect(() => planPriceFcfa(15_000, 36.5)).toThrow(RangeError);
    expect(() => planPriceFcfa(Number.MAX_SAFE_INTEGER, 365)).toThrow(RangeError);
  });
});
