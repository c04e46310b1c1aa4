import { describe, expect, it } from "vitest";
import { api, body, expectError, staffToken } from "./helpers";

const WORKDAY = "08:00 - 12:00Uhr & 13:00 - 17:00Uhr";

const HOURS = {
  monday: "07:30 - 16:00 Uhr",
  tuesday: "07:30 - 16:00 Uhr",
  wednesday: "07:30 - 12:00 Uhr",
  thursday: "07:30 - 16:00 Uhr",
  friday: "07:30 - 14:00 Uhr",
  saturday: "nach Vereinbarung",
  sunday: "Geschlossen",
};

describe("/api/v1/opening", () => {
  it("answers the defaults of SPEC §9 while nothing is stored", async () => {
    const response = await api("opening/get");
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      monday: WORKDAY,
      tuesday: WORKDAY,
      wednesday: WORKDAY,
      thursday: WORKDAY,
      friday: WORKDAY,
      saturday: "nach Vereinbarung",
      sunday: "Geschlossen",
    });
  });

  it("saves {date: {monday..sunday}} and answers it from then on", async () => {
    const token = await staffToken();
    const saved = await api("opening/save", { token, json: { date: HOURS } });
    expect(saved.status).toBe(200);
    expect(await body(saved)).toEqual(HOURS);
    expect(await body(await api("opening/get"))).toEqual(HOURS);

    const changed = { ...HOURS, saturday: "  09:00 - 12:00 Uhr  " };
    expect((await api("opening/save", { token, json: { date: changed } })).status).toBe(200);
    expect(await body(await api("opening/get"))).toEqual({ ...HOURS, saturday: "09:00 - 12:00 Uhr" });
  });

  it("names the missing or empty weekday in German", async () => {
    const token = await staffToken();
    const { wednesday: _, ...withoutWednesday } = HOURS;
    await expectError(await api("opening/save", { token, json: { date: withoutWednesday } }), 400, "Mittwoch fehlt.");
    await expectError(
      await api("opening/save", { token, json: { date: { ...HOURS, saturday: "   " } } }),
      400,
      "Samstag darf nicht leer sein.",
    );
    await expectError(
      await api("opening/save", { token, json: { date: { ...HOURS, sunday: "x".repeat(121) } } }),
      400,
      "Sonntag darf höchstens 120 Zeichen lang sein.",
    );
    await expectError(await api("opening/save", { token, json: { date: { ...HOURS, monday: 8 } } }), 400, "Montag muss ein Text sein.");
    // The weekdays belong under `date`, as the existing client sends them.
    await expectError(await api("opening/save", { token, json: HOURS }), 400, "Die Öffnungszeiten fehlen.");
    expect((await body<Record<string, string>>(await api("opening/get"))).monday).toBe(WORKDAY);
  });

  it("refuses to save without a valid token", async () => {
    await expectError(await api("opening/save", { json: { date: HOURS } }), 401);
    await expectError(await api("opening/save", { token: "erfunden", json: { date: HOURS } }), 401);
    expect((await body<Record<string, string>>(await api("opening/get"))).monday).toBe(WORKDAY);
  });
});
