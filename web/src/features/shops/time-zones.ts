import type { Language } from '@app/common/languages';

/**
 * The zones of the FCFA countries, the shops' usual choice: UEMOA (XOF) and CEMAC (XAF). All
 * keep one offset all year (UTC+0 in the west, UTC+1 from Benin, Niger and Cameroon east).
 */
export const FCFA_TIME_ZONES = [
  { country: 'BJ', zone: 'Africa/Porto-Novo' },
  { country: 'BF', zone: 'Africa/Ouagadougou' },
  { country: 'CI', zone: 'Africa/Abidjan' },
  { country: 'GW', zone: 'Africa/Bissau' },
  { country: 'ML', zone: 'Africa/Bamako' },
  { country: 'NE', zone: 'Africa/Niamey' },
  { country: 'SN', zone: 'Africa/Dakar' },
  { country: 'TG', zone: 'Africa/Lome' },
  { country: 'CM', zone: 'Africa/Douala' },
  { country: 'CF', zone: 'Africa/Bangui' },
  { country: 'TD', zone: 'Africa/Ndjamena' },
  { country: 'CG', zone: 'Africa/Brazzaville' },
  { country: 'GQ', zone: 'Africa/Malabo' },
  { country: 'GA', zone: 'Africa/Libreville' },
] as const;

export type TimeZoneOption = { value: string; label: string };

/** `UTC+1`, `UTC+0`, `UTC+5:30`: the zone's offset at that instant. */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return (name ?? 'GMT').replace(/^GMT$/, 'GMT+0').replace(/^GMT/, 'UTC');
}

/**
 * The shop dialog's choices: each FCFA country by its name in the language, with its offset, in
 * alphabetical order; a shop whose zone is another (set through the API) keeps it as a choice.
 */
export function timeZoneOptions(lang: Language, current?: string, at: Date = new Date()): TimeZoneOption[] {
  const countries = new Intl.DisplayNames([lang], { type: 'region' });
  const options: TimeZoneOption[] = FCFA_TIME_ZONES.map(({ country, zone }) => ({
    value: zone,
    label: `${countries.of(country) ?? country} (${utcOffset(zone, at)})`,
  })).sort((a, b) => a.label.localeCompare(b.label, lang));
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: `${current} (${utcOffset(current, at)})` });
  }
  return options;
}
