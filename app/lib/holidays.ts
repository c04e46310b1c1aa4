import { getHolidays } from "feiertagejs";

/** The workshop is in Cologne: the public holidays of North Rhine-Westphalia count as closed. */
const REGION = "NW";

export interface Holiday {
  /** `YYYY-MM-DD` */
  date: string;
  /** German name, e.g. "Ostermontag" */
  name: string;
}

const byYear = new Map<number, Holiday[]>();

/** The NRW public holidays of a year, in date order (computed by feiertagejs, Easter-based ones included). */
export function nrwHolidays(year: number): Holiday[] {
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = getHolidays(year, REGION)
      .map((holiday) => ({ date: holiday.dateString, name: holiday.translate("de") ?? holiday.name }))
      .sort((a, b) => a.date.localeCompare(b.date));
    byYear.set(year, holidays);
  }
  return holidays;
}

/** The holiday on a calendar day (`YYYY-MM-DD`), or null. */
export function holidayOn(date: string): Holiday | null {
  return nrwHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date) ?? null;
}

/** Holidays from `from` to `to` (`YYYY-MM-DD`, both included). */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const years = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(year);
  return years.flatMap(nrwHolidays).filter(({ date }) => date >= from && date <= to);
}
