import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { holidayOn } from "~/lib/holidays";
import { FINISH_UNDO_MINUTES, type JobMessage } from "~/lib/job";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { CUSTOMER_MAIL_SENDER } from "~/server/entities/job/customer-mail.server";
import worker from "../../server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, BASE, body, expectError, rowCount, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";
import { sentMail } from "./mail";

/*
 * An enquiry's steps after its arrival (decision 021): prices, drop-off dates, "fertig", the
 * calendar file, and telling the customer — by e-mail, or by staff where that cannot happen.
 */

interface ApiEnquiry {
  id: string;
  reference: string;
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  quote: { id: string; version: number; kind: string; items: unknown[]; totalGross: number; vat: number; validUntil: string; acceptedAt: string | null } | null;
  appointment: { proposals: string[]; chosen: string | null; confirmedAt: string | null } | null;
  customerNotified: Record<string, boolean>;
}

const today = () => workshopDate(new Date());
const inDays = (days: number) => addDays(today(), days);

/** The next weekday (Mon–Fri, default hours, no NRW holiday) at least `days` ahead, at `time` in Berlin. */
function openWeekday(days: number, time = "09:00"): string {
  let date = inDays(days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date)) date = addDays(date, 1);
  return `${date}T${time}`;
}

/** The next day of the week `weekday` (0 Sunday) at least `days` ahead. */
function nextWeekday(weekday: number, days = 1): string {
  let date = inDays(days);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== weekday) date = addDays(date, 1);
  return date;
}

let customers = 0;
/** A customer's enquiry from the form, named so that its e-mails are found among other runs' (`sentMail`). */
async function customerEnquiry(fields: Record<string, string> = {}) {
  const name = `Erika Schritt-${Date.now().toString(36)}-${customers++}`;
  const { reference, token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, name, ...fields })));
  const row = await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>();
  return { reference, token, id: row!.id, name };
}

const ITEMS = [
  { text: "Fahrersitz Wange neu beziehen", quantity: 2, unitPriceGross: 12990 },
  { text: "Farbe anpassen", quantity: 1, unitPriceGross: 4500 },
  { text: "Kleinteile", quantity: 3, unitPriceGross: 99 },
];

const quote = (id: string, changes: Record<string, unknown> = {}) => ({ id, kind: "richtpreis", items: ITEMS, validUntil: inDays(30), note: "Nach Sichtung.", ...changes });

