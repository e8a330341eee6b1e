import { describe, expect, it } from 'vitest';
import { countSummary } from './count-summary';

describe('a stock count’s differences', () => {
  it('sum the units found in excess and missing, each valued at its purchase price', () => {
    expect(
      countSummary([
        { counted: 4, expected: 6, unitCost: 1100 }, // 2 missing
        { counted: 10, expected: 7, unitCost: 300 }, // 3 in excess
        { counted: 5, expected: 5, unitCost: 9999 }, // right
        { counted: 0, expected: 1, unitCost: 10500 }, // 1 missing
      ]),
    ).toEqual({ changed: 3, unitsUp: 3, unitsDown: 3, valueUp: 900, valueDown: 2 * 1100 + 10500 });
  });

  it('find nothing to confirm when every count matches the stock', () => {
    expect(countSummary([{ counted: 2, expected: 2, unitCost: 500 }])).toEqual({
      changed: 0,
      unitsUp: 0,
      unitsDown: 0,
      valueUp: 0,
      valueDown: 0,
    });
  });
});
