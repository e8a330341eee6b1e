import { TZDateMini } from '@date-fns/tz';
import type { Language } from './languages.js';

/**
 * Dates in a shop's time zone (DECISIONS §4), for the server, the web and the PDFs alike.
 *
 * `@date-fns/tz` (TZDateMini, about 1.3 KB) turns a wall-clock time of a zone into an instant,
 * which `Intl` alone does not do: midnight of a day in a zone with summer time, or a midnight
 * that a clock change skips (America/Santiago), needs the offset of that very moment.
 */

/** A shop's zone unless it chose another (Côte d'Ivoire: UTC+0 all year, no summer time). */
export const DEFAULT_TIME_ZONE = 'Africa/Abidjan';

/** An instant as the API carries it (ISO text with an offset), a Date, or epoch milliseconds. */
export type Instant = Date | string | number;

/** A calendar day, `YYYY-MM-DD`, with no time and no zone. */
export type CalendarDate = string;

/** Half-open `[start, end)`: query `created_at >= start and created_at < end`. */
export type InstantRange = { start: Date; end: Date };

/**
 * The seeds' formats by name. Tokens: `YYYY`, `MM`, `DD`, `HH` (00 to 23), `mm`, `ss`.
 * Seed 001 writes the English time `hh`; a 12-hour clock without AM/PM would show 14:05 and
 * 02:05 alike, so both languages use the 24-hour clock. The payments list's `à` is French: the
 * English list leaves it out.
 */
export const DATE_FORMATS = {
  /** Seed 000 §9: a date. */
  date: { fr: 'DD/MM/YYYY', en: 'YYYY/MM/DD' },
  /** Seed 001 §9: a date and time. */
  dateTime: { fr: 'YYYY-MM-DD à HH:mm:ss', en: 'YYYY-MM-DD HH:mm:ss' },
  /** Seed 001 §9: the date of a payment in the payments list. */
  paymentDateTime: { fr: 'DD/MM/YYYY à HH:mm:ss', en: 'DD/MM/YYYY HH:mm:ss' },
  /** Seed 001 §9: the date of a reception, year/month/day in English. */
  receptionDate: { fr: 'DD/MM/YYYY à HH:mm:ss', en: 'YYYY/MM/DD' },
} as const satisfies Record<string, Record<Language, string>>;
export type DateFormat = keyof typeof DATE_FORMATS;

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const canonicalZones = new Map<string, string | null>();

/**
 * The IANA zone name as this runtime spells it (`africa/lagos` gives `Africa/Lagos`), or null for
 * a name it does not know. Offsets such as `+01:00` are not zone names.
 */
export function canonicalTimeZone(value: string): string | null {
  let canonical = canonicalZones.get(value);
  if (canonical === undefined) {
    try {
      canonical = ZONE_NAME.test(value) ? new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone : null;
    } catch {
      canonical = null;
    }
    // Names come from user input too: the cache stays small (there are about 600 zones).
    if (canonicalZones.size < 1000) canonicalZones.set(value, canonical);
  }
  return canonical;
}

/** True for an IANA zone name this runtime knows (`Africa/Douala`, `Europe/Paris`, `UTC`). */
export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/**
 * The zone to compute in. Shop zones are checked when saved; a name this runtime does not know
 * (an older browser's zone data) falls back to the default rather than blanking every date.
 */
function zoneOrDefault(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

function epochMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall clock of a zone at an instant. */
function wallClock(ms: number, timeZone: string) {
  const local = new TZDateMini(ms, timeZone);
  return {
    YYYY: pad(local.getFullYear(), 4),
    MM: pad(local.getMonth() + 1),
    DD: pad(local.getDate()),
    HH: pad(local.getHours()),
    mm: pad(local.getMinutes()),
    ss: pad(local.getSeconds()),
  };
}

/**
 * An instant as the shop's clock shows it, in one of the seeds' formats (`date` unless told).
 * Nothing (empty text) for a missing or unreadable value.
 */
export function formatDate(
  value: Instant | null | undefined,
  options: { lang: Language; timeZone: string | null | undefined; format?: DateFormat },
): string {
  if (value === null || value === undefined) return '';
  const ms = epochMs(value);
  if (Number.isNaN(ms)) return '';
  const parts = wallClock(ms, zoneOrDefault(options.timeZone));
  const pattern = DATE_FORMATS[options.format ?? 'date'][options.lang];
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token as keyof typeof parts]);
}

/** The calendar day it is in a zone at an instant (now unless told): the dashboard's "today". */
export function todayIn(timeZone: string | null | undefined, now: Instant = Date.now()): CalendarDate {
  const ms = epochMs(now);
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(now)}`);
  const { YYYY, MM, DD } = wallClock(ms, zoneOrDefault(timeZone));
  return `${YYYY}-${MM}-${DD}`;
}

/** Year, month (1 to 12) and day of a real calendar day written `YYYY-MM-DD`, or null. */
function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0 to 99 to 1900 to 1999; such days are refused with the rest.
  const real = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== null;
}

function calendarDateOrThrow(value: CalendarDate) {
  const parsed = parseCalendarDate(value);
  if (!parsed) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${value}`);
  return parsed;
}

/**
 * The first instant of a day, `offsetDays` after the given one, in a zone: its midnight, or the
 * first moment that exists when a clock change skips midnight.
 */
function startOfDay(day: CalendarDate, timeZone: string, offsetDays = 0): Date {
  const { year, month, day: date } = calendarDateOrThrow(day);
  return new Date(new TZDateMini(year, month - 1, date + offsetDays, timeZone).getTime());
}

/** The instants of one calendar day in a zone, `[its start, the next day's start)` (23 to 25 hours where clocks change). */
export function dayRange(day: CalendarDate, timeZone: string | null | undefined): InstantRange {
  return dateRange(day, day, timeZone);
}

/**
 * The instants of the days `startDate` to `endDate`, both included, in a zone: from the start of
 * `startDate` to the start of the day after `endDate`. An end before the start is refused.
 */
export function dateRange(startDate: CalendarDate, endDate: CalendarDate, timeZone: string | null | undefined): InstantRange {
  const zone = zoneOrDefault(timeZone);
  calendarDateOrThrow(startDate);
  calendarDateOrThrow(endDate);
  // YYYY-MM-DD compares as text in calendar order.
  if (endDate < startDate) throw new RangeError(`the period ends (${endDate}) before it starts (${startDate})`);
  return { start: startOfDay(startDate, zone), end: startOfDay(endDate, zone, 1) };
}
