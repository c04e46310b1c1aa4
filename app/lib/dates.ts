import { formatInTimeZone } from "date-fns-tz";
import { de } from "date-fns/locale/de";

/** The workshop's zone: staff enter and visitors read every date in it, wherever server or browser are. */
export const WORKSHOP_TIME_ZONE = "Europe/Berlin";

export const DATE_TIME_FORMAT = "dd.MM.yyyy - HH:mm";

/** Shown instead of a date no page can format (a row written outside the app). */
const UNREADABLE_DATE = "ungültiges Datum";

/** Formats in workshop time; whatever is stored, a page never fails on it. */
function formatSafely(instant: Date | string, pattern: string, fallback: string): string {
  try {
    return formatInTimeZone(instant, WORKSHOP_TIME_ZONE, pattern, { locale: de });
  } catch {
    return fallback;
  }
}

export function formatDateTime(instant: Date | string): string {
  return formatSafely(instant, DATE_TIME_FORMAT, UNREADABLE_DATE);
}

/** "Dienstag, 14.07.2026, 09:00 Uhr": an appointment, as staff read it. */
export function formatAppointment(instant: Date | string): string {
  return formatSafely(instant, "EEEE, dd.MM.yyyy, HH:mm 'Uhr'", UNREADABLE_DATE);
}

/**
 * "Mi., 2. Dez., 14:00 Uhr": any time the customer reads (status page, e-mails, the answers to
 * their posts): short enough for one line on a phone, the weekday first because that is what a
 * drop-off is planned by. The year is left out; every date a customer sees lies within weeks.
 */
export function formatCustomerTime(instant: Date | string): string {
  return formatSafely(instant, "EEE, d. MMM, HH:mm 'Uhr'", UNREADABLE_DATE);
}

/** "09:00": the time of an instant in workshop time. */
export function formatClock(instant: Date | string): string {
  return formatSafely(instant, "HH:mm", UNREADABLE_DATE);
}

/** "22. Nov. 2026" (news-date.ts, which the news feed loads in the browser without the date library). */
export { formatNewsDate } from "./news-date";

const relativeTime = new Intl.RelativeTimeFormat("de", { numeric: "auto" });
const MINUTE_MS = 60_000;

/**
 * How long ago, as staff say it: "vor 5 Minuten", "vor 3 Stunden", "gestern", "vor 4 Tagen";
 * from two weeks on the day itself ("am 03.02.2026"). Days are calendar days in Berlin.
 */
export function formatAgo(instant: Date | string, now: Date): string {
  const then = new Date(instant);
  const minutes = Math.floor((now.getTime() - then.getTime()) / MINUTE_MS);
  if (Number.isNaN(minutes)) return UNREADABLE_DATE;
  if (minutes < 1) return "gerade eben";
  if (minutes < 60) return relativeTime.format(-minutes, "minute");
  const days = Math.round((Date.parse(workshopDate(now)) - Date.parse(workshopDate(then))) / (24 * 60 * MINUTE_MS));
  if (days === 0) return relativeTime.format(-Math.floor(minutes / 60), "hour");
  if (days < 14) return relativeTime.format(-days, "day");
  return `am ${formatSafely(then, "dd.MM.yyyy", UNREADABLE_DATE)}`;
}

/** The value a `datetime-local` input shows for an instant, in workshop time; empty when there is none. */
export function toLocalInputValue(instant: Date | string): string {
  return formatSafely(instant, "yyyy-MM-dd'T'HH:mm", "");
}

/** The years a date may be in: guards against typos ("0026", "20266") and values no page can show. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** ISO 8601 extended date-time: seconds, fraction and offset optional. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * The one reading of a date-time, for the API and the staff form alike: ISO 8601 with a
 * real calendar date in the years 2000–2100. A time without offset is Europe/Berlin
 * wall-clock time (SPEC §3): the staff form's `datetime-local` value is one. During the
 * autumn change the ambiguous hour resolves to its first (summer-time) occurrence; a time
 * skipped in spring moves forward by the gap, as clocks do. (date-fns-tz's fromZonedTime
 * gets both wrong when the runtime's own zone is UTC, as on Workers.) Null for anything else.
 */
export function parseDateTime(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const milliseconds = Number((match[7] ?? "").padEnd(3, "0").slice(0, 3));
  if (year < MIN_YEAR || year > MAX_YEAR || hour > 23 || minute > 59 || second > 59) return null;
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  const check = new Date(wallClock);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;

  if (match[8]) {
    if (match[8] === "Z") return check;
    const [offsetHours, offsetMinutes] = [Number(match[10]), Number(match[11])];
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offset = (match[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
    return new Date(wallClock - offset);
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

type ClockParts = Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;

/** The workshop's calendar and clock at an instant. */
function workshopClockParts(instant: number): ClockParts {
  const parts = {} as ClockParts;
  for (const { type, value } of workshopClock.formatToParts(new Date(instant))) {
    if (type !== "literal") parts[type as keyof ClockParts] = Number(value);
  }
  return parts;
}

/** Milliseconds the workshop's clock is ahead of UTC at an instant. */
function workshopOffset(instant: number): number {
  const parts = workshopClockParts(instant);
  const wallClock = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in workshop time. */
export function workshopDate(instant: Date): string {
  const { year, month, day } = workshopClockParts(instant.getTime());
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whether a text is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

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

/**
 * Instants already resolved: the open-now status asks for the same few opening times of the
 * coming weeks on every page it renders, and each resolution asks Intl three times.
 */
const resolvedInstants = new Map<string, number>();
const RESOLVED_INSTANTS_KEPT = 1000;

/** The instant a workshop wall-clock time (`HH:mm`, "24:00" meaning the next midnight) happens on a day. */
export function workshopInstant(date: string, time: string): Date {
  if (time === "24:00") return workshopInstant(addDays(date, 1), "00:00");
  const key = `${date}T${time}`;
  let instant = resolvedInstants.get(key);
  if (instant === undefined) {
    if (resolvedInstants.size >= RESOLVED_INSTANTS_KEPT) resolvedInstants.clear();
    // A time inside the spring gap moves forward by the gap, as clocks do.
    instant = parseDateTime(key)!.getTime();
    resolvedInstants.set(key, instant);
  }
  return new Date(instant);
}
