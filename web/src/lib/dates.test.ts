import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('uses the seed formats', () => {
    const date = new Date(2026, 0, 5, 12);
    expect(formatDate(date, 'fr')).toBe('05/01/2026');
    expect(formatDate(date, 'en')).toBe('2026/01/05');
  });

  it('answers nothing for an invalid date', () => {
    expect(formatDate('not a date', 'fr')).toBe('');
  });
});
