import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOG_KEEP_DAYS } from "~/lib/activity";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import worker from "../../server";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStored, sendEnhanced } from "./enquiry-helpers";
import { api, bucketKeys, body, expectError, postPage, rowCount, SAME_ORIGIN, STAFF, staffCookie, staffToken, upload, uploadForm } from "./helpers";

/*
 * The Verlauf (decision 016): every staff write records who, when, what and which item, in the
 * same D1 batch as the write — so an injected failure of either leaves neither — and nothing
 * in it exposes a password, a token or a customer's contact data.
 */

interface LogItem {
  id: number;
  at: string;
  user: string;
  action: string;
  kind: string;
  title: string;
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const log = async (token: string, query = "") => body<LogItem[]>(await api(`log/get${query}`, { token }));
const allEntries = async () => (await env.DB.prepare("select * from activity_log").all()).results;

/** A D1 failure inside the batch: any insert into `table` aborts (a trigger, as uploads-atomic.test.ts injects them). */
const failInserts = (table: string) =>
  env.DB.prepare(`CREATE TRIGGER fail_${table} BEFORE INSERT ON "${table}" BEGIN SELECT RAISE(ABORT, 'test'); END`).run();
const healInserts = (table: string) => env.DB.prepare(`DROP TRIGGER fail_${table}`).run();

describe("an entry is written in the same batch as its write", () => {
  it("leaves neither the write nor the entry when the entry's insert fails", async () => {
    const token = await staffToken();
    const news = await body<{ id: string }>(await api("news/save", { token, json: { title: "Bleibt", text: "Text" } }));
    const entriesBefore = await allEntries();
    await failInserts("activity_log");

    expect((await api("news/save", { token, json: { title: "Neu", text: "Text" } })).status).toBe(500);
    expect(await rowCount("news")).toBe(1);
    expect((await api("news/update", { token, json: { id: news.id, newTitle: "Geändert", newText: "Text" } })).status).toBe(500);
    expect((await body<{ title: string }[]>(await api("news/get")))[0].title).toBe("Bleibt");
    expect((await api("news/delete", { token, json: { id: news.id } })).status).toBe(500);
    expect(await rowCount("news")).toBe(1);
    expect(await rowCount("trash")).toBe(0);
    await expectError(
      await upload(token, uploadForm([{ name: "a.png", bytes: png(), type: "image/png" }], { description: "Sitz" })),
      503,
      "Die Bilder konnten nicht gespeichert werden. Es wurde nichts übernommen.",
    );
    expect(await rowCount("references")).toBe(0);
    expect(await bucketKeys()).toEqual([]);
    expect(await allEntries()).toEqual(entriesBefore);

    await healInserts("activity_log");
    expect((await api("news/delete", { token, json: { id: news.id } })).status).toBe(200);
    await failInserts("activity_log");
    expect((await api("trash/restore", { token, json: { id: news.id } })).status).toBe(500);
    expect(await rowCount("news")).toBe(0);
    expect(await rowCount("trash")).toBe(1);
  });

  it("leaves no entry when the write itself fails", async () => {
    const token = await staffToken();
    const entriesBefore = await allEntries();
    await failInserts("news");
    expect((await api("news/save", { token, json: { title: "Neu", text: "Text" } })).status).toBe(500);
    await failInserts("trash");
    const alert = { title: "Hinweis", text: "Text", fromDate: "2026-01-01T08:00", toDate: "2099-01-01T08:00" };
    const saved = await body<{ id: string }>(await api("alert/save", { token, json: alert }));
    const afterSave = await allEntries();
    expect(afterSave).toHaveLength(entriesBefore.length + 1);
    expect((await api("alert/delete", { token, json: { id: saved.id } })).status).toBe(500);
    expect(await rowCount("alerts")).toBe(1);
    expect(await allEntries()).toEqual(afterSave);
  });
});

describe("GET /api/v1/log/get", () => {
  it("lists who did what to which item, newest first, paged and by person", async () => {
    const token = await staffToken();
    const news = await body<{ id: string }>(await api("news/save", { token, json: { title: "Betriebsferien", text: "Im August." } }));
    await api("news/update", { token, json: { id: news.id, newTitle: "Betriebsferien 2026", newText: "Im August." } });
    await api("news/delete", { token, json: { id: news.id } });
    await api("trash/restore", { token, json: { id: news.id } });

    const entries = await log(token);
    expect(entries.map(({ action, kind, title, user }) => ({ action, kind, title, user }))).toEqual([
      { action: "wiederhergestellt", kind: "news", title: "Betriebsferien 2026", user: STAFF.username },
      { action: "gelöscht", kind: "news", title: "Betriebsferien 2026", user: STAFF.username },
      { action: "geändert", kind: "news", title: "Betriebsferien 2026", user: STAFF.username },
      { action: "angelegt", kind: "news", title: "Betriebsferien", user: STAFF.username },
      { action: "angemeldet", kind: "account", title: STAFF.username, user: STAFF.username },
    ]);
    expect(Object.keys(entries[0]).sort()).toEqual(["action", "at", "id", "kind", "title", "user"]);
    expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(Date.parse(entries[1].at));

    expect((await log(token, "?startAt=1&limit=2")).map((entry) => entry.action)).toEqual(["gelöscht", "geändert"]);
    expect(await log(token, "?user=niemand")).toEqual([]);
    expect(await log(token, `?user=${STAFF.username}`)).toHaveLength(5);
    await expectError(await api("log/get"), 401);
    await expectError(await api("log/get?limit=x", { token }), 400);
  });

  it("records sign-ins, password changes and signing out everywhere, never a password or a token", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const changed = "Ein-ganz-neues-Passwort-7";
    const form = new URLSearchParams({ intent: "password", currentPassword: STAFF.password, newPassword: changed, repeatPassword: changed });
    const answer = await postPage("/intern/konto", form, { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" });
    expect(answer.status).toBe(302);
    const logout = new URLSearchParams({ intent: "logout-everywhere" });
    expect((await postPage("/intern/konto", logout, { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(302);

    const fresh = await body<{ token: string }>(await api("auth/login", { json: { username: STAFF.username, password: changed } }));
    expect((await log(fresh.token)).map((entry) => entry.action)).toEqual(["angemeldet", "überall abgemeldet", "Passwort geändert", "angemeldet"]);
    const stored = JSON.stringify(await allEntries());
    for (const secret of [STAFF.password, changed, token, fresh.token]) expect(stored).not.toContain(secret);
  });

  it("names an enquiry by its reference number, never by the customer's name, e-mail or phone", async () => {
    const token = await staffToken();
    const reference = await expectStored(await sendEnhanced(await enquiryForm()));
    const [{ id }] = await body<{ id: string }[]>(await api("enquiry/get", { token }));
    await api("enquiry/update", { token, json: { id, status: "beantwortet", note: `Rückruf an ${CUSTOMER[F.name]}` } });
    await api("enquiry/delete", { token, json: { id } });
    await api("trash/restore", { token, json: { id } });

    const entries = (await log(token)).filter((entry) => entry.kind === "enquiry");
    expect(entries.map((entry) => entry.action)).toEqual(["wiederhergestellt", "gelöscht", "geändert"]);
    for (const entry of entries) expect(entry.title.startsWith(reference)).toBe(true);
    const stored = JSON.stringify(await allEntries());
    for (const personal of [CUSTOMER[F.name], CUSTOMER[F.email], CUSTOMER[F.phone]]) expect(stored).not.toContain(personal);
  });
});

describe("the scheduled handler", () => {
  it("deletes entries once they are older than a year", async () => {
    const token = await staffToken();
    await api("news/save", { token, json: { title: "Alt", text: "Text" } });
    const count = await rowCount("activity_log");
    expect(count).toBe(2);
    const run = (scheduledTime: number) => worker.scheduled(createScheduledController({ scheduledTime, cron: "17 2 * * *" }), env);
    await run(Date.now() + LOG_KEEP_DAYS * DAY - HOUR);
    expect(await rowCount("activity_log")).toBe(count);
    await run(Date.now() + LOG_KEEP_DAYS * DAY + HOUR);
    expect(await rowCount("activity_log")).toBe(0);
  });
});
