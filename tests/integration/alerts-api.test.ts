import { describe, expect, it } from "vitest";
import { createAlert, listActiveAlerts } from "~/server/entities/alerts.server";
import { env } from "cloudflare:test";
import { ACTOR, api, body, db, expectError, postPage, rowCount, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";

interface Alert {
  id: string;
  _id: string;
  title: string;
  text: string;
  fromDate: string;
  toDate: string;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function saveAlert(token: string, alert: { title: string; fromDate: string; toDate: string; text?: string }) {
  const response = await api("alert/save", { token, json: { text: `${alert.title}: Text`, ...alert } });
  expect(response.status, await response.clone().text()).toBe(200);
  return body<Alert>(response);
}

const titles = (alerts: Alert[]) => alerts.map((alert) => alert.title);

describe("/api/v1/alert", () => {
  it("saves an alert and answers it with ISO dates", async () => {
    const token = await staffToken();
    const response = await api("alert/save", {
      token,
      json: {
        title: "Betriebsferien",
        text: "Vom 24.12. bis 02.01. geschlossen.",
        fromDate: "2026-12-24T08:00:00+01:00",
        toDate: "2027-01-02T18:00:00+01:00",
      },
    });
    expect(response.status).toBe(200);
    const alert = await body<Alert>(response);
    expect(alert).toEqual({
      id: alert.id,
      _id: alert.id,
      title: "Betriebsferien",
      text: "Vom 24.12. bis 02.01. geschlossen.",
      fromDate: "2026-12-24T07:00:00.000Z",
      toDate: "2027-01-02T17:00:00.000Z",
    });
  });

  it("shows anonymous callers only the alerts active now", async () => {
    const token = await staffToken();
    await saveAlert(token, { title: "Abgelaufen", fromDate: at(-2 * DAY), toDate: at(-DAY) });
    await saveAlert(token, { title: "Aktiv", fromDate: at(-HOUR), toDate: at(HOUR) });
    await saveAlert(token, { title: "Geplant", fromDate: at(DAY), toDate: at(2 * DAY) });
    await saveAlert(token, { title: "Auch aktiv", fromDate: at(-DAY), toDate: at(DAY) });

    const anonymous = await api("alert/get");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toBe("no-store");
    expect(titles(await body<Alert[]>(anonymous))).toEqual(["Auch aktiv", "Aktiv"]);
    expect(titles(await body<Alert[]>(await api("alert/get", { token: "erfunden" })))).toEqual(["Auch aktiv", "Aktiv"]);

    // Staff see everything, latest start first.
    const all = await body<Alert[]>(await api("alert/get", { token }));
    expect(titles(all)).toEqual(["Geplant", "Aktiv", "Auch aktiv", "Abgelaufen"]);
  });

  it("counts an alert as active from its start, inclusive, until its end, exclusive", async () => {
    const fromDate = new Date("2026-06-01T10:00:00Z");
    const toDate = new Date("2026-06-01T12:00:00Z");
    await createAlert(db(), ACTOR, { title: "Fenster", text: "Text", fromDate, toDate });
    const activeAt = async (time: number) => (await listActiveAlerts(db(), new Date(time))).length;
    expect(await activeAt(fromDate.getTime() - 1)).toBe(0);
    expect(await activeAt(fromDate.getTime())).toBe(1);
    expect(await activeAt(toDate.getTime() - 1)).toBe(1);
    expect(await activeAt(toDate.getTime())).toBe(0);
  });

  it("requires the end after the start", async () => {
    const token = await staffToken();
    const message = "Das End Datum muss nach dem Start Datum liegen.";
    const same = at(DAY);
    await expectError(await api("alert/save", { token, json: { title: "t", text: "t", fromDate: same, toDate: same } }), 400, message);
    await expectError(
      await api("alert/save", { token, json: { title: "t", text: "t", fromDate: at(DAY), toDate: at(-DAY) } }),
      400,
      message,
    );
    expect(await body(await api("alert/get", { token }))).toEqual([]);
  });

  it("explains missing and invalid dates in German", async () => {
    const token = await staffToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ fromDate: "morgen", toDate: at(DAY) }, "Start Datum ist kein gültiges Datum."],
      [{ fromDate: at(0), toDate: "2026-02-30T25:00:00Z" }, "End Datum ist kein gültiges Datum."],
      [{ fromDate: "", toDate: at(DAY) }, "Start Datum ist kein gültiges Datum."],
      [{ fromDate: at(0) }, "End Datum fehlt."],
      [{ toDate: at(0) }, "Start Datum fehlt."],
    ];
    for (const [dates, message] of cases) {
      await expectError(await api("alert/save", { token, json: { title: "t", text: "t", ...dates } }), 400, message);
    }
    await expectError(
      await api("alert/save", { token, json: { title: " ", text: "t", fromDate: at(0), toDate: at(DAY) } }),
      400,
      "Titel darf nicht leer sein.",
    );
    await expectError(
      await api("alert/save", { token, json: { title: "t", fromDate: at(0), toDate: at(DAY) } }),
      400,
      "Inhalt fehlt.",
    );
  });

  it("updates with {id, newTitle, newText, newFromDate, newToDate}", async () => {
    const token = await staffToken();
    const saved = await saveAlert(token, { title: "Alt", fromDate: at(-HOUR), toDate: at(HOUR) });
    const response = await api("alert/update", {
      token,
      json: {
        id: saved.id,
        newTitle: "Neu",
        newText: "Neuer Text",
        newFromDate: "2026-07-01T09:00:00Z",
        newToDate: "2026-07-02T09:00:00Z",
      },
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      id: saved.id,
      _id: saved.id,
      title: "Neu",
      text: "Neuer Text",
      fromDate: "2026-07-01T09:00:00.000Z",
      toDate: "2026-07-02T09:00:00.000Z",
    });
    expect(await body(await api("alert/get", { token }))).toMatchObject([{ id: saved.id, title: "Neu" }]);

    // The field names of the existing client, not those of save.
    await expectError(
      await api("alert/update", { token, json: { id: saved.id, title: "x", text: "x", fromDate: at(0), toDate: at(DAY) } }),
      400,
      "Titel fehlt.",
    );
    await expectError(
      await api("alert/update", {
        token,
        json: { id: saved.id, newTitle: "x", newText: "x", newFromDate: at(DAY), newToDate: at(0) },
      }),
      400,
      "Das End Datum muss nach dem Start Datum liegen.",
    );
    await expectError(
      await api("alert/update", {
        token,
        json: { id: "unbekannt", newTitle: "x", newText: "x", newFromDate: at(0), newToDate: at(DAY) },
      }),
      404,
      "Diese Information gibt es nicht (mehr).",
    );
  });

  it("deletes by id", async () => {
    const token = await staffToken();
    const saved = await saveAlert(token, { title: "Weg damit", fromDate: at(-HOUR), toDate: at(HOUR) });
    const response = await api("alert/delete", { token, json: { id: saved.id } });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ id: saved.id });
    expect(await body(await api("alert/get", { token }))).toEqual([]);
    await expectError(await api("alert/delete", { token, json: { id: saved.id } }), 404, "Diese Information gibt es nicht (mehr).");
  });

  it("refuses every write without a valid token", async () => {
    const token = await staffToken();
    const saved = await saveAlert(token, { title: "Bleibt", fromDate: at(-HOUR), toDate: at(HOUR) });
    const writes: [string, unknown][] = [
      ["alert/save", { title: "t", text: "t", fromDate: at(0), toDate: at(DAY) }],
      ["alert/update", { id: saved.id, newTitle: "x", newText: "x", newFromDate: at(0), newToDate: at(DAY) }],
      ["alert/delete", { id: saved.id }],
    ];
    for (const [path, json] of writes) {
      await expectError(await api(path, { json }), 401);
      await expectError(await api(path, { json, token: "erfunden" }), 401);
    }
    expect(await body(await api("alert/get", { token }))).toMatchObject([{ title: "Bleibt" }]);
  });
});

