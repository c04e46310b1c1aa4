import { describe, expect, it } from "vitest";
import { holidayOn, holidaysBetween, nrwHolidays } from "~/lib/holidays";

// The public holidays of North Rhine-Westphalia as published by the state
// (land.nrw, "Feiertage in NRW"; Feiertagsgesetz NW § 2), for years with early and late Easter.
const PUBLISHED: Record<number, string[]> = {
  2024: ["01-01", "03-29", "04-01", "05-01", "05-09", "05-20", "05-30", "10-03", "11-01", "12-25", "12-26"],
  2025: ["01-01", "04-18", "04-21", "05-01", "05-29", "06-09", "06-19", "10-03", "11-01", "12-25", "12-26"],
  2026: ["01-01", "04-03", "04-06", "05-01", "05-14", "05-25", "06-04", "10-03", "11-01", "12-25", "12-26"],
  2027: ["01-01", "03-26", "03-29", "05-01", "05-06", "05-17", "05-27", "10-03", "11-01", "12-25", "12-26"],
  2038: ["01-01", "04-23", "04-26", "05-01", "06-03", "06-14", "06-24", "10-03", "11-01", "12-25", "12-26"],
};

describe("NRW public holidays", () => {
  it.each(Object.entries(PUBLISHED))("match the published dates of %s", (year, dates) => {
    expect(nrwHolidays(Number(year)).map((holiday) => holiday.date)).toEqual(dates.map((date) => `${year}-${date}`));
  });

  it("name the eleven holidays in German", () => {
    expect(nrwHolidays(2026).map((holiday) => holiday.name)).toEqual([
      "Neujahrstag",
      "Karfreitag",
      "Ostermontag",
      "Tag der Arbeit",
      "Christi Himmelfahrt",
      "Pfingstmontag",
      "Fronleichnam",
      "Tag der Deutschen Einheit",
      "Allerheiligen",
      "1. Weihnachtstag",
      "2. Weihnachtstag",
    ]);
  });

  it("leave out holidays of other states", () => {
    expect(holidayOn("2026-01-06")).toBeNull(); // Heilige Drei Könige (BW, BY, ST)
    expect(holidayOn("2026-10-31")).toBeNull(); // Reformationstag
    expect(holidayOn("2026-11-18")).toBeNull(); // Buß- und Bettag (SN)
    expect(holidayOn("2026-04-05")).toBeNull(); // Ostersonntag is a Sunday anyway, not a listed holiday
  });

  it("find holidays across the turn of the year", () => {
    expect(holidaysBetween("2026-12-20", "2027-01-05").map((holiday) => holiday.date)).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2027-01-01",
    ]);
  });
});
