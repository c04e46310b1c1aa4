import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, formatCustomerTime, workshopInstant } from "~/lib/dates";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { FINISH_UNDO_MINUTES } from "~/lib/job";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { sendDropOffReminders } from "~/server/entities/job/job-flow.server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, body, db, expectError, site, staffCookie, staffToken } from "./helpers";
import { customerPost, deliver, job, openWeekday, step, today } from "./job-helpers";
import { mailsSince, sentMail } from "./mail";

/*
 * The job as one guarded sequence (issue 38, app/lib/job.ts): every transition from the steps
 * before it only, a German 409 otherwise, the step and who waits in the API, and the "fertig"
 * e-mail held back for the undo window.
 */

interface ApiJob {
  id: string;
  status: string;
  step: string;
  waitingOn: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
  collectedAt: string | null;
  customerAnsweredAt: string | null;
  customerNotified: Record<string, boolean>;
}

async function current(token: string, id: string): Promise<ApiJob> {
  const list = await body<ApiJob[]>(await api("enquiry/get?limit=50", { token }));
  return list.find((item) => item.id === id)!;
}

describe("the job's steps", () => {
  it("refuses fertig before the car is in the workshop and abgeholt before fertig, each with a German 409 and nothing written", async () => {
    const token = await staffToken();
    const { id } = await job();
    await expectError(await api("enquiry/finish", { token, json: { id } }), 409, /erst, wenn das Fahrzeug in der Werkstatt ist/);
    // Without a chosen date "Fahrzeug ist da" needs the second tap too.
    await expectError(await api("enquiry/arrived", { token, json: { id } }), 409, "Es ist noch kein Termin vereinbart. Ist das Fahrzeug schon da, bitte bestätigen.");
    await expectError(await api("enquiry/collected", { token, json: { id } }), 409, /erst, wenn das Fahrzeug als fertig gemeldet ist/);
    await expectError(await api("enquiry/finish/undo", { token, json: { id } }), 409);
    const row = await env.DB.prepare("select arrived_at, finished_at, collected_at from enquiries where id = ?").bind(id).first();
    expect(row).toEqual({ arrived_at: null, finished_at: null, collected_at: null });
    expect((await current(token, id)).step).toBe("eingegangen");
  });

  it("walks from a price to Abgeholt, each step with its author in the Verlauf, the editors closed after arrival", async () => {
    const token = await staffToken();
    const { id, link } = await job();
    const quote = { id, kind: "richtpreis", items: [{ text: "Sitz neu beziehen", quantity: 1, unitPriceGross: 35400 }], validUntil: addDays(today(), 20) };
    expect(await step<ApiJob>(token, "enquiry/quote", quote)).toMatchObject({ step: "preis-gesendet", waitingOn: "kunde" });

    const accepted = await customerPost(link, { aktion: "annehmen", angebot: (await env.DB.prepare("select id from enquiry_quotes where enquiry_id = ?").bind(id).first<{ id: string }>())!.id });
    expect(accepted.status).toBe(303);
    // The customer's answer is the workshop's move, and leaves the staff's status alone.
    expect(await current(token, id)).toMatchObject({ step: "preis-bestaetigt", waitingOn: "werkstatt" });

    const slot = openWeekday(1);
    await step<ApiJob>(token, "enquiry/propose", { id, slots: [slot] });
    const slotId = (await env.DB.prepare("select id from appointment_slots where enquiry_id = ? and withdrawn_at is null").bind(id).first<{ id: string }>())!.id;
    expect((await customerPost(link, { aktion: "termin-waehlen", termin: slotId })).status).toBe(303);
    expect((await current(token, id)).step).toBe("termin");

    // The drop-off is tomorrow or later: "Fahrzeug ist da" needs the second tap until then.
    await expectError(await api("enquiry/arrived", { token, json: { id } }), 409, /Der vereinbarte Termin ist erst am/);
    expect(await step<ApiJob>(token, "enquiry/arrived", { id, early: true })).toMatchObject({ step: "in-werkstatt", waitingOn: "werkstatt", status: "in-bearbeitung" });
    await expectError(await api("enquiry/arrived", { token, json: { id, early: true } }), 409);
    await expectError(await api("enquiry/propose", { token, json: { id, slots: [openWeekday(3)] } }), 409, /schon in der Werkstatt/);
    await expectError(await api("enquiry/quote", { token, json: quote }), 409);

    expect(await step<ApiJob>(token, "enquiry/finish", { id })).toMatchObject({ step: "fertig", waitingOn: "kunde" });
    await expectError(await api("enquiry/finish", { token, json: { id } }), 409, "Das Fahrzeug ist schon als fertig gemeldet.");
    expect(await step<ApiJob>(token, "enquiry/collected", { id })).toMatchObject({ step: "abgeholt", waitingOn: null, status: "erledigt" });
    // Her page ends where the job ended.
    const labels = [...(await (await site(`/anfrage/status/${link}`)).text()).matchAll(/<span class="status-timeline__label">([^<]+)<\/span>/g)].map((match) => match[1]);
    expect(labels.slice(-2)).toEqual(["Fertig", "Abgeholt"]);

    const log = await env.DB.prepare("select username as user, action from activity_log where item_id = ? order by id").bind(id).all<{ user: string; action: string }>();
    expect(log.results).toEqual(
      expect.arrayContaining([
        { user: "Kunde", action: "Richtpreis bestätigt" },
        { user: "Kunde", action: "Termin gewählt" },
        { user: "meister", action: "Fahrzeug angekommen" },
        { user: "meister", action: "fertig gemeldet" },
        { user: "meister", action: "abgeholt" },
      ]),
    );
  });

  it("holds the fertig e-mail back: taken back within the window the customer hears nothing, after the window she gets it once", async () => {
    const since = Date.now();
    const token = await staffToken();
    const { id, reference, name, link } = await job();
    await step<ApiJob>(token, "enquiry/arrived", { id, early: true });

    const first = await step<ApiJob>(token, "enquiry/finish", { id });
    // Nothing went out with the answer: the message waits in the queue, and the status page does not say "fertig" yet.
    expect(first.customerNotified.finished).toBe(false);
    expect(await (await site(`/anfrage/status/${link}`)).text()).not.toContain("Fahrzeug fertig – kann abgeholt werden");
    expect(await step<ApiJob>(token, "enquiry/finish/undo", { id })).toMatchObject({ step: "in-werkstatt", finishedAt: null });
    const undone = await deliver({ kind: "fertig", enquiryId: id, finishedAt: Date.parse(first.finishedAt!) });
    expect(undone.explicitAcks).toHaveLength(1);
    expect((await current(token, id)).customerNotified.finished).toBeUndefined();

    const second = await step<ApiJob>(token, "enquiry/finish", { id });
    await deliver({ kind: "fertig", enquiryId: id, finishedAt: Date.parse(second.finishedAt!) });
    const mail = await sentMail(name, since, `Ihre Anfrage ${reference}: Ihr Fahrzeug ist fertig`);
    expect(mail.text).toContain("kann abgeholt werden");
    expect((await current(token, id)).customerNotified.finished).toBe(true);
    // The first, taken-back "fertig" sent nothing: one message about it in all.
    const finishedMails = (await mailsSince(since)).filter((candidate) => candidate.subject === mail.subject && candidate.text.includes(name));
    expect(finishedMails).toHaveLength(1);
  });

  it("takes „Fahrzeug ist da“ in one tap on the drop-off day", async () => {
    const token = await staffToken();
    const { id, link } = await job();
    await step<ApiJob>(token, "enquiry/propose", { id, slots: [openWeekday(1)] });
    const slotId = (await env.DB.prepare("select id from appointment_slots where enquiry_id = ? and withdrawn_at is null").bind(id).first<{ id: string }>())!.id;
    expect((await customerPost(link, { aktion: "termin-waehlen", termin: slotId })).status).toBe(303);
    // The day has come (the date moved to this very moment).
    await env.DB.prepare("update appointment_slots set starts_at = ? where id = ?").bind(Date.now(), slotId).run();
    expect(await step<ApiJob>(token, "enquiry/arrived", { id })).toMatchObject({ step: "in-werkstatt" });
  });

  it(`refuses Zurücknehmen after ${FINISH_UNDO_MINUTES} minutes`, async () => {
    const token = await staffToken();
    const { id } = await job();
    await step<ApiJob>(token, "enquiry/arrived", { id, early: true });
    await step<ApiJob>(token, "enquiry/finish", { id });
    await env.DB.prepare("update enquiries set finished_at = ? where id = ?")
      .bind(Date.now() - (FINISH_UNDO_MINUTES * 60_000 + 1000), id)
      .run();
    await expectError(await api("enquiry/finish/undo", { token, json: { id } }), 409, /nur in den ersten 10 Minuten/);
    expect((await current(token, id)).step).toBe("fertig");
  });
});