describe("a price", () => {
  it("sums gross prices of several lines and states the VAT they contain, cent for cent", async () => {
    const token = await staffToken();
    const { id } = await customerEnquiry();
    const answer = await body<ApiEnquiry>(await api("enquiry/quote", { token, json: quote(id) }));
    // 2 × 129,90 + 45,00 + 3 × 0,99 = 307,77 €; 19/119 of it = 49,1397… → 49,14 €.
    expect(answer.quote).toMatchObject({ version: 1, kind: "richtpreis", totalGross: 30777, vat: 4914, validUntil: inDays(30), acceptedAt: null });
    expect(answer.quote!.items).toEqual(ITEMS);
    // The status follows the step (decision 024): a price answers the enquiry.
    expect(answer.status).toBe("beantwortet");
    expect(answer.startedAt).toEqual(expect.any(String));

    const second = await body<ApiEnquiry>(
      await api("enquiry/quote", { token, json: quote(id, { kind: "angebot", items: [{ text: "Komplett", quantity: 1, unitPriceGross: 119 }] }) }),
    );
    // 1,19 € contains exactly 0,19 €; the current version is the new one.
    expect(second.quote).toMatchObject({ version: 2, kind: "angebot", totalGross: 119, vat: 19 });
  });

  it("reads the staff editor's euros as typed (1.234,50 · 99,9 · 12.5) and answers with the toast", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const { id } = await customerEnquiry();
    const form = new URLSearchParams({
      intent: "preis",
      id,
      art: "angebot",
      "gueltig-bis": inDays(14),
      hinweis: "",
      "posten-0-text": "Sitz",
      "posten-0-menge": "1",
      "posten-0-preis": "1.234,50",
      "posten-1-text": "",
      "posten-1-menge": "",
      "posten-1-preis": "",
      "posten-2-text": "Naht",
      "posten-2-menge": "2",
      "posten-2-preis": "99,9",
      "posten-3-text": "Faden",
      "posten-3-menge": "",
      "posten-3-preis": "12.5 €",
    });
    const saved = await site(`/intern/anfragen?anfrage=${id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const [enquiry] = await body<ApiEnquiry[]>(await api("enquiry/get", { token }));
    expect(enquiry.quote).toMatchObject({ kind: "angebot", totalGross: 123450 + 2 * 9990 + 1250, items: expect.arrayContaining([{ text: "Faden", quantity: 1, unitPriceGross: 1250 }]) });

    // A refused line comes back at its own field, with what was typed.
    form.set("posten-2-preis", "neunzig");
    const refused = await site(`/intern/anfragen?anfrage=${id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Position 2: Bitte einen Preis in Euro angeben, z. B. 129,00");
    expect(html).toContain('value="neunzig"');
  });

  it.each([
    ["a price of 0", { items: [{ text: "Sitz", quantity: 1, unitPriceGross: 0 }] }, "Position 1: Der Preis muss größer als 0 € sein."],
    ["a negative price", { items: [{ text: "Sitz", quantity: 1, unitPriceGross: -500 }] }, "Position 1: Der Preis muss größer als 0 € sein."],
    ["a price above the limit", { items: [{ text: "Sitz", quantity: 1, unitPriceGross: 5_000_001 }] }, "Position 1: Ein Einzelpreis darf höchstens 50.000,00 € betragen."],
    ["a price in euros with cents", { items: [{ text: "Sitz", quantity: 1, unitPriceGross: 129.9 }] }, "Position 1: Der Preis muss ein Betrag in ganzen Cent sein."],
    ["a quantity of 0", { items: [{ text: "Sitz", quantity: 0, unitPriceGross: 100 }] }, "Position 1: Die Menge muss mindestens 1 sein."],
    ["a line without text", { items: [ITEMS[0], { text: " ", quantity: 1, unitPriceGross: 100 }] }, "Position 2: Die Bezeichnung darf nicht leer sein."],
    ["a line text with a line break", { items: [{ text: "Sitz\nNaht", quantity: 1, unitPriceGross: 100 }] }, "Position 1: Die Bezeichnung darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen."],
    ["no lines", { items: [] }, "Bitte mindestens eine Position angeben."],
    ["21 lines", { items: Array.from({ length: 21 }, () => ITEMS[0]) }, "Höchstens 20 Positionen."],
    ["a validity in the past", { validUntil: "2020-01-01" }, "Das Gültigkeitsdatum darf nicht in der Vergangenheit liegen."],
    ["a validity that is no date", { validUntil: "2026-02-30" }, "Das Gültigkeitsdatum muss ein Datum (JJJJ-MM-TT) sein."],
    ["an unknown kind", { kind: "festpreis" }, "Bitte wählen: unverbindlicher Richtpreis oder verbindliches Angebot."],
  ])("refuses %s with 400 and a German message, writing nothing", async (_, changes, message) => {
    const token = await staffToken();
    const { id } = await customerEnquiry();
    await expectError(await api("enquiry/quote", { token, json: quote(id, changes) }), 400, message);
    expect(await rowCount("enquiry_quotes")).toBe(0);
    expect((await env.DB.prepare("select count(*) as n from activity_log where action = 'Preis erstellt'").first<{ n: number }>())?.n).toBe(0);
  });

  it("answers an unknown enquiry with 404, one under Spam with 409, and needs the token", async () => {
    const token = await staffToken();
    await expectError(await api("enquiry/quote", { token, json: quote("gibt-es-nicht") }), 404, "Diese Anfrage gibt es nicht (mehr).");
    const spam = await customerEnquiry({ webseite: "https://werbung.example" });
    await expectError(await api("enquiry/quote", { token, json: quote(spam.id) }), 409, "Diese Anfrage liegt unter Spam. Bitte zuerst ihren Status ändern.");
    expect((await api("enquiry/quote", { json: quote(spam.id) })).status).toBe(401);
    expect(await rowCount("enquiry_quotes")).toBe(0);
  });
});

describe("drop-off dates", () => {
  it.each([
    ["on a Sunday", () => [`${nextWeekday(0)}T10:00`], /^Vorschlag 1: Sonntag, .* Sonntags ist die Werkstatt geschlossen\.$/],
    [
      "on a holiday (25.12.)",
      () => [`${Number(today().slice(0, 4)) + (today().slice(5) < "12-25" ? 0 : 1)}-12-25T10:00`],
      /^Vorschlag 1: \w+, 25\.12\.\d{4}, 10:00 Uhr: An diesem Tag ist die Werkstatt geschlossen \(1\. Weihnachtstag\)\.$/,
    ],
    ["in the lunch break", () => [openWeekday(2, "12:30")], /^Vorschlag 1: .* liegt außerhalb der Öffnungszeiten \(08:00–12:00 und 13:00–17:00 Uhr\)\.$/],
    ["after closing", () => [openWeekday(2, "09:00"), openWeekday(2, "17:00")], /^Vorschlag 2: .* liegt außerhalb der Öffnungszeiten/],
    ["in the past", () => ["2020-03-03T10:00"], /^Vorschlag 1: .* liegt in der Vergangenheit\.$/],
    ["more than three", () => [1, 2, 3, 4].map((days) => openWeekday(days)), /^Bitte höchstens 3 Termine vorschlagen\.$/],
    ["twice the same", () => [openWeekday(2), openWeekday(2)], /^Vorschlag 2 ist doppelt\.$/],
    ["none", () => [], /^Bitte mindestens einen Termin vorschlagen\.$/],
    ["no date at all", () => ["morgen früh"], /^Vorschlag 1: Bitte Tag und Uhrzeit angeben/],
  ])("refuses a proposal %s with 400 and the reason, writing nothing", async (_, slots, message) => {
    const token = await staffToken();
    const { id } = await customerEnquiry();
    await expectError(await api("enquiry/propose", { token, json: { id, slots: slots() } }), 400, message);
    expect(await rowCount("appointment_slots")).toBe(0);
  });

  it("refuses a day of the workshop's own Sonderzeiten (Betriebsferien) and takes a Saturday by arrangement", async () => {
    const token = await staffToken();
    const { id } = await customerEnquiry();
    const closedDay = openWeekday(5).slice(0, 10);
    await api("opening/special/save", { token, json: { title: "Betriebsferien", hours: "Geschlossen", fromDate: closedDay, toDate: closedDay } });
    await expectError(
      await api("enquiry/propose", { token, json: { id, slots: [`${closedDay}T10:00`] } }),
      400,
      /^Vorschlag 1: .*: An diesem Tag ist die Werkstatt geschlossen \(Betriebsferien\)\.$/,
    );
    // "nach Vereinbarung" cannot be read as times: the workshop's own judgement.
    const saturday = await api("enquiry/propose", { token, json: { id, slots: [`${nextWeekday(6, 2)}T10:00`] } });
    expect(saturday.status).toBe(200);
  });

  it("stores proposals in workshop time, replaces earlier ones, and lists the chosen one in /intern/termine", async () => {
    const token = await staffToken();
    const { id, token: link, reference, name } = await customerEnquiry();
    const first = await body<ApiEnquiry>(await api("enquiry/propose", { token, json: { id, slots: [openWeekday(1), openWeekday(2, "14:30")] } }));
    expect(first.appointment!.proposals).toHaveLength(2);
    const slot = openWeekday(3, "10:15");
    const second = await body<ApiEnquiry>(await api("enquiry/propose", { token, json: { id, slots: [slot] } }));
    expect(second.appointment).toMatchObject({ chosen: null, confirmedAt: null });
    expect(second.appointment!.proposals).toHaveLength(1);
    expect(new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", dateStyle: "short", timeStyle: "short" }).format(new Date(second.appointment!.proposals[0]))).toBe(slot.replace("T", " "));

    const [live] = (await env.DB.prepare("select id from appointment_slots where withdrawn_at is null").all<{ id: string }>()).results;
    const chosen = await site(`/anfrage/status/${link}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ aktion: "termin-waehlen", termin: live.id }),
      redirect: "manual",
    });
    expect(chosen.status).toBe(303);
    const termine = await (await site("/intern/termine", { headers: { Cookie: await staffCookie(token) } })).text();
    expect(termine).toContain(`${reference} · ${name}`);
    expect(termine).toContain("10:15");
  });
});

/** The .ics as property lines (unfolded), so a test reads it as a calendar program does. */
function calendarLines(text: string): string[] {
  expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  return text.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
}

/** The UTC instant of a Berlin wall-clock time by the file's own VTIMEZONE rules (last Sundays of March and October). */
function berlinToUtc(local: string): number {
  const [, y, mo, d, h, mi] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00$/.exec(local)!.map(Number);
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const minutes = (mo * 31 + d) * 1440 + h * 60 + mi;
  const summer = minutes >= (3 * 31 + lastSunday(3)) * 1440 + 120 && minutes < (10 * 31 + lastSunday(10)) * 1440 + 180;
  return Date.UTC(y, mo - 1, d, h, mi) - (summer ? 2 : 1) * 3600_000;
}

describe("the calendar file", () => {
  it("holds one VEVENT in Europe/Berlin with a stable UID, the address and a reminder the day before, across a change of summer time", async () => {
    const token = await staffToken();
    const { id, token: link, reference } = await customerEnquiry();
    // A date on the other side of the next change of summer time from today.
    const month = Number(today().slice(5, 7));
    const otherSide = month >= 4 && month <= 9 ? `${today().slice(0, 4)}-11-10` : `${Number(today().slice(0, 4)) + (month >= 10 ? 1 : 0)}-04-14`;
    const slot = openWeekday(Math.round((Date.parse(otherSide) - Date.parse(today())) / 86_400_000), "09:30");
    await api("enquiry/propose", { token, json: { id, slots: [slot] } });
    const [live] = (await env.DB.prepare("select id, starts_at from appointment_slots").all<{ id: string; starts_at: number }>()).results;

    expect((await site(`/anfrage/status/${link}/termin.ics`)).status).toBe(404);
    await site(`/anfrage/status/${link}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ aktion: "termin-waehlen", termin: live.id }),
      redirect: "manual",
    });
    const file = await site(`/anfrage/status/${link}/termin.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="termin-${reference}.ics"`);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await file.text();
    const lines = calendarLines(text);
    const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))!.replace(/^[^:]*:/, "");

    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toEqual(expect.arrayContaining(["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"]));
    const start = lines.find((line) => line.startsWith("DTSTART;"))!;
    expect(start).toBe(`DTSTART;TZID=Europe/Berlin:${slot.replace(/[-:]/g, "")}00`);
    expect(berlinToUtc(start.split(":")[1])).toBe(live.starts_at);
    expect(lines.find((line) => line.startsWith("DTEND;"))).toBe(`DTEND;TZID=Europe/Berlin:${slot.slice(0, 10).replace(/-/g, "")}T100000`);
    expect(value("LOCATION")).toBe(`${DEMO.name}\\, ${DEMO.street}\\, ${DEMO.postalCode} ${DEMO.city}`);
    expect(value("UID")).toBe(`termin-${id}@${new URL(DEMO.website).hostname}`);
    expect(value("SEQUENCE")).toBe("0");
    expect(value("STATUS")).toBe("CONFIRMED");
    expect(value("ORGANIZER")).toBe(`mailto:${DEMO.email}`);
    expect(value("DESCRIPTION")).toContain(DEMO.directions.replace(/[,;]/g, "\\$&"));
    expect(value("DESCRIPTION")).toContain(`/anfrage/status/${link}`);
    const alarm = lines.slice(lines.indexOf("BEGIN:VALARM"), lines.indexOf("END:VALARM"));
    expect(alarm).toEqual(expect.arrayContaining(["ACTION:DISPLAY", "TRIGGER:-P1D"]));
    // Downloaded again: the same entry.
    expect(calendarLines(await (await site(`/anfrage/status/${link}/termin.ics`)).text()).find((line) => line.startsWith("UID:"))).toBe(`UID:${value("UID")}`);
  });

  it("keeps one UID per enquiry with a higher SEQUENCE after a re-choice, and sends a withdrawn date as cancelled — as ical.js, node-ical and libical read it", async () => {
    const token = await staffToken();
    const { id, token: link } = await customerEnquiry();
    const choose = async (startsAt: string) => {
      await api("enquiry/propose", { token, json: { id, slots: [startsAt] } });
      const slot = await env.DB.prepare("select id from appointment_slots where enquiry_id = ? and withdrawn_at is null").bind(id).first<{ id: string }>();
      const answer = await site(`/anfrage/status/${link}`, {
        method: "POST",
        headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ aktion: "termin-waehlen", termin: slot!.id }),
        redirect: "manual",
      });
      expect(answer.status).toBe(303);
    };
    const readCalendar = async () => {
      const file = await site(`/anfrage/status/${link}/termin.ics`);
      expect(file.status).toBe(200);
      const answer = await calendarCheck.fetch("http://kalender/", { method: "POST", body: await file.text() });
      const reply = await answer.text();
      expect(answer.status, reply).toBe(200);
      const checked = JSON.parse(reply) as CalendarCheck;
      // Two parsers read the same entry; libical finds no rule broken (where its headers are installed, as in CI).
      expect(checked.nodeIcal).toEqual(checked.icaljs);
      expect(checked.libical.ok, checked.libical.output).toBe(true);
      return checked.icaljs;
    };

    const first = openWeekday(3, "09:30");
    await choose(first);
    const before = await readCalendar();
    expect(before).toMatchObject({ sequence: 0, status: "CONFIRMED" });

    const second = openWeekday(10, "14:00");
    await choose(second);
    const after = await readCalendar();
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.status).toBe("CONFIRMED");
    expect(new Date(after.start).getTime()).not.toBe(new Date(before.start).getTime());

    // New proposals withdraw the chosen date: the same entry, cancelled, one revision later.
    await api("enquiry/propose", { token, json: { id, slots: [openWeekday(15, "10:00")] } });
    const cancelled = await readCalendar();
    expect(cancelled).toMatchObject({ uid: before.uid, status: "CANCELLED", start: after.start });
    expect(cancelled.sequence).toBeGreaterThan(after.sequence);
  });
});

