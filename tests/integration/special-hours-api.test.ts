import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { api, body, expectError, staffToken } from "./helpers";

interface Special {
  id: string;
  _id: string;
  title: string;
  hours: string;
  fromDate: string;
  toDate: string;
}

// Relative to Berlin's today, so the test never depends on the day it runs.
const today = workshopDate(new Date());
const day = (offset: number) => addDays(today, offset);
const holidays = { title: "Betriebsferien", hours: "Geschlossen", fromDate: day(3), toDate: day(12) };

const list = async (query = "") => body<Special[]>(await api(`opening/special/get${query}`));

describe("/api/v1/opening/special", () => {
  it("answers an empty list while nothing is stored, also past the end", async () => {
    expect(await list()).toEqual([]);
    expect(await list("?startAt=20&limit=5")).toEqual([]);
    await expectError(await api("opening/special/get?limit=x"), 400, "limit muss eine ganze Zahl sein.");
  });

  it("saves, lists earliest first, updates and deletes an entry", async () => {
    const token = await staffToken();
    const saved = await api("opening/special/save", { token, json: holidays });
    expect(saved.status).toBe(200);
    const created = await body<Special>(saved);
    expect(created).toEqual({ id: expect.any(String), _id: created.id, ...holidays });

    const inventory = await body<Special>(
      await api("opening/special/save", { token, json: { title: "Inventur", hours: "10:00 - 14:00Uhr", fromDate: day(0), toDate: day(0) } }),
    );
    expect((await list()).map((entry) => entry.title)).toEqual(["Inventur", "Betriebsferien"]);
    expect((await list("?startAt=1&limit=1")).map((entry) => entry.title)).toEqual(["Betriebsferien"]);

    const changed = { ...holidays, id: created.id, title: "Urlaub", toDate: day(14) };
    const updated = await api("opening/special/update", { token, json: changed });
    expect(await body(updated)).toEqual({ ...changed, _id: created.id });

    expect(await body(await api("opening/special/delete", { token, json: { id: inventory.id } }))).toEqual({ id: inventory.id });
    expect((await list()).map((entry) => entry.title)).toEqual(["Urlaub"]);
    await expectError(await api("opening/special/delete", { token, json: { id: inventory.id } }), 404, "Diese Sonderzeit gibt es nicht (mehr).");
    await expectError(await api("opening/special/update", { token, json: { ...changed, id: "weg" } }), 404);
  });

  it("leaves out entries that ended before today (Berlin)", async () => {
    const token = await staffToken();
    await api("opening/special/save", { token, json: { ...holidays, title: "Vorbei", fromDate: day(-5), toDate: day(-1) } });
    await api("opening/special/save", { token, json: { ...holidays, title: "Läuft", fromDate: day(-5), toDate: day(0) } });
    expect((await list()).map((entry) => entry.title)).toEqual(["Läuft"]);
  });

  it("refuses a reversed range and invalid input in German, storing nothing", async () => {
    const token = await staffToken();
    const save = (json: unknown) => api("opening/special/save", { token, json });
    await expectError(await save({ ...holidays, fromDate: day(5), toDate: day(4) }), 400, "Bis darf nicht vor Von liegen.");
    await expectError(await save({ ...holidays, fromDate: "2026-02-30" }), 400, "Von muss ein Datum (JJJJ-MM-TT) sein.");
    await expectError(await save({ ...holidays, toDate: "24.12.2026" }), 400, "Bis muss ein Datum (JJJJ-MM-TT) sein.");
    await expectError(await save({ ...holidays, title: "  " }), 400, "Anlass darf nicht leer sein.");
    await expectError(await save({ ...holidays, hours: "x".repeat(121) }), 400, "Zeiten darf höchstens 120 Zeichen lang sein.");
    const { hours: _, ...withoutHours } = holidays;
    await expectError(await save(withoutHours), 400, "Zeiten fehlt.");
    await expectError(await save({ ...holidays, toDate: addDays(holidays.fromDate, 366) }), 400, "Eine Sonderzeit umfasst höchstens 366 Tage.");
    await expectError(await save([holidays]), 400, "Die Anfrage muss ein JSON-Objekt sein.");

    const created = await body<Special>(await save(holidays));
    await expectError(
      await api("opening/special/update", { token, json: { ...holidays, id: created.id, fromDate: day(20) } }),
      400,
      "Bis darf nicht vor Von liegen.",
    );
    expect(await list()).toEqual([created]);
  });

  it("refuses every write without a valid token, and GET is open to all", async () => {
    await expectError(await api("opening/special/save", { json: holidays }), 401);
    await expectError(await api("opening/special/update", { token: "erfunden", json: { ...holidays, id: "x" } }), 401);
    await expectError(await api("opening/special/delete", { json: { id: "x" } }), 401);
    await expectError(await api("opening/special/get", { method: "POST", json: {} }), 405);
    await expectError(await api("opening/special/save"), 405);
    expect(await list()).toEqual([]);
  });
});
