import { describe, expect, it } from 'vitest';
import { fieldChanges } from './change-summary';

describe('fieldChanges', () => {
  it('puts each field of before and after side by side, lists as their length, one level of nesting dotted', () => {
    expect(
      fieldChanges(
        { totalFcfa: 3000, lines: [{ a: 1 }, { a: 2 }], invoice: { paidFcfa: 0, deep: { x: 1 } } },
        { totalFcfa: 2000, reason: 'Casse', voided: true, invoice: { paidFcfa: 500 } },
      ),
    ).toEqual([
      { field: 'totalFcfa', before: '3000', after: '2000' },
      { field: 'lines', before: '[2]', after: undefined },
      { field: 'invoice.paidFcfa', before: '0', after: '500' },
      { field: 'reason', before: undefined, after: 'Casse' },
      { field: 'voided', before: undefined, after: 'true' },
    ]);
  });

  it('reads a missing or non-object side as empty', () => {
    expect(fieldChanges(null, 'x')).toEqual([]);
    expect(fieldChanges(undefined, { shopId: 4 })).toEqual([{ field: 'shopId', before: undefined, after: '4' }]);
  });
});
