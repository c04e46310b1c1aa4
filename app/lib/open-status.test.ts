import { describe, expect, it } from "vitest";
import { nextStatusChange, openStatus, type Schedule, todayLine, upcomingSpecialDays } from "~/lib/open-status";
import { dayForVisitors, DEFAULT_OPENING_HOURS, describeReading, readDayText } from "~/lib/opening-hours";

/** An instant given as Berlin wall-clock time with its offset, so each case says what the workshop's clock shows. */
const at = (iso: string) => new Date(iso);

const week: Schedule = {
  week: {
    ...DEFAULT_OPENING_HOURS,
    saturday: "09:00 - 12:00 Uhr",
    sunday: "Geschlossen",
  },
  special: [],
};
const status = (schedule: Schedule, iso: string) => openStatus(schedule, at(iso))?.text ?? null;

describe("openStatus across the week", () => {
  it("is open inside a range and names when it closes", () => {
    // Monday 23 Nov 2026
    expect(status(week, "2026-11-23T08:00:00+01:00")).toBe("Jetzt geöffnet · bis 12:00 Uhr");
    expect(status(week, "2026-11-23T16:59:00+01:00")).toBe("Jetzt geöffnet · bis 17:00 Uhr");
  });

  it("is closed at the lunch break and before opening, naming the time", () => {
    expect(status(week, "2026-11-23T12:00:00+01:00")).toBe("Jetzt geschlossen · öffnet um 13:00 Uhr");
    expect(status(week, "2026-11-23T07:59:00+01:00")).toBe("Jetzt geschlossen · öffnet um 08:00 Uhr");
  });

  it("names the next day after closing time, across midnight and the weekend", () => {
    expect(status(week, "2026-11-23T17:00:00+01:00")).toBe("Jetzt geschlossen · öffnet Dienstag um 08:00 Uhr");
    expect(status(week, "2026-11-23T23:59:00+01:00")).toBe("Jetzt geschlossen · öffnet Dienstag um 08:00 Uhr");
    expect(status(week, "2026-11-24T00:00:00+01:00")).toBe("Jetzt geschlossen · öffnet um 08:00 Uhr");
    expect(status(week, "2026-11-28T12:30:00+01:00")).toBe("Jetzt geschlossen · öffnet Montag um 08:00 Uhr");
    expect(status(week, "2026-11-29T10:00:00+01:00")).toBe("Jetzt geschlossen · öffnet Montag um 08:00 Uhr");
  });

  it("shows no status on a day that cannot be read as times, and names no opening past one", () => {
    const byAppointment = { ...week, week: { ...week.week, saturday: "nach Vereinbarung" } };
    expect(status(byAppointment, "2026-11-28T10:00:00+01:00")).toBeNull();
    // Friday evening: closed is certain, but Saturday is by appointment, so no "öffnet Montag".
    expect(status(byAppointment, "2026-11-27T18:00:00+01:00")).toBe("Jetzt geschlossen");
  });
});

describe("openStatus with special entries and holidays", () => {
  it("names a holiday as the reason and skips it when looking for the next opening", () => {
    // Christmas 2026: Friday 25 and Saturday 26 are holidays.
    expect(status(week, "2026-12-25T10:00:00+01:00")).toBe("Jetzt geschlossen (1. Weihnachtstag) · öffnet Montag um 08:00 Uhr");
    expect(status(week, "2026-12-24T17:30:00+01:00")).toBe("Jetzt geschlossen · öffnet Montag um 08:00 Uhr");
  });

  it("lets a special entry decide over the week and over a holiday", () => {
    const schedule: Schedule = {
      ...week,
      special: [
        { title: "Betriebsferien", hours: "Geschlossen", fromDate: "2026-12-21", toDate: "2027-01-03" },
        { title: "Inventur", hours: "10:00 - 14:00 Uhr", fromDate: "2026-12-30", toDate: "2026-12-30" },
        { title: "Tag der offenen Tür", hours: "10:00 - 16:00 Uhr", fromDate: "2026-10-03", toDate: "2026-10-03" },
      ],
    };
    expect(status(schedule, "2026-12-22T09:00:00+01:00")).toBe("Jetzt geschlossen (Betriebsferien) · öffnet am 30.12. um 10:00 Uhr");
    expect(status(schedule, "2026-12-27T09:00:00+01:00")).toBe("Jetzt geschlossen (Betriebsferien) · öffnet Mittwoch um 10:00 Uhr");
    expect(status(schedule, "2026-12-30T11:00:00+01:00")).toBe("Jetzt geöffnet (Inventur) · bis 14:00 Uhr");
    expect(status(schedule, "2026-12-30T15:00:00+01:00")).toBe("Jetzt geschlossen (Inventur) · öffnet Montag um 08:00 Uhr");
    // Tag der Deutschen Einheit, but the workshop opens for the event.
    expect(status(schedule, "2026-10-03T12:00:00+02:00")).toBe("Jetzt geöffnet (Tag der offenen Tür) · bis 16:00 Uhr");
  });
});

