import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { FINISH_UNDO_MINUTES } from "~/lib/job";
import { api, expectError, site, staffToken } from "./helpers";
import { customerPost, deliver, job, openWeekday, step, today } from "./job-helpers";
import { sentMail } from "./mail";

/*
 * The customer's side of the job (issue 38): words that bind what they say, how and when she
 * pays, times as "Mi., 2. Dez., 14:00 Uhr", the confirmation first after an answer, and
 * "Termin verschieben" only between a chosen date and the car's arrival.
 */

/** "Mi., 2. Dez., 14:00 Uhr" */
const CUSTOMER_TIME = /\b(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.?, \d{2}:\d{2} Uhr/;

const page = async (link: string, query = "") => (await site(`/anfrage/status/${link}${query}`)).text();

const priced = async (token: string, id: string, kind: "richtpreis" | "angebot") => {
  await step(token, "enquiry/quote", { id, kind, items: [{ text: "Fahrersitz neu beziehen", quantity: 1, unitPriceGross: 35400 }], validUntil: addDays(today(), 20) });
  return (await env.DB.prepare("select id from enquiry_quotes where enquiry_id = ? order by version desc").bind(id).first<{ id: string }>())!.id;
};

const liveSlots = async (id: string) =>
  (await env.DB.prepare("select id, chosen_at, withdrawn_at from appointment_slots where enquiry_id = ? order by starts_at").bind(id).all<{ id: string; chosen_at: number | null; withdrawn_at: number | null }>()).results;

describe("words that bind what they say", () => {
  it("lets a Richtpreis be confirmed, not accepted, and the timeline says 'Richtpreis bestätigt'", async () => {
    const token = await staffToken();
    const { id, link } = await job("Sabine Zuerst");
    const quoteId = await priced(token, id, "richtpreis");
    const waiting = await page(link);
    expect(waiting).toContain("Richtpreis passt – Termin vereinbaren");
    expect(waiting).toContain("Damit ist noch nichts beauftragt");
    expect(waiting).not.toContain("Angebot annehmen");
    expect(waiting).not.toContain("verbindlich annehmen");
    expect(waiting).toContain("Bezahlung bei Abholung: bar oder EC-Karte.");
    expect(waiting).toContain("Neu für Sie");
    expect(waiting).toMatch(CUSTOMER_TIME);

    const confirmed = await customerPost(link, { aktion: "annehmen", angebot: quoteId });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/anfrage/status/${link}?antwort=annehmen#bestaetigung`);
    const after = await page(link, "?antwort=annehmen");
    // The confirmation is the page's first content, before its title.
    expect(after.indexOf('id="bestaetigung"')).toBeGreaterThan(0);
    expect(after.indexOf('id="bestaetigung"')).toBeLessThan(after.indexOf("<h1"));
    expect(after).toContain("Sie haben den Richtpreis bestätigt. Vielen Dank!");
    expect(after).toMatch(/<span class="status-timeline__label">Richtpreis bestätigt<\/span>/);
    // Without the flag the page is the page.
    expect(await page(link)).not.toContain('id="bestaetigung"');
  });

  it("has an Angebot accepted bindingly, saying what the click binds", async () => {
    const token = await staffToken();
    const { id, link } = await job("Sabine Zuerst");
    const quoteId = await priced(token, id, "angebot");
    const waiting = await page(link);
    expect(waiting).toContain("Angebot verbindlich annehmen");
    expect(waiting).toContain("Mit dem Klick beauftragen Sie die Arbeiten zum genannten Preis.");
    expect(waiting).not.toContain("Richtpreis passt");
    expect((await customerPost(link, { aktion: "annehmen", angebot: quoteId })).status).toBe(303);
    const after = await page(link, "?antwort=annehmen");
    expect(after).toContain("Sie haben das Angebot verbindlich angenommen. Vielen Dank!");
    expect(after).toMatch(/<span class="status-timeline__label">Angebot angenommen<\/span>/);
  });

  it("says how to pay at pick-up from the business record, on the fertig card and in the fertig e-mail", async () => {
    const since = Date.now();
    const token = await staffToken();
    expect((await api("business/update", { token, json: { paymentNote: "bar, EC-Karte oder Überweisung" } })).status).toBe(200);
    try {
      const { id, link, reference, name } = await job("Sabine Zuerst");
      await step(token, "enquiry/arrived", { id, early: true });
      const finished = await step<{ finishedAt: string | null }>(token, "enquiry/finish", { id });
      await deliver({ kind: "fertig", enquiryId: id, finishedAt: Date.parse(finished.finishedAt!) });
      const mail = await sentMail(name, since, `Ihre Anfrage ${reference}: Ihr Fahrzeug ist fertig`);
      expect(mail.text).toContain("Bezahlung bei Abholung: bar, EC-Karte oder Überweisung.");
      // The page says "fertig" once it can no longer be taken back.
      await env.DB.prepare("update enquiries set finished_at = finished_at - ? where id = ?").bind(FINISH_UNDO_MINUTES * 60_000, id).run();
      const html = await page(link);
      expect(html).toContain("Fahrzeug fertig – kann abgeholt werden");
      expect(html).toContain("Bezahlung bei Abholung: bar, EC-Karte oder Überweisung.");
      // "fertig" leads the page.
      expect(html.indexOf('id="fertig"')).toBeLessThan(html.indexOf('id="stand"'));
    } finally {
      await api("business/update", { token, json: { paymentNote: "bar oder EC-Karte" } });
    }
  });
});

describe("Termin verschieben", () => {
  it("withdraws the chosen date, reopens the choice and marks the answer for staff", async () => {
    const token = await staffToken();
    const { id, link } = await job("Sabine Zuerst");
    await step(token, "enquiry/propose", { id, slots: [openWeekday(2), openWeekday(3, "14:00")] });
    const [first] = await liveSlots(id);
    expect((await customerPost(link, { aktion: "termin-waehlen", termin: first.id })).status).toBe(303);
    await env.DB.prepare("update enquiries set customer_answered_at = null where id = ?").bind(id).run();
    const chosenPage = await page(link);
    expect(chosenPage).toMatch(/<section[^>]*id="termin"/);
    expect(chosenPage).toContain("Termin verschieben");
    expect(chosenPage).toMatch(CUSTOMER_TIME);

    const moved = await customerPost(link, { aktion: "verschieben", nachricht: "Nächste Woche Donnerstag ginge." });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe(`/anfrage/status/${link}?antwort=verschieben#bestaetigung`);
    const slots = await liveSlots(id);
    expect(slots.every((slot) => slot.withdrawn_at !== null)).toBe(true);
    const row = await env.DB.prepare("select customer_answered_at from enquiries where id = ?").bind(id).first<{ customer_answered_at: number | null }>();
    expect(row!.customer_answered_at).not.toBeNull();
    const message = await env.DB.prepare("select kind, text from customer_messages where enquiry_id = ?").bind(id).first();
    expect(message).toEqual({ kind: "verschieben", text: "Nächste Woche Donnerstag ginge." });
    const log = await env.DB.prepare("select username, action from activity_log where item_id = ? and action = 'Termin verschieben'").bind(id).all();
    expect(log.results).toEqual([{ username: "Kunde", action: "Termin verschieben" }]);

    const after = await page(link, "?antwort=verschieben");
    expect(after).toContain("Ihr Termin ist freigegeben.");
    expect(after).toContain("Sie möchten Ihren Termin verschieben");
    expect(after).not.toContain("Termin verschieben</button>");
    // Staff can propose again.
    await step(token, "enquiry/propose", { id, slots: [openWeekday(5)] });
  });

  it("is refused with 409 before a date is chosen and once the car has arrived, changing nothing", async () => {
    const token = await staffToken();
    const { id, link } = await job("Sabine Zuerst");
    await step(token, "enquiry/propose", { id, slots: [openWeekday(2)] });
    const before = await customerPost(link, { aktion: "verschieben", nachricht: "" });
    expect(before.status).toBe(409);
    expect(await before.text()).toContain("Verschieben geht, wenn ein Termin gewählt ist");
    expect((await liveSlots(id)).every((slot) => slot.withdrawn_at === null)).toBe(true);

    const [slot] = await liveSlots(id);
    expect((await customerPost(link, { aktion: "termin-waehlen", termin: slot.id })).status).toBe(303);
    await step(token, "enquiry/arrived", { id, early: true });
    const afterArrival = await customerPost(link, { aktion: "verschieben", nachricht: "" });
    expect(afterArrival.status).toBe(409);
    const [kept] = await liveSlots(id);
    expect(kept).toMatchObject({ chosen_at: expect.any(Number), withdrawn_at: null });
    expect(await env.DB.prepare("select count(*) as n from customer_messages where enquiry_id = ?").bind(id).first("n")).toBe(0);
    await expectError(await api("enquiry/propose", { token, json: { id, slots: [openWeekday(4)] } }), 409);
  });
});
