/** Shared by the footer, the contact page and the staff form. */
export const WEEKDAYS = [
  { key: "monday", label: "Montag" },
  { key: "tuesday", label: "Dienstag" },
  { key: "wednesday", label: "Mittwoch" },
  { key: "thursday", label: "Donnerstag" },
  { key: "friday", label: "Freitag" },
  { key: "saturday", label: "Samstag" },
  { key: "sunday", label: "Sonntag" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["key"];
export type OpeningHours = Record<Weekday, string>;

const WORKDAY = "08:00 - 12:00Uhr & 13:00 - 17:00Uhr";

/** What visitors see until staff first save opening hours (SPEC §9). */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: "nach Vereinbarung",
  sunday: "Geschlossen",
};

export interface TimeRange {
  /** "08:00" */
  opens: string;
  /** "17:00"; "24:00" for the end of the day */
  closes: string;
}

const RANGE =
  /(\d{1,2})(?:[:.](\d{2}))?\s*(?:uhr)?\s*(?:-|–|—|bis)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:uhr)?/gi;
/** What may stand between ranges ("&", "und", commas) without changing their meaning. */
const SEPARATORS = /^(?:\s|&|\+|,|;|\/|und|sowie)*$/i;
const CLOSED = /^\s*(?:geschlossen|ruhetag)\s*\.?\s*$/i;

function clock(hours: string, minutes: string | undefined): { text: string; minutes: number } | null {
  const h = Number(hours);
  const m = Number(minutes ?? "0");
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return { text: `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`, minutes: h * 60 + m };
}

/**
 * Reads the time ranges staff typed as free text ("08:00 - 12:00Uhr & 13:00 - 17:00Uhr").
 * Only text made of clear ranges counts: anything else ("Geschlossen", "nach Vereinbarung",
 * "10–12 Uhr nur Abholung") yields none, so neither search engines nor the open-now line
 * are ever told a wrong time.
 */
export function parseTimeRanges(text: string): TimeRange[] {
  const ranges: TimeRange[] = [];
  let previousEnd = -1;
  for (const match of text.matchAll(RANGE)) {
    const opens = clock(match[1], match[2]);
    const closes = clock(match[3], match[4]);
    if (!opens || !closes || closes.minutes <= opens.minutes || opens.minutes < previousEnd) return [];
    previousEnd = closes.minutes;
    ranges.push({ opens: opens.text, closes: closes.text });
  }
  return SEPARATORS.test(text.replace(RANGE, "")) ? ranges : [];
}

/** How the site understands a day's text: closed, open at these times, or not readable as times. */
export type DayReading = { kind: "closed" } | { kind: "open"; ranges: TimeRange[] } | { kind: "unknown" };

export function readDayText(text: string): DayReading {
  if (CLOSED.test(text)) return { kind: "closed" };
  const ranges = parseTimeRanges(text);
  return ranges.length > 0 ? { kind: "open", ranges } : { kind: "unknown" };
}

/** "08:00–12:00 und 13:00–17:00 Uhr", with the ranges joined by `separator`. */
const rangesText = (ranges: TimeRange[], separator: string) => `${ranges.map(({ opens, closes }) => `${opens}–${closes}`).join(separator)} Uhr`;

/** Under each weekday field of the staff page: what the site made of it. */
export function describeReading(reading: DayReading): string {
  switch (reading.kind) {
    case "closed":
      return "verstanden als geschlossen";
    case "open":
      return `verstanden als ${rangesText(reading.ranges, " und ")}`;
    case "unknown":
      return "nicht als Uhrzeit erkannt: kein Jetzt-geöffnet an diesem Tag";
  }
}

/**
 * A day as visitors read it (footer and contact page): times the site understood in one tidy
 * form ("08:00–12:00 · 13:00–17:00 Uhr"), anything else as staff typed it.
 */
export function dayForVisitors(text: string): { text: string; times: boolean } {
  const reading = readDayText(text);
  return reading.kind === "open" ? { text: rangesText(reading.ranges, " · "), times: true } : { text, times: false };
}
