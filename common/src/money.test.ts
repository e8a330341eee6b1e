import { describe, expect, it } from 'vitest';
import { formatFcfa } from './money.js';

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
