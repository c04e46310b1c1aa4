import { addDays, formatShortDay, WORKSHOP_TIME_ZONE, workshopDate, workshopInstant } from "~/lib/dates";
import { holidayOn } from "~/lib/holidays";
import { type DayReading, dayForVisitors, type OpeningHours, readDayText, WEEKDAYS } from "~/lib/opening-hours";

/**
 * "Jetzt geöffnet" / "Jetzt geschlossen" as a pure function of the week's texts, the
 * special entries, the NRW holidays and an instant, so a cached page can be rendered for
 * any moment and expire exactly when its status line would change (`nextStatusChange`).
 */

export interface SpecialDay {
  title: string;
  hours: string;
  /** `YYYY-MM-DD`, both ends included */
  fromDate: string;
  toDate: string;
}

export interface Schedule {
  week: OpeningHours;
  special: SpecialDay[];
}

/** One calendar day: how it reads, and the special entry or holiday that decides it, if any. */
export interface DayPlan {
  date: string;
  /** The day's text as staff wrote it (the week's or the special entry's); "" on a holiday. */
  text: string;
  reading: DayReading;
  reason: string | null;
}

const weekdayIndex = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
export const weekdayLabel = (date: string) => WEEKDAYS[weekdayIndex(date)].label;

/**
 * A special entry wins over a holiday, a holiday over the week (closed). Of overlapping
 * entries the one starting last (the inventory day within the holidays) decides.
 */
export function dayPlan(schedule: Schedule, date: string): DayPlan {
  const special = schedule.special
    .filter((entry) => entry.fromDate <= date && date <= entry.toDate)
    .reduce<SpecialDay | undefined>((latest, entry) => (!latest || entry.fromDate >= latest.fromDate ? entry : latest), undefined);
  if (special) return { date, text: special.hours, reading: readDayText(special.hours), reason: special.title };
  const holiday = holidayOn(date);
  if (holiday) return { date, text: "", reading: { kind: "closed" }, reason: holiday.name };
  const text = schedule.week[WEEKDAYS[weekdayIndex(date)].key];
  return { date, text, reading: readDayText(text), reason: null };
}

export interface OpenStatus {
  open: boolean;
  text: string;
}

/** How far ahead the next opening is looked for; beyond, "Jetzt geschlossen" says all that is known. */
const LOOKAHEAD_DAYS = 21;

interface Interval {
  opens: Date;
  closes: Date;
}

function intervals(plan: DayPlan): Interval[] {
  if (plan.reading.kind !== "open") return [];
  return plan.reading.ranges.map(({ opens, closes }) => ({
    opens: workshopInstant(plan.date, opens),
    closes: workshopInstant(plan.date, closes),
  }));
}

