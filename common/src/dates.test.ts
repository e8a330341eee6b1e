import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dateRange,
  dayRange,
  DEFAULT_TIME_ZONE,
  formatDate,
  isCalendarDate,
  isTimeZone,
  todayIn,
  type DateFormat,
} from './dates.js';
import type { Language } from './languages.js';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];
const HOUR = 3_600_000;

describe('formatDate', () => {
  it("writes the seeds' formats in French and in English", () => {
    const at = (lang: Language, format?: DateFormat) =>
      formatDate('2026-03-07T09:04:05Z', { lang, timeZone: 'Africa/Abidjan', format });
    expect(at('fr')).toBe('07/03/2026');
    expect(at('en')).toBe('2026/03/07');
    expect(at('fr', 'date')).toBe('07/03/2026');
    expect(at('fr', 'dateTime')).toBe('2026-03-07 à 09:04:05');
    expect(at('en', 'dateTime')).toBe('2026-03-07 09:04:05');
    expect(at('fr', 'paymentDateTime')).toBe('07/03/2026 à 09:04:05');
    expect(at('en', 'paymentDateTime')).toBe('07/03/2026 09:04:05');
    expect(at('fr', 'receptionDate')).toBe('07/03/2026 à 09:04:05');
    expect(at('en', 'receptionDate')).toBe('2026/03/07');
  });

  it('uses a 24-hour clock in both languages', () => {
    expect(formatDate('2026-03-07T14:05:00Z', { lang: 'en', timeZone: 'UTC', format: 'dateTime' })).toBe('2026-03-07 14:05:00');
    expect(formatDate('2026-03-07T00:00:09Z', { lang: 'fr', timeZone: 'UTC', format: 'dateTime' })).toBe('2026-03-07 à 00:00:09');
  });

  it("shows the shop's clock, not the machine's: the same instant is another day in Lagos and Douala", () => {
    const instant = '2025-12-31T23:30:05.000Z';
    const inZone = (timeZone: string) => formatDate(instant, { lang: 'fr', timeZone, format: 'dateTime' });
    expect(inZone('Africa/Abidjan')).toBe('2025-12-31 à 23:30:05');
    expect(inZone('Africa/Lagos')).toBe('2026-01-01 à 00:30:05');
    expect(inZone('Africa/Douala')).toBe('2026-01-01 à 00:30:05');
    expect(formatDate(instant, { lang: 'en', timeZone: 'Africa/Douala' })).toBe('2026/01/01');
  });

  it('follows summer time where the zone has it (Europe/Paris)', () => {
    const paris = (instant: string) => formatDate(instant, { lang: 'fr', timeZone: 'Europe/Paris', format: 'dateTime' });
    expect(paris('2026-01-15T12:00:00Z')).toBe('2026-01-15 à 13:00:00');
    expect(paris('2026-07-15T12:00:00Z')).toBe('2026-07-15 à 14:00:00');
    // The spring change: 01:59:59 UTC+1 is followed by 03:00:00 UTC+2.
    expect(paris('2026-03-29T00:59:59Z')).toBe('2026-03-29 à 01:59:59');
    expect(paris('2026-03-29T01:00:00Z')).toBe('2026-03-29 à 03:00:00');
    // The autumn change: 02:30 happens twice, an hour apart.
    expect(paris('2026-10-25T00:30:00Z')).toBe('2026-10-25 à 02:30:00');
    expect(paris('2026-10-25T01:30:00Z')).toBe('2026-10-25 à 02:30:00');
  });

  it('takes a Date, epoch milliseconds or ISO text', () => {
    const ms = Date.UTC(2026, 4, 1, 8, 0, 0);
    const options = { lang: 'fr', timeZone: 'Africa/Lagos', format: 'dateTime' } as const;
    expect(formatDate(new Date(ms), options)).toBe('2026-05-01 à 09:00:00');
    expect(formatDate(ms, options)).toBe('2026-05-01 à 09:00:00');
    expect(formatDate('2026-05-01T08:00:00+00:00', options)).toBe('2026-05-01 à 09:00:00');
  });

  it('answers nothing for a missing or unreadable value', () => {
    expect(formatDate(null, { lang: 'fr', timeZone: DEFAULT_TIME_ZONE })).toBe('');
    expect(formatDate(undefined, { lang: 'fr', timeZone: DEFAULT_TIME_ZONE })).toBe('');
    expect(formatDate('not a date', { lang: 'fr', timeZone: DEFAULT_TIME_ZONE })).toBe('');
    expect(formatDate(new Date(Number.NaN), { lang: 'en', timeZone: DEFAULT_TIME_ZONE })).toBe('');
  });

  it('falls back to the default zone for a zone it does not know, or none', () => {
    const instant = '2025-12-31T23:30:00Z';
    expect(formatDate(instant, { lang: 'fr', timeZone: 'Mars/Olympus' })).toBe('31/12/2025');
    expect(formatDate(instant, { lang: 'fr', timeZone: null })).toBe('31/12/2025');
    expect(formatDate(instant, { lang: 'fr', timeZone: 'Africa/Lagos' })).toBe('01/01/2026');
  });
});