describe("the reminder the day before the drop-off", () => {
  /** 03:00 in Cologne on the day before `slot` (`YYYY-MM-DDTHH:mm`), when the nightly run goes. */
  const nightBefore = (slot: string) => workshopInstant(addDays(slot.slice(0, 10), -1), "03:00");

  it("goes once per chosen date, with the date, the address and the directions; not for a withdrawn date or a car already in", async () => {
    const since = Date.now();
    const token = await staffToken();
    const { id, link, reference, name } = await job();
    const slot = openWeekday(2, "14:00");
    await step<ApiJob>(token, "enquiry/propose", { id, slots: [slot] });
    const slotId = (await env.DB.prepare("select id from appointment_slots where enquiry_id = ? and withdrawn_at is null").bind(id).first<{ id: string }>())!.id;
    expect((await customerPost(link, { aktion: "termin-waehlen", termin: slotId })).status).toBe(303);

    // Two days before: nothing yet.
    expect(await sendDropOffReminders(db(), env.CUSTOMER_MAIL, workshopInstant(addDays(slot.slice(0, 10), -2), "03:00"))).not.toContain(id);
    // The night before: once, however often the run goes.
    expect(await sendDropOffReminders(db(), env.CUSTOMER_MAIL, nightBefore(slot))).toContain(id);
    expect(await sendDropOffReminders(db(), env.CUSTOMER_MAIL, nightBefore(slot))).not.toContain(id);
    const mail = await sentMail(name, since, `Ihre Anfrage ${reference}: Ihr Termin morgen`);
    expect(mail.text).toContain(formatCustomerTime(workshopInstant(slot.slice(0, 10), "14:00").toISOString()));
    expect(mail.text).toContain(DEMO.street);
    expect(mail.text).toContain(DEMO.directions);
    expect(mail.text).toContain("verschieben");
    expect(mail.headers["auto-submitted"]).toBe("auto-generated");

    // New proposals withdraw the date: no reminder for it. A car already in gets none either.
    const other = await job();
    await step<ApiJob>(token, "enquiry/propose", { id: other.id, slots: [slot] });
    const otherSlot = (await env.DB.prepare("select id from appointment_slots where enquiry_id = ? and withdrawn_at is null").bind(other.id).first<{ id: string }>())!.id;
    expect((await customerPost(other.link, { aktion: "termin-waehlen", termin: otherSlot })).status).toBe(303);
    await step<ApiJob>(token, "enquiry/arrived", { id: other.id, early: true });
    expect(await sendDropOffReminders(db(), env.CUSTOMER_MAIL, nightBefore(slot))).not.toContain(other.id);
  });
});

