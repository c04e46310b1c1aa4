import { formatInTimeZone } from "date-fns-tz";
import { de } from "date-fns/locale/de";
import { describe, expect, it } from "vitest";
import { formatNewsDate } from "./news-date";

describe("formatNewsDate without the date library", () => {
  it("writes every day of two years as date-fns wrote it ('d. MMM yyyy', German, in Berlin)", () => {
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 7 * 3600_000) {
      const date = new Date(time);
      expect(formatNewsDate(date)).toBe(formatInTimeZone(date, "Europe/Berlin", "d. MMM yyyy", { locale: de }));
    }
  });

  it("says so for a date it cannot read", () => {
    expect(formatNewsDate("kein Datum")).toBe("ungültiges Datum");
  });
});