describe('time zone names', () => {
  it('knows IANA names and spells them as the runtime does', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Africa/Abidjan');
    for (const zone of ['Africa/Abidjan', 'Africa/Lagos', 'Africa/Douala', 'Europe/Paris', 'UTC']) {
      expect(isTimeZone(zone)).toBe(true);
    }
    expect(canonicalTimeZone('africa/lagos')).toBe('Africa/Lagos');
  });

  it('refuses unknown names, offsets and blanks', () => {
    for (const zone of ['', ' ', 'Mars/Olympus', 'Africa/', '+01:00', 'Africa/Lagos\u0000', 'Africa Lagos']) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });
});

describe('todayIn', () => {
  it('is the calendar day of the zone at that instant', () => {
    const instant = '2025-12-31T23:30:00Z';
    expect(todayIn('Africa/Abidjan', instant)).toBe('2025-12-31');
    expect(todayIn('Africa/Lagos', instant)).toBe('2026-01-01');
    expect(todayIn('Africa/Douala', new Date(instant))).toBe('2026-01-01');
    expect(todayIn('Europe/Paris', '2026-07-14T22:30:00Z')).toBe('2026-07-15');
    expect(todayIn('Europe/Paris', '2026-01-14T22:30:00Z')).toBe('2026-01-14');
  });

  it('defaults to now', () => {
    const before = todayIn('UTC', Date.now());
    const today = todayIn('UTC');
    expect([before, todayIn('UTC', Date.now())]).toContain(today);
    expect(isCalendarDate(today)).toBe(true);
  });

  it('refuses an unreadable instant', () => {
    expect(() => todayIn('UTC', 'yesterday')).toThrow(RangeError);
  });
});

describe('calendar dates', () => {
  it('accepts real days written YYYY-MM-DD only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const value of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '05/01/2026', '2026-01-05T00:00', '']) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });
});

describe('dayRange', () => {
  it('is the 24 hours of the day in zones without summer time', () => {
    expect(iso(dayRange('2026-01-05', 'Africa/Abidjan'))).toEqual(['2026-01-05T00:00:00.000Z', '2026-01-06T00:00:00.000Z']);
    expect(iso(dayRange('2026-01-05', 'Africa/Lagos'))).toEqual(['2026-01-04T23:00:00.000Z', '2026-01-05T23:00:00.000Z']);
    expect(iso(dayRange('2026-01-05', 'Africa/Douala'))).toEqual(['2026-01-04T23:00:00.000Z', '2026-01-05T23:00:00.000Z']);
  });

  it('crosses months and years', () => {
    expect(iso(dayRange('2025-12-31', 'Africa/Lagos'))).toEqual(['2025-12-30T23:00:00.000Z', '2025-12-31T23:00:00.000Z']);
    expect(iso(dayRange('2028-02-29', 'Africa/Abidjan'))).toEqual(['2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z']);
  });

  it('has 23 and 25 hours on the days Europe/Paris changes its clocks', () => {
    const spring = dayRange('2026-03-29', 'Europe/Paris');
    expect(iso(spring)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = dayRange('2026-10-25', 'Europe/Paris');
    expect(iso(autumn)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
  });

  it('starts at the first instant that exists when the clock change skips midnight', () => {
    // America/Santiago moves from 00:00 (UTC-4) straight to 01:00 (UTC-3) on 6 September 2026.
    expect(iso(dayRange('2026-09-06', 'America/Santiago'))).toEqual(['2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z']);
  });

  it('holds every instant of the day and none of the next', () => {
    const { start, end } = dayRange('2026-03-29', 'Europe/Paris');
    expect(todayIn('Europe/Paris', start)).toBe('2026-03-29');
    expect(todayIn('Europe/Paris', end.getTime() - 1)).toBe('2026-03-29');
    expect(todayIn('Europe/Paris', end)).toBe('2026-03-30');
    expect(todayIn('Europe/Paris', start.getTime() - 1)).toBe('2026-03-28');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => dayRange('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => dayRange('today', 'UTC')).toThrow(RangeError);
  });
});

describe('dateRange', () => {
  it('runs from the start of the first day to the start of the day after the last', () => {
    expect(iso(dateRange('2026-01-01', '2026-01-31', 'Africa/Abidjan'))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
    expect(iso(dateRange('2026-01-01', '2026-01-31', 'Africa/Douala'))).toEqual([
      '2025-12-31T23:00:00.000Z',
      '2026-01-31T23:00:00.000Z',
    ]);
  });

  it('is one day when both ends are the same day', () => {
    expect(dateRange('2026-06-10', '2026-06-10', 'Africa/Lagos')).toEqual(dayRange('2026-06-10', 'Africa/Lagos'));
  });

  it('keeps local midnights across a clock change (Europe/Paris, March to April)', () => {
    expect(iso(dateRange('2026-03-01', '2026-03-31', 'Europe/Paris'))).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
  });

  it('refuses a period that ends before it starts, or malformed days', () => {
    expect(() => dateRange('2026-02-02', '2026-02-01', 'UTC')).toThrow(RangeError);
    expect(() => dateRange('2026-02-01', '2026-02-31', 'UTC')).toThrow(RangeError);
    expect(() => dateRange('01/02/2026', '2026-02-03', 'UTC')).toThrow(RangeError);
  });
});
