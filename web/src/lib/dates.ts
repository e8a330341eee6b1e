import type { Shop } from '@app/common/contracts/shops';
import { DEFAULT_TIME_ZONE, formatDate, type DateFormat, type Instant } from '@app/common/dates';
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