describe("what the job card says of telling the customer", () => {
  const card = async (id: string, cookie: string) => (await site(`/intern/anfragen?anfrage=${id}`, { headers: { Cookie: cookie } })).text();

  it("says an e-mail on its way neutrally and offers no sharing while it can go; with WhatsApp chosen, WhatsApp comes first", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const quote = (id: string) => ({ id, kind: "richtpreis", items: [{ text: "Sitz", quantity: 1, unitPriceGross: 35400 }], validUntil: addDays(today(), 20) });

    const byMail = await job();
    await step<ApiJob>(token, "enquiry/quote", quote(byMail.id));
    const mailed = await card(byMail.id, cookie);
    expect(mailed).not.toContain("nicht benachrichtigt");
    expect(mailed).not.toContain("Kunde benachrichtigen");

    // Fertig waits out the undo window: the card names the time the e-mail goes.
    await step<ApiJob>(token, "enquiry/arrived", { id: byMail.id, early: true });
    await step<ApiJob>(token, "enquiry/finish", { id: byMail.id });
    expect(await card(byMail.id, cookie)).toMatch(/E-Mail geht um \d\d:\d\d Uhr, nach der Frist zum Zurücknehmen/);

    const name = `Jana WhatsApp-${Date.now().toString(36)}`;
    await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, name, [F.phone]: "0171 2345678", [F.contactBy]: "whatsapp" })));
    const wantsWhatsApp = (await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>())!.id;
    await step<ApiJob>(token, "enquiry/quote", quote(wantsWhatsApp));
    const shared = await card(wantsWhatsApp, cookie);
    expect(shared).toContain("Kunde benachrichtigen");
    expect(shared.indexOf("Per WhatsApp")).toBeGreaterThan(-1);
    expect(shared.indexOf("Per WhatsApp")).toBeLessThan(shared.indexOf("Per E-Mail"));
  });
});
