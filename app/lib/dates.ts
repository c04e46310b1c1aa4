import { formatInTimeZone } from "date-fns-tz";
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
 * spring moves forward by the gap, as clocks do. (date-fns-tz's fromZonedTime gets
 * both wrong when the runtime's own zone is UTC, as on Workers.)
 */
export function fromLocalInputValue(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wallClock);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }

  const HOURS_12 = 12 * 60 * 60 * 1000;
  const offsetBefore = workshopOffset(wallClock - HOURS_12);
  const offsetAfter = workshopOffset(wallClock + HOURS_12);
  const matching = [offsetBefore, offsetAfter]
    .map((offset) => wallClock - offset)
    .filter((instant) => wallClock - workshopOffset(instant) === instant)
    .sort((a, b) => a - b);
  // No match: the wall-clock time fell into the spring gap; the offset before it moves it forward.
  return new Date(matching[0] ?? wallClock - offsetBefore);
}

const workshopClock = new Intl.DateTimeFormat("en-US", {
  timeZone: WORKSHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** Milliseconds the workshop's clock is ahead of UTC at an instant. */
function workshopOffset(instant: number): number {
  const parts = Object.fromEntries(
    workshopClock.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]),
  );
  const wallClock = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in workshop time. */
export function workshopDate(instant: Date): string {
  return formatInTimeZone(instant, WORKSHOP_TIME_ZONE, "yyyy-MM-dd");
}

/** A calendar day (`YYYY-MM-DD`) moved by whole days; calendar days have no zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "24.12." for a calendar day (`YYYY-MM-DD`). */
export function formatShortDay(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.`;
}

/** "24.12.2026" for a calendar day (`YYYY-MM-DD`). */
export function formatDay(date: string): string {
  return `${formatShortDay(date)}${date.slice(0, 4)}`;
}

/** The instant a workshop wall-clock time (`HH:mm`, "24:00" meaning the next midnight) happens on a day. */
export function workshopInstant(date: string, time: string): Date {
  if (time === "24:00") return workshopInstant(addDays(date, 1), "00:00");
  // A time inside the spring gap moves forward by the gap, as clocks do.
  return fromLocalInputValue(`${date}T${time}`)!;
}
