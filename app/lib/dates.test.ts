import { describe, expect, it } from "vitest";
import { formatAgo, formatDateTime, parseDateTime, toLocalInputValue } from "./dates";

describe("workshop time (Europe/Berlin)", () => {
  it.each([
    ["2026-07-01T12:00", "2026-07-01T10:00:00.000Z"],
    ["2026-01-15T08:05", "2026-01-15T07:05:00.000Z"],
    // Spring: 02:00–02:59 does not exist; clocks jump to 03:30.
    ["2026-03-29T01:59", "2026-03-29T00:59:00.000Z"],
    ["2026-03-29T02:30", "2026-03-29T01:30:00.000Z"],
    ["2026-03-29T03:00", "2026-03-29T01:00:00.000Z"],
    // Autumn: 02:00–02:59 happens twice; the first (summer-time) one is meant.
    ["2026-10-25T01:59", "2026-10-24T23:59:00.000Z"],
    ["2026-10-25T02:30", "2026-10-25T00:30:00.000Z"],
    ["2026-10-25T03:00", "2026-10-25T02:00:00.000Z"],
  ])("reads %s as %s", (input, iso) => {
    expect(parseDateTime(input)?.toISOString()).toBe(iso);
  });

  it("shows instants as Berlin wall-clock time on both sides of a change", () => {
    expect(formatDateTime("2026-10-25T00:30:00.000Z")).toBe("25.10.2026 - 02:30");
    expect(formatDateTime("2026-10-25T01:30:00.000Z")).toBe("25.10.2026 - 02:30");
    expect(formatDateTime("2026-03-29T01:30:00.000Z")).toBe("29.03.2026 - 03:30");
    expect(toLocalInputValue("2026-07-01T10:00:00.000Z")).toBe("2026-07-01T12:00");
  });

  it("refuses values that are not a wall-clock time", () => {
    for (const value of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01T10:00:75", "morgen", "2026-01-01"]) {
      expect(parseDateTime(value)).toBeNull();
    }
  });
});

describe("parseDateTime: ISO 8601 only", () => {
  it.each([
    ["2026-12-24T08:00:00+01:00", "2026-12-24T07:00:00.000Z"],
    ["2026-12-24T08:00:00.5Z", "2026-12-24T08:00:00.500Z"],
    ["2026-12-24T08:00-0530", "2026-12-24T13:30:00.000Z"],
    ["2000-01-01T00:00:00Z", "2000-01-01T00:00:00.000Z"],
    ["2100-12-31T23:59:59Z", "2100-12-31T23:59:59.000Z"],
    ["2028-02-29T12:00", "2028-02-29T11:00:00.000Z"],
  ])("reads %s as %s", (input, iso) => {
    expect(parseDateTime(input)?.toISOString()).toBe(iso);
  });

  it.each(["1999-12-31T23:59:59Z", "2101-01-01T00:00:00Z", "2027-02-29T12:00", "0026-05-01T10:00", "+275760-09-13T00:00:00Z", "2026-05-01T10:00+24:00", "1", "2026-05-01T10:00:00 Z"])(
    "refuses %s",
    (input) => {
      expect(parseDateTime(input)).toBeNull();
    },
  );
});

describe("formatAgo", () => {
  const now = new Date("2026-11-23T15:00:00+01:00");
  it.each([
    ["2026-11-23T14:59:40+01:00", "gerade eben"],
    ["2026-11-23T14:55:00+01:00", "vor 5 Minuten"],
    ["2026-11-23T12:00:00+01:00", "vor 3 Stunden"],
    // Calendar days in Berlin: late yesterday is "gestern", even if less than a day ago.
    ["2026-11-22T23:30:00+01:00", "gestern"],
    ["2026-11-19T09:00:00+01:00", "vor 4 Tagen"],
    ["2026-11-01T09:00:00+01:00", "am 01.11.2026"],
  ])("says %s as %s", (instant, text) => {
    expect(formatAgo(instant, now)).toBe(text);
  });
});
