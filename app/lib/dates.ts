import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { de } from "date-fns/locale/de";

/** The workshop's zone: staff enter and visitors read every date in it, wherever server or browser are. */
export const WORKSHOP_TIME_ZONE = "Europe/Berlin";

export const DATE_TIME_FORMAT = "dd.MM.yyyy - HH:mm";

export function formatDateTime(instant: Date | string): string {
  return formatInTimeZone(instant, WORKSHOP_TIME_ZONE, DATE_TIME_FORMAT, { locale: de });
}

/** "22. Nov. 2026": year, short month and day, as the news feed shows them. */
export function formatNewsDate(instant: Date | string): string {
  return formatInTimeZone(instant, WORKSHOP_TIME_ZONE, "d. MMM yyyy", { locale: de });
}

/** The value a `datetime-local` input shows for an instant, in workshop time. */
export function toLocalInputValue(instant: Date | string): string {
  return formatInTimeZone(instant, WORKSHOP_TIME_ZONE, "yyyy-MM-dd'T'HH:mm");
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Reads a `datetime-local` value as workshop time. During the autumn change the
 * ambiguous hour resolves to its first (summer-time) occurrence; a time skipped in
 * spring moves forward by the gap, as clocks do.
 */
export function fromLocalInputValue(value: string): Date | null {
  if (!LOCAL_INPUT.test(value)) return null;
  const instant = fromZonedTime(value, WORKSHOP_TIME_ZONE);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