describe("dates: ISO 8601, real calendar days, years 2000–2100, Berlin time without offset", () => {
  it.each([
    ["a bare number as text", "1"],
    ["a five-digit year", "99999"],
    ["30 February", "2027-02-30T10:00:00Z"],
    ["a date without time", "2027-02-03"],
    ["the largest date JavaScript knows", "+275760-09-13T00:00:00Z"],
    ["a year before 2000", "1999-12-31T23:59:59Z"],
    ["a year after 2100", "2101-01-01T00:00:00Z"],
    ["a two-digit year", "26-05-01T10:00"],
    ["a year typed as 0026", "0026-05-01T10:00"],
    ["a space instead of T", "2026-05-01 10:00"],
    ["an impossible offset", "2026-05-01T10:00:00+25:00"],
    ["an English date", "May 1, 2026 10:00"],
  ])("answers %s with 400 and stores nothing", async (_, fromDate) => {
    const token = await staffToken();
    const response = await api("alert/save", { token, json: { title: "t", text: "t", fromDate, toDate: "2030-01-01T00:00:00Z" } });
    await expectError(response, 400, "Start Datum ist kein gültiges Datum.");
    const update = await api("alert/update", {
      token,
      json: { id: "x", newTitle: "t", newText: "t", newFromDate: "2030-01-01T00:00:00Z", newToDate: fromDate },
    });
    await expectError(update, 400, "End Datum ist kein gültiges Datum.");
    expect(await body(await api("alert/get", { token }))).toEqual([]);
  });

  it("refuses epoch numbers: only ISO 8601 text is a date", async () => {
    const token = await staffToken();
    const response = await api("alert/save", { token, json: { title: "t", text: "t", fromDate: Date.now(), toDate: "2030-01-01T00:00:00Z" } });
    await expectError(response, 400, "Start Datum ist kein gültiges Datum.");
  });

  it("reads a time without offset as Berlin wall-clock time, on the API and in the staff form alike", async () => {
    const token = await staffToken();
    const fromApi = await saveAlert(token, { title: "API", fromDate: "2026-07-01T12:00:00", toDate: "2026-12-01T08:00" });
    expect([fromApi.fromDate, fromApi.toDate]).toEqual(["2026-07-01T10:00:00.000Z", "2026-12-01T07:00:00.000Z"]);

    const cookie = await staffCookie(token);
    const posted = await postPage(
      "/intern/notification",
      new URLSearchParams({ intent: "create", title: "Formular", text: "t", fromDate: "2026-07-01T12:00", toDate: "2026-12-01T08:00" }),
      { ...SAME_ORIGIN, Cookie: cookie },
    );
    expect(posted.status).toBe(302);
    const fromForm = (await body<Alert[]>(await api("alert/get", { token }))).find((alert) => alert.title === "Formular")!;
    expect([fromForm.fromDate, fromForm.toDate]).toEqual([fromApi.fromDate, fromApi.toDate]);
  });

  it("answers impossible dates in the staff form with 400 and stores nothing", async () => {
    const cookie = await staffCookie();
    for (const fromDate of ["0026-05-01T10:00", "2027-02-30T10:00", "1970-01-01T00:00"]) {
      const response = await postPage(
        "/intern/notification",
        new URLSearchParams({ intent: "create", title: "t", text: "t", fromDate, toDate: "2030-01-01T10:00" }),
        { ...SAME_ORIGIN, Cookie: cookie },
      );
      expect(response.status, fromDate).toBe(400);
      expect(await response.text(), fromDate).toContain("Start Datum ist kein gültiges Datum.");
    }
    expect(await rowCount("alerts")).toBe(0);
  });

  it("keeps staff pages and the API open whatever dates are already stored", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    // Written before this check existed, or straight into the database.
    await env.DB.prepare("insert into alerts (id, title, text, from_date, to_date) values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)")
      .bind("alt-1", "Weit weg", "t", 8_640_000_000_000_000, 8_640_000_000_000_001, "alt-2", "Uralt", "t", -62_198_755_200_000, 0)
      .run();
    const page = await site("/intern/notification", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Weit weg");
    expect(html).toContain("Uralt");
    for (const path of ["/intern/notification?bearbeiten=alt-1", "/intern/notification?loeschen=alt-2", "/"]) {
      const response = await site(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    const listed = await api("alert/get", { token });
    expect(listed.status).toBe(200);
    expect(titles(await body<Alert[]>(listed)).sort()).toEqual(["Uralt", "Weit weg"]);
    // Staff can still remove them.
    expect((await api("alert/delete", { token, json: { id: "alt-1" } })).status).toBe(200);
  });
});