describe("openStatus and nextStatusChange around daylight saving time", () => {
  // 29 Mar 2026: clocks jump from 02:00 to 03:00. 25 Oct 2026: from 03:00 back to 02:00.
  const nightShift: Schedule = { week: { ...week.week, sunday: "01:00 - 04:00 Uhr" }, special: [] };

  it("reads Berlin time on both sides of the spring change", () => {
    expect(status(nightShift, "2026-03-29T00:59:00Z")).toBe("Jetzt geöffnet · bis 04:00 Uhr"); // 01:59 CET
    expect(status(nightShift, "2026-03-29T01:00:00Z")).toBe("Jetzt geöffnet · bis 04:00 Uhr"); // 03:00 CEST
    // 04:00 CEST is 02:00 UTC: three hours of wall clock, two of real time.
    expect(nextStatusChange(nightShift, at("2026-03-29T00:30:00Z"))).toEqual(at("2026-03-29T02:00:00Z"));
  });

  it("reads Berlin time on both sides of the autumn change", () => {
    expect(status(nightShift, "2026-10-25T00:30:00Z")).toBe("Jetzt geöffnet · bis 04:00 Uhr"); // 02:30 CEST
    expect(status(nightShift, "2026-10-25T01:30:00Z")).toBe("Jetzt geöffnet · bis 04:00 Uhr"); // 02:30 CET
    // 04:00 CET is 03:00 UTC: four hours of real time.
    expect(nextStatusChange(nightShift, at("2026-10-24T23:30:00Z"))).toEqual(at("2026-10-25T03:00:00Z"));
    expect(status(week, "2026-10-26T07:00:00Z")).toBe("Jetzt geöffnet · bis 12:00 Uhr"); // Monday 08:00 CET
  });
});

describe("nextStatusChange", () => {
  it("is the next opening or closing, skipping a lunch break that is no change", () => {
    const touching: Schedule = { week: { ...week.week, monday: "08:00 - 12:00 & 12:00 - 17:00 Uhr" }, special: [] };
    expect(status(touching, "2026-11-23T09:00:00+01:00")).toBe("Jetzt geöffnet · bis 17:00 Uhr");
    expect(nextStatusChange(touching, at("2026-11-23T09:00:00+01:00"))).toEqual(at("2026-11-23T17:00:00+01:00"));
    expect(nextStatusChange(week, at("2026-11-23T12:30:00+01:00"))).toEqual(at("2026-11-23T13:00:00+01:00"));
  });

  it("is midnight when only the reason in the line changes", () => {
    // 1 Nov 2026 is a Sunday and Allerheiligen; at midnight the reason goes, "öffnet Montag" becomes "öffnet um".
    expect(nextStatusChange(week, at("2026-11-01T10:00:00+01:00"))).toEqual(at("2026-11-02T00:00:00+01:00"));
    expect(status(week, "2026-11-01T10:00:00+01:00")).toBe("Jetzt geschlossen (Allerheiligen) · öffnet Montag um 08:00 Uhr");
  });

  it("always lands where openStatus really says something else", () => {
    let now = at("2026-12-20T10:00:00+01:00");
    for (let step = 0; step < 30; step++) {
      const next = nextStatusChange(week, now);
      if (!next) break;
      expect(status(week, new Date(next.getTime() - 1).toISOString())).toBe(status(week, now.toISOString()));
      expect(status(week, next.toISOString())).not.toBe(status(week, now.toISOString()));
      now = next;
    }
  });
});

