import { isTimeZone } from '@app/common/dates';
import { describe, expect, it } from 'vitest';
import { FCFA_TIME_ZONES, timeZoneOptions, utcOffset } from './time-zones';

const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

describe('time zone choices', () => {
  it('are the fourteen FCFA countries, each a zone the server accepts', () => {
    expect(FCFA_TIME_ZONES).toHaveLength(14);
    for (const { zone } of FCFA_TIME_ZONES) expect(isTimeZone(zone)).toBe(true);
  });

  it('name the countries in the language, with their offset, in alphabetical order', () => {
    const fr = timeZoneOptions('fr', undefined, JANUARY);
    expect(fr).toContainEqual({ value: 'Africa/Abidjan', label: 'Côte d’Ivoire (UTC+0)' });
    expect(fr).toContainEqual({ value: 'Africa/Douala', label: 'Cameroun (UTC+1)' });
    expect(fr.map((option) => option.label)).toEqual(
      [...fr.map((option) => option.label)].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    const en = timeZoneOptions('en', undefined, JANUARY);
    expect(en).toContainEqual({ value: 'Africa/Douala', label: 'Cameroon (UTC+1)' });
    expect(en[0]?.label).toBe('Benin (UTC+1)');
  });

  it("keep a shop's other zone as a choice, with its offset of the day", () => {
    expect(timeZoneOptions('fr', 'Europe/Paris', JANUARY).at(-1)).toEqual({
      value: 'Europe/Paris',
      label: 'Europe/Paris (UTC+1)',
    });
    expect(timeZoneOptions('fr', 'Europe/Paris', JULY).at(-1)).toEqual({ value: 'Europe/Paris', label: 'Europe/Paris (UTC+2)' });
    expect(timeZoneOptions('fr', 'Africa/Lome', JANUARY)).toHaveLength(14);
  });

  it('write offsets as UTC±h[:mm]', () => {
    expect(utcOffset('Africa/Abidjan', JANUARY)).toBe('UTC+0');
    expect(utcOffset('Africa/Lagos', JANUARY)).toBe('UTC+1');
    expect(utcOffset('Asia/Kolkata', JANUARY)).toBe('UTC+5:30');
    expect(utcOffset('America/Santiago', JULY)).toBe('UTC-4');
  });
});