interface CalendarEvent {
  uid: string;
  sequence: number;
  status: string;
  start: string;
}
interface CalendarCheck {
  icaljs: CalendarEvent;
  nodeIcal: CalendarEvent;
  libical: { ran: boolean; ok: boolean; output: string };
}
/** ical.js, node-ical and libical, run in Node beside the pool (vitest.config.ts). */
const calendarCheck = (env as unknown as { CALENDAR_CHECK: Fetcher }).CALENDAR_CHECK;

/** The status link an e-mail carries, as a path of this site. */
const linkIn = (text: string) => {
  const url = new RegExp(`${DEMO.website.replace(/\/$/, "").replace(/\./g, "\\.")}(/anfrage/status/[A-Za-z0-9_-]{27})`).exec(text);
  expect(url, text).not.toBeNull();
  return url![1];
};

describe("telling the customer", () => {
  it("sends each step as an e-mail with the reference in the subject and a working status link, never a photo", async () => {
    const since = Date.now();
    const token = await staffToken();
    const { id, token: link, reference, name } = await customerEnquiry();
    const greeting = `Guten Tag ${name},`;
    const check = async (subject: string, says: string, marker = greeting) => {
      const mail = await sentMail(marker, since, subject);
      expect(mail.headers.to).toBe("<erika@beispiel.de>");
      expect(mail.headers.from).toContain(`<${CUSTOMER_MAIL_SENDER}>`);
      expect(mail.text).toContain(says);
      expect(mail.raw).not.toMatch(/Content-Disposition|image\/(png|jpeg)|multipart\/mixed/i);
      expect(mail.raw).not.toContain("/images/");
      const page = await site(linkIn(mail.text));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(reference);
      return mail;
    };

    // The first e-mail carries the link the confirmation showed, and greets nobody by name: nobody has confirmed the address yet (decision 007).
    const received = await check(`Ihre Anfrage ${reference} ist angekommen`, "vielen Dank für Ihre Anfrage", link);
    expect(linkIn(received.text)).toBe(`/anfrage/status/${link}`);
    expect(received.text).toMatch(/^Guten Tag,\r\n/);
    await api("enquiry/quote", { token, json: quote(id) });
    await check(`Ihre Anfrage ${reference}: Ihr Richtpreis`, "307,77 € inkl. 19 % MwSt.");
    await api("enquiry/propose", { token, json: { id, slots: [openWeekday(2)] } });
    await check(`Ihre Anfrage ${reference}: Terminvorschläge`, "wir schlagen Ihnen diese Termine vor");
    const [live] = (await env.DB.prepare("select id from appointment_slots where withdrawn_at is null").all<{ id: string }>()).results;
    await site(`/anfrage/status/${link}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ aktion: "termin-waehlen", termin: live.id }),
      redirect: "manual",
    });
    await check(`Ihre Anfrage ${reference}: Ihr Termin`, `bei uns in der Werkstatt (${DEMO.street}`);
    await api("enquiry/arrived", { token, json: { id, early: true } });
    const finished = await body<ApiEnquiry>(await api("enquiry/finish", { token, json: { id } }));
    expect(finished.finishedAt).toEqual(expect.any(String));
    // The "fertig" e-mail waits out the undo window in the queue; here it is delivered as Cloudflare would then.
    await worker.queue(createMessageBatch<JobMessage>("autosattlerei-jobs", [{ id: "fertig", timestamp: new Date(), attempts: 1, body: { kind: "fertig", enquiryId: id, finishedAt: Date.parse(finished.finishedAt!) } }]), env);
    await check(`Ihre Anfrage ${reference}: Ihr Fahrzeug ist fertig`, "Ihr Fahrzeug ist fertig und kann abgeholt werden.");
    await expectError(await api("enquiry/finish", { token, json: { id } }), 409, "Das Fahrzeug ist schon als fertig gemeldet.");

    await expect
      .poll(async () => (await body<ApiEnquiry[]>(await api("enquiry/get", { token }))).find((item) => item.id === id)!.customerNotified)
      .toEqual({ received: true, quote: true, appointment: true, finished: true });
    // The page shows "fertig" once it can no longer be taken back (app/lib/job.ts), as the e-mail does.
    await env.DB.prepare("update enquiries set finished_at = finished_at - ? where id = ?").bind(FINISH_UNDO_MINUTES * 60_000, id).run();
    const page = await (await site(`/anfrage/status/${link}`)).text();
    for (const step of ["Eingegangen", "In Bearbeitung", "Richtpreis", "Termin", "Fertig", "Fahrzeug fertig – kann abgeholt werden"]) expect(page).toContain(step);
  });

  it.each([
    ["without the customers' binding", undefined, "E-Mail an Kunden ist nicht eingerichtet"],
    ["when sending fails", { send: () => Promise.reject(new Error("Email Service nicht erreichbar")) }, "E-Mail nicht zugestellt"],
  ])("leaves the step „nicht benachrichtigt“ %s, and staff send the same text themselves", async (_, binding, reason) => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const { id, reference, name } = await customerEnquiry({ telefon: "0171 2345678" });
    const context = createExecutionContext();
    const request = new Request(`${BASE}/api/v1/enquiry/quote`, {
      method: "POST",
      headers: { token, "Content-Type": "application/json" },
      body: JSON.stringify(quote(id)),
    });
    const answer = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, CUSTOMER_MAIL: binding } as Env, context);
    expect(answer.status).toBe(200);
    await waitOnExecutionContext(context);
    const [enquiry] = await body<ApiEnquiry[]>(await api("enquiry/get", { token }));
    expect(enquiry.customerNotified.quote).toBe(false);

    const view = await (await site(`/intern/anfragen?anfrage=${id}`, { headers: { Cookie: cookie } })).text();
    expect(view).toContain(`nicht benachrichtigt (${reason})`);
    expect(view).toContain("Kunde benachrichtigen");
    expect(view).toContain("Per WhatsApp");

    const shared = await site(`/intern/anfragen?anfrage=${id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "benachrichtigen", id, kanal: "whatsapp" }),
      redirect: "manual",
    });
    expect(shared.status).toBe(303);
    const location = shared.headers.get("Location")!;
    expect(location).toMatch(/^https:\/\/wa\.me\/491712345678\?text=/);
    const text = decodeURIComponent(location.split("?text=")[1]);
    expect(text).toContain(`Guten Tag ${name},`);
    expect(text).toContain("307,77 € inkl. 19 % MwSt.");
    expect((await site(linkIn(text))).status).toBe(200);
    expect(reference).toMatch(/^A-/);

    const [after] = await body<ApiEnquiry[]>(await api("enquiry/get", { token }));
    expect(after.customerNotified.quote).toBe(true);
    const log = await env.DB.prepare("select username, title from activity_log where action = 'Kunde benachrichtigt'").first();
    expect(log).toEqual({ username: "meister", title: reference });
  });
});