describe("upcomingSpecialDays", () => {
  it("lists the entries of the next days for the footer", () => {
    const schedule: Schedule = {
      ...week,
      special: [
        { title: "Betriebsferien", hours: "Geschlossen", fromDate: "2026-12-24", toDate: "2027-01-02" },
        { title: "Inventur", hours: "10:00 - 14:00Uhr", fromDate: "2027-01-20", toDate: "2027-01-20" },
      ],
    };
    expect(upcomingSpecialDays(schedule, at("2026-12-12T10:00:00+01:00"), 14)).toEqual(["24.12.–02.01. Betriebsferien: Geschlossen"]);
    expect(upcomingSpecialDays(schedule, at("2027-01-10T10:00:00+01:00"), 14)).toEqual(["20.01. Inventur: 10:00 - 14:00Uhr"]);
  });
});

describe("describeReading", () => {
  it("tells staff how the site understood a weekday", () => {
    const understood = (text: string) => describeReading(readDayText(text));
    expect(understood("08:00 - 12:00Uhr & 13:00 - 17:00Uhr")).toBe("verstanden als 08:00–12:00 und 13:00–17:00 Uhr");
    expect(understood("8-16 Uhr")).toBe("verstanden als 08:00–16:00 Uhr");
    expect(understood("Geschlossen")).toBe("verstanden als geschlossen");
    expect(understood("nach Vereinbarung")).toBe("nicht als Uhrzeit erkannt: kein Jetzt-geöffnet an diesem Tag");
    expect(understood("10-12 Uhr, sonst nach Vereinbarung")).toBe("nicht als Uhrzeit erkannt: kein Jetzt-geöffnet an diesem Tag");
  });
});

describe("dayForVisitors", () => {
  it("shows understood times in one tidy form and anything else as typed", () => {
    expect(dayForVisitors("08:00 - 12:00Uhr & 13:00 - 17:00Uhr")).toEqual({ text: "08:00–12:00 · 13:00–17:00 Uhr", times: true });
    expect(dayForVisitors("8-16 Uhr")).toEqual({ text: "08:00–16:00 Uhr", times: true });
    expect(dayForVisitors("Geschlossen")).toEqual({ text: "Geschlossen", times: false });
    expect(dayForVisitors("10-12 Uhr, sonst nach Vereinbarung")).toEqual({ text: "10-12 Uhr, sonst nach Vereinbarung", times: false });
  });
});

describe("todayLine on the staff start page", () => {
  it("names the day's hours before opening, the closing time while open, and says when it has closed", () => {
    expect(todayLine(week, at("2026-11-23T07:00:00+01:00"))).toBe("Heute geöffnet 08:00–17:00 Uhr");
    expect(todayLine(week, at("2026-11-23T12:30:00+01:00"))).toBe("Heute geöffnet bis 17:00 Uhr");
    expect(todayLine(week, at("2026-11-23T17:30:00+01:00"))).toBe("Heute geöffnet bis 17:00 Uhr – jetzt geschlossen");
  });

  it("says closed with the reason, and quotes a day without times as written", () => {
    expect(todayLine(week, at("2026-11-29T10:00:00+01:00"))).toBe("Heute geschlossen");
    expect(todayLine(week, at("2026-12-25T10:00:00+01:00"))).toBe("Heute geschlossen (1. Weihnachtstag)");
    const byAppointment = { ...week, week: { ...week.week, saturday: "nach Vereinbarung" } };
    expect(todayLine(byAppointment, at("2026-11-28T10:00:00+01:00"))).toBe("Heute: nach Vereinbarung");
  });
});
