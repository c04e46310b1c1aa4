import { describe, expect, it } from "vitest";
import { createAlert, listActiveAlerts } from "~/server/alerts.server";
import { api, body, db, expectError, staffToken } from "./helpers";

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
    await createAlert(db(), { title: "Fenster", text: "Text", fromDate, toDate });
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
