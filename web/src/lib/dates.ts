import type { Shop } from '@app/common/contracts/shops';
import { DEFAULT_TIME_ZONE, formatDate, isCalendarDate, type DateFormat, type Instant } from '@app/common/dates';
import type { Language } from '@app/common/languages';
import { useCallback } from 'react';
import { useCurrentShop } from './use-current-shop';
import { useLang } from './use-lang';

export type FormatDate = (value: Instant | null | undefined, format?: DateFormat) => string;

/**
 * The zone dates are shown in: the shop's own (DECISIONS §4), never the browser's. Admins and a
 * user who has not chosen a shop yet see the default zone; so does a session stored before shops
 * carried their zone, until it is refreshed.
 */
export function timeZoneOf(shop: Pick<Shop, 'timeZone'> | null | undefined): string {
  return shop?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** A formatter of the seeds' date formats (`date` unless told) for a language and a shop. */
export function dateFormatter(lang: Language, shop: Pick<Shop, 'timeZone'> | null | undefined): FormatDate {
  const timeZone = timeZoneOf(shop);
  return (value, format) => formatDate(value, { lang, timeZone, format });
}

/** The time zone of the current shop. */
export function useTimeZone(): string {
  return timeZoneOf(useCurrentShop());
}

/** Formats instants in the current shop's zone and the page's language. */
export function useFormatDate(): FormatDate {
  const lang = useLang();
  const timeZone = useTimeZone();
  return useCallback<FormatDate>((value, format) => formatDate(value, { lang, timeZone, format }), [lang, timeZone]);
}

/** A calendar day (`YYYY-MM-DD`) in the seeds' format for the language: it is a day, not an instant. */
export function useFormatDay(): (day: string) => string {
  const lang = useLang();
  return useCallback((day: string) => formatDate(`${day}T12:00:00Z`, { lang, timeZone: 'UTC' }), [lang]);
}

const LONG_DAY: Record<Language, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A calendar day in words (« jeudi 26 novembre 2026 », "Thursday, 26 November 2026"); '' when it is not one. */
export function dayInWords(day: string, lang: Language): string {
  return isCalendarDate(day) ? LONG_DAY[lang].format(new Date(`${day}T12:00:00Z`)) : '';
}
