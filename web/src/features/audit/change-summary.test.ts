import { describe, expect, it } from 'vitest';
import { changeText, fieldChanges, recordLabel } from './change-summary';

describe('fieldChanges', () => {
  it('puts each field of before and after side by side in reading order, lists as their length, one level of nesting dotted', () => {
    expect(
      fieldChanges(
        { totalFcfa: 3000, lines: [{ a: 1 }, { a: 2 }], invoice: { paidFcfa: 0, deep: { x: 1 } } },
        { totalFcfa: 2000, reason: 'Casse', voided: true, invoice: { paidFcfa: 500 } },
      ),
    ).toEqual([
      { field: 'reason', before: undefined, after: 'Casse' },
      { field: 'lines', before: '[2]', after: undefined },
      { field: 'totalFcfa', before: '3000', after: '2000' },
      { field: 'invoice.paidFcfa', before: '0', after: '500' },
      { field: 'voided', before: undefined, after: 'true' },
    ]);
  });

  it('reads a missing or non-object side as empty', () => {
    expect(fieldChanges(null, 'x')).toEqual([]);
    expect(fieldChanges(undefined, { shopId: 4 })).toEqual([{ field: 'shopId', before: undefined, after: '4' }]);
  });
});

describe('changeText', () => {
  const show = (raw: string) => `<${raw}>`;

  it('reads an invoice edit as words: what changed before → after, what stayed once, never ∅ or [n]', () => {
    const texts = fieldChanges(
      { code: 'FA-7', type: 'Comptant', depot: 'Magasin', totalFcfa: 3000, lines: 'Riz × 2' },
      { code: 'FA-7', type: 'Crédit', depot: 'Magasin', totalFcfa: 4500, lines: 'Riz × 3' },
    ).map((change) => `${change.field} ${changeText(change, show)}`);
    expect(texts).toEqual([
      'code <FA-7>',
      'type <Comptant> → <Crédit>',
      'depot <Magasin>',
      'lines <Riz × 2> → <Riz × 3>',
      'totalFcfa <3000> → <4500>',
    ]);
  });

  it('shows a value that only appears or only was alone', () => {
    expect(changeText({ field: 'register', before: undefined, after: 'Caisse 1' }, show)).toBe('<Caisse 1>');
    expect(changeText({ field: 'code', before: 'FA-7', after: undefined }, show)).toBe('<FA-7>');
    expect(changeText({ field: 'delivered', before: 'true', after: 'false' }, show)).toBe('<true> → <false>');
  });
});

describe('fieldChanges order and recordLabel', () => {
  it('reads the record first (number, type, depot, driver), then lines, then the rest as stored', () => {
    const fields = fieldChanges(
      { driver: 'Moussa', delivered: true, totalFcfa: 2000, invoiceCode: 'FAC-2' },
      { delivered: false, cancelledAt: '2026-11-26T10:00:00Z' },
    ).map((change) => change.field);
    expect(fields).toEqual(['invoiceCode', 'driver', 'delivered', 'totalFcfa', 'cancelledAt']);
  });

  it("names the record by the invoice's number when the line keeps it, else by its id", () => {
    expect(recordLabel({ entityId: 48, before: { code: 'FAC-2026-000001' }, after: { deleted: true } })).toBe('FAC-2026-000001');
    expect(recordLabel({ entityId: 7, before: { invoiceCode: 'FAC-2026-000002' }, after: null })).toBe('FAC-2026-000002');
    expect(recordLabel({ entityId: 3, before: null, after: { register: 'Caisse 1' } })).toBe('#3');
    expect(recordLabel({ entityId: null, before: null, after: null })).toBeNull();
  });
});
