import { describe, expect, it } from 'vitest';
import { effectiveRateBp, percentToBp, taxIdLabel, vatBreakdown, vatPresetBp } from './vat.js';

/** Every expected figure below was computed by hand from the rule written in vat.ts. */
describe('vatBreakdown', () => {
  it('prices VAT included, several rates and an exempt line, no discount', () => {
    // 18 %: 2 x 5 900 = 11 800 -> base 11 800 / 1.18 = 10 000, VAT 1 800.
    // 19.25 %: 2 385 -> base 2 385 / 1.1925 = 2 000, VAT 385. Exempt: 3 x 500 = 1 500.
    const b = vatBreakdown(
      [
        { quantity: 2, unitPriceFcfa: 5900, rateBp: 1800 },
        { quantity: 3, unitPriceFcfa: 500, rateBp: null },
        { quantity: 1, unitPriceFcfa: 2385, rateBp: 1925 },
      ],
      0,
      true,
    );
    expect(b.rates).toEqual([
      { rateBp: 1925, grossFcfa: 2385, discountFcfa: 0, baseFcfa: 2000, vatFcfa: 385 },
      { rateBp: 1800, grossFcfa: 11800, discountFcfa: 0, baseFcfa: 10000, vatFcfa: 1800 },
      { rateBp: null, grossFcfa: 1500, discountFcfa: 0, baseFcfa: 1500, vatFcfa: 0 },
    ]);
    expect([b.totalHtFcfa, b.totalVatFcfa, b.totalTtcFcfa]).toEqual([13500, 2185, 15685]);
  });

  it('spreads a discount in proportion, VAT included: the total stays the shelf total minus the discount', () => {
    // 3 000 at 18 % and 1 000 exempt, discount 1 000: shares 750 and 250.
    // 18 %: net 2 250, base 2 250 / 1.18 = 1 906.78 -> 1 907, VAT 343. Exempt: 750.
    const b = vatBreakdown(
      [
        { quantity: 1, unitPriceFcfa: 3000, rateBp: 1800 },
        { quantity: 1, unitPriceFcfa: 1000, rateBp: null },
      ],
      1000,
      true,
    );
    expect(b.rates.map((r) => [r.rateBp, r.discountFcfa, r.baseFcfa, r.vatFcfa])).toEqual([
      [1800, 750, 1907, 343],
      [null, 250, 750, 0],
    ]);
    expect([b.totalHtFcfa, b.totalVatFcfa, b.totalTtcFcfa]).toEqual([2657, 343, 3000]);
  });

  it('gives the discount FCFA left over to the largest remainders, the higher rate first on a tie', () => {
    // 1 000 at each of 19.25 %, 18 %, exempt; discount 100: 33 each (remainders equal), the FCFA left to 19.25 %.
    // 19.25 %: net 966 -> 966 / 1.1925 = 810.06 -> 810, VAT 156. 18 %: net 967 -> 819.49 -> 819, VAT 148. Exempt 967.
    const b = vatBreakdown(
      [
        { quantity: 1, unitPriceFcfa: 1000, rateBp: null },
        { quantity: 1, unitPriceFcfa: 1000, rateBp: 1800 },
        { quantity: 1, unitPriceFcfa: 1000, rateBp: 1925 },
      ],
      100,
      true,
    );
    expect(b.rates.map((r) => [r.rateBp, r.discountFcfa, r.baseFcfa, r.vatFcfa])).toEqual([
      [1925, 34, 810, 156],
      [1800, 33, 819, 148],
      [null, 33, 967, 0],
    ]);
    expect([b.totalHtFcfa, b.totalVatFcfa, b.totalTtcFcfa]).toEqual([2596, 304, 2900]);
  });

  it('prices VAT excluded: VAT added on top, rounded half up once per rate', () => {
    // 18 %: 2 x 1 000 -> VAT 360. 19.25 %: 999 -> 192.31 -> 192. Exempt 500. TTC 3 499 + 552 = 4 051.
    const b = vatBreakdown(
      [
        { quantity: 2, unitPriceFcfa: 1000, rateBp: 1800 },
        { quantity: 1, unitPriceFcfa: 999, rateBp: 1925 },
        { quantity: 1, unitPriceFcfa: 500, rateBp: null },
      ],
      0,
      false,
    );
    expect([b.totalHtFcfa, b.totalVatFcfa, b.totalTtcFcfa]).toEqual([3499, 552, 4051]);
    // 25 x 18 % = 4.5 -> 5 (half up).
    expect(vatBreakdown([{ quantity: 1, unitPriceFcfa: 25, rateBp: 1800 }], 0, false).totalVatFcfa).toBe(5);
  });

  it('prices VAT excluded with a discount: VAT on the discounted base', () => {
    // 2 000 at 18 % and 1 000 exempt, discount 300: shares 200 and 100; 18 %: 1 800 -> VAT 324.
    const b = vatBreakdown(
      [
        { quantity: 1, unitPriceFcfa: 2000, rateBp: 1800 },
        { quantity: 1, unitPriceFcfa: 1000, rateBp: null },
      ],
      300,
      false,
    );
    expect([b.totalHtFcfa, b.totalVatFcfa, b.totalTtcFcfa]).toEqual([2700, 324, 3024]);
  });

  it('refuses a discount above the lines and a rate out of range', () => {
    expect(() => vatBreakdown([{ quantity: 1, unitPriceFcfa: 100, rateBp: null }], 101, true)).toThrow(RangeError);
    expect(() => vatBreakdown([{ quantity: 1, unitPriceFcfa: 100, rateBp: 0 }], 0, true)).toThrow(RangeError);
  });
});

describe('rates and labels', () => {
  it('reads percentages with at most two decimals', () => {
    expect(percentToBp(18)).toBe(1800);
    expect(percentToBp(19.25)).toBe(1925);
    expect(percentToBp(19.251)).toBeNull();
    expect(percentToBp(0)).toBeNull();
    expect(percentToBp(101)).toBeNull();
  });
  it('names the tax id by country and presets the rates', () => {
    expect(['SN', 'CI', 'CM', 'BJ', 'BF', 'ML'].map(taxIdLabel)).toEqual(['NINEA', 'NCC', 'NIU', 'IFU', 'IFU', 'NIF']);
    expect(vatPresetBp('CM')).toEqual([1925]);
    expect(vatPresetBp('SN')).toEqual([1800]);
  });
  it("takes the shop's standard rate by default, none when the shop is not subject", () => {
    expect(effectiveRateBp({ vatDefault: true, vatRateBp: null }, { vatSubject: true, standardRateBp: 1800 })).toBe(1800);
    expect(effectiveRateBp({ vatDefault: false, vatRateBp: null }, { vatSubject: true, standardRateBp: 1800 })).toBeNull();
    expect(effectiveRateBp({ vatDefault: false, vatRateBp: 1925 }, { vatSubject: false, standardRateBp: 1800 })).toBeNull();
  });
});