// One formatter for every call: making one costs far more than formatting with it.
const workshopClockText = new Intl.DateTimeFormat("de-DE", {
  timeZone: WORKSHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const clockText = (instant: Date) => workshopClockText.format(instant);

/**
 * The status line at `now`, or null when today cannot be read as times (then none is
 * shown: never a wrong one). Texts name no relative day ("morgen"), so a line stays true
 * until `nextStatusChange`.
 */
export function openStatus(schedule: Schedule, now: Date): OpenStatus | null {
  const today = dayPlan(schedule, workshopDate(now));
  if (today.reading.kind === "unknown") return null;
  const reason = today.reason ? ` (${today.reason})` : "";

  // Ranges that touch (12:00–13:00, 13:00–17:00) are one opening.
  const todays = intervals(today);
  const current = todays.find(({ opens, closes }) => opens <= now && now < closes);
  if (current) {
    let closes = current.closes;
    for (const next of todays) if (next.opens.getTime() === closes.getTime()) closes = next.closes;
    return { open: true, text: `Jetzt geöffnet${reason} · bis ${clockText(closes)} Uhr` };
  }

  const closed = `Jetzt geschlossen${reason}`;
  const later = todays.find(({ opens }) => opens > now);
  if (later) return { open: false, text: `${closed} · öffnet um ${clockText(later.opens)} Uhr` };
  for (let offset = 1; offset <= LOOKAHEAD_DAYS; offset++) {
    const plan = dayPlan(schedule, addDays(today.date, offset));
    // A day by appointment in between: when the workshop next opens is not known.
    if (plan.reading.kind === "unknown") break;
    const [first] = intervals(plan);
    if (!first) continue;
    const day = offset < 7 ? weekdayLabel(plan.date) : `am ${formatShortDay(plan.date)}`;
    return { open: false, text: `${closed} · öffnet ${day} um ${clockText(first.opens)} Uhr` };
  }
  return { open: false, text: closed };
}

/**
 * Today as staff glance at it on their start page: "Heute geöffnet bis 17:00 Uhr" (from the
 * first opening "08:00–17:00 Uhr", after the last one "… – jetzt geschlossen"), "Heute
 * geschlossen (Neujahr)", or the day's own text when it names no times ("Heute: nach Vereinbarung").
 */
export function todayLine(schedule: Schedule, now: Date): string {
  const today = dayPlan(schedule, workshopDate(now));
  const reason = today.reason ? ` (${today.reason})` : "";
  if (today.reading.kind === "closed") return `Heute geschlossen${reason}`;
  const todays = intervals(today);
  if (todays.length === 0) return `Heute: ${today.text}${reason}`;
  const opens = todays[0].opens;
  const closes = todays[todays.length - 1].closes;
  if (now < opens) return `Heute geöffnet ${clockText(opens)}–${clockText(closes)} Uhr${reason}`;
  const line = `Heute geöffnet bis ${clockText(closes)} Uhr${reason}`;
  return now < closes ? line : `${line} – jetzt geschlossen`;
}

/**
 * The first instant after `now` at which `openStatus` says something else, or null when
 * it stays the same for the whole look-ahead. The line can only change at an opening or
 * closing time or at midnight (new day, new special entry or holiday), so those are the
 * candidates.
 */
export function nextStatusChange(schedule: Schedule, now: Date): Date | null {
  const current = openStatus(schedule, now)?.text ?? null;
  const today = workshopDate(now);
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset++) {
    const date = addDays(today, offset);
    const candidates = [
      ...intervals(dayPlan(schedule, date)).flatMap(({ opens, closes }) => [opens, closes]),
      workshopInstant(date, "24:00"),
    ]
      .filter((instant) => instant > now)
      .sort((a, b) => a.getTime() - b.getTime());
    for (const candidate of candidates) {
      if ((openStatus(schedule, candidate)?.text ?? null) !== current) return candidate;
    }
  }
  return null;
}

/** Special entries that touch the next `days` days, for the footer ("24.12.–02.01. Betriebsferien: Geschlossen"). */
export function upcomingSpecialDays(schedule: Schedule, now: Date, days: number): string[] {
  const from = workshopDate(now);
  const to = addDays(from, days - 1);
  return schedule.special
    .filter((entry) => entry.toDate >= from && entry.fromDate <= to)
    .map(({ title, hours, fromDate, toDate }) => {
      const span = fromDate === toDate ? formatShortDay(fromDate) : `${formatShortDay(fromDate)}–${formatShortDay(toDate)}`;
      return `${span} ${title}: ${hours}`;
    });
}

/**
 * The next `count` days from `now`'s, each as visitors read it ("Dienstag, 14.07.: 08:00–12:00 ·
 * 13:00–17:00 Uhr", "Samstag, 18.07.: nach Vereinbarung", "Donnerstag, 25.12.: geschlossen
 * (1. Weihnachtstag)"): when a finished car can be picked up.
 */
export function daysAhead(schedule: Schedule, now: Date, count: number): { date: string; day: string; hours: string }[] {
  const today = workshopDate(now);
  return Array.from({ length: count }, (_, offset) => {
    const plan = dayPlan(schedule, addDays(today, offset));
    const day = `${weekdayLabel(plan.date)}, ${formatShortDay(plan.date)}`;
    if (plan.reading.kind === "closed") return { date: plan.date, day, hours: `geschlossen${plan.reason ? ` (${plan.reason})` : ""}` };
    return { date: plan.date, day, hours: dayForVisitors(plan.text).text };
  });
}
