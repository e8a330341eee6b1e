import { describe, expect, it } from 'vitest';
import { initialDayScroll, keepUnitsTogether, shortAxisName } from './chart-scroll';

/** Every day of 2026 (365), as the report's year chart has them. */
const year = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
const size = { axis: 56, dayWidth: 20, viewport: 800 };

describe('initialDayScroll', () => {
  it("opens a year at the current month's first day when today fits after it", () => {
    // 1 November 2026 is day 304 (0-based): 56 + 304 × 20 - 8 = 6128; today (26th, day 329) ends at 56 + 330 × 20 = 6656 < 6128 + 800.
    expect(initialDayScroll(year, '2026-11-26', size)).toBe(6128);
  });

  it('puts today at the right edge when the month does not fit (a phone)', () => {
    // 375 px: today's right edge 6656 + 24 - 375 = 6305, beyond the month's start 6128.
    expect(initialDayScroll(year, '2026-11-26', { ...size, viewport: 375 })).toBe(6305);
  });

  it('opens at 0 when the period fits or is to come, at its end when it is past', () => {
    expect(initialDayScroll(year.slice(0, 30), '2026-11-26', size)).toBe(0);
    expect(initialDayScroll(year.slice(300), '2026-01-15', size)).toBe(0);
    expect(initialDayScroll(year, '2027-02-01', size)).toBe(56 + 365 * 20 - 800);
    expect(initialDayScroll([], '2026-11-26', size)).toBe(0);
  });

  it('takes the last day before today when today has no point, and never scrolls past the end', () => {
    const withoutToday = year.filter((date) => date !== '2026-11-26');
    expect(initialDayScroll(withoutToday, '2026-11-26', size)).toBe(6128);
    // 31 December: the month's first day (day 334 → 6728) is past the end (7356 - 800 = 6556).
    expect(initialDayScroll(year, '2026-12-31', size)).toBe(6556);
  });
});

describe('keepUnitsTogether', () => {
  it('joins a number and its short unit with a no-break space, and nothing else', () => {
    expect(keepUnitsTogether('Thé vert 250 g')).toBe('Thé vert 250\u00a0g');
    expect(keepUnitsTogether('Eau minérale 1,5 L (pack de 6)')).toBe('Eau minérale 1,5\u00a0L (pack de 6)');
    expect(keepUnitsTogether('Cahier 100 pages')).toBe('Cahier 100\u00a0pages');
    expect(keepUnitsTogether('Câble micro-USB')).toBe('Câble micro-USB');
    expect(keepUnitsTogether('Lot 12 bouteilles')).toBe('Lot 12 bouteilles');
  });
});

describe('shortAxisName', () => {
  it('keeps a short name, cuts a long one after a whole word, and cuts inside a word only when it has no space early enough', () => {
    expect(shortAxisName('Riz parfumé 25 kg')).toBe('Riz parfumé 25 kg');
    expect(shortAxisName('Téléviseur Samsung Crystal UHD 4K 65 pouces avec support mural')).toBe('Téléviseur Samsung Crystal…');
    expect(shortAxisName('Groupe électrogène diesel insonorisé 20 kVA')).toBe('Groupe électrogène diesel…');
    expect(shortAxisName('Anticonstitutionnellementissime et cetera')).toBe('Anticonstitutionnellementiss…');
    // A number and its unit joined by a no-break space stay together or go together.
    expect(shortAxisName(keepUnitsTogether('Huile de palme raffinée Dinor 25 L'))).toBe('Huile de palme raffinée…');
  });
});
