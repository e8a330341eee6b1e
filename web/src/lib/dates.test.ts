import { describe, expect, it } from 'vitest';
import { dateFormatter, dayInWords, timeZoneOf } from './dates';

describe('dateFormatter', () => {
  it('uses the seed formats', () => {
    // Noon in Abidjan, the default zone (UTC+0 all year).
    const date = new Date(Date.UTC(2026, 0, 5, 12));
    expect(dateFormatter('fr', null)(date)).toBe('05/01/2026');
    expect(dateFormatter('en', null)(date)).toBe('2026/01/05');
    expect(dateFormatter('fr', null)(date, 'dateTime')).toBe('2026-01-05 à 12:00:00');
  });

  it("shows the shop's clock, whatever the browser's zone", () => {
    const lateEvening = new Date(Date.UTC(2026, 0, 5, 23, 30));
    expect(dateFormatter('fr', { timeZone: 'Africa/Abidjan' })(lateEvening)).toBe('05/01/2026');
    expect(dateFormatter('fr', { timeZone: 'Africa/Douala' })(lateEvening)).toBe('06/01/2026');
    expect(dateFormatter('en', { timeZone: 'Africa/Lagos' })(lateEvening, 'paymentDateTime')).toBe('06/01/2026 00:30:00');
  });

  it('answers nothing for an invalid date', () => {
    expect(dateFormatter('fr', null)('not a date')).toBe('');
  });
});

describe('timeZoneOf', () => {
  it("is the shop's zone, else the default", () => {
    expect(timeZoneOf({ timeZone: 'Africa/Lagos' })).toBe('Africa/Lagos');
    expect(timeZoneOf(null)).toBe('Africa/Abidjan');
    // A session stored before shops carried their zone.
    expect(timeZoneOf({} as { timeZone: string })).toBe('Africa/Abidjan');
  });
});

describe('dayInWords', () => {
  it('says the day with its weekday and month in words, in the language of the page', () => {
    expect(dayInWords('2026-11-04', 'fr')).toBe('mercredi 4 novembre 2026');
    expect(dayInWords('2026-11-04', 'en')).toBe('Wednesday, 4 November 2026');
  });

  it('says nothing of what is not a day (a field being typed, emptied)', () => {
    expect(dayInWords('', 'fr')).toBe('');
    expect(dayInWords('2026-02-30', 'en')).toBe('');
  });
});
