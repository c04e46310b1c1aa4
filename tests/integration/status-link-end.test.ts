import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { STATUS_LINK_WEEKS_AFTER_CLOSE } from "~/server/entities/job/enquiry-status-links.server";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";
import { mailsSince } from "./mail";

/*
 * Issue 37, item 6: a status link ends weeks after the job is closed — the page, its photos, its
 * calendar file and its forms alike — and says so with the workshop's phone; "Neuen Link senden"
 * on the job card ends every earlier link at once and gets a new one to the customer.
 */

const WEEK = 7 * 24 * 60 * 60 * 1000;

let customers = 0;
async function customerEnquiry(fields: Record<string, string> = {}) {
  const name = `Erika Link-${Date.now().toString(36)}-${customers++}`;
  const photo = { name: "sitz.png", bytes: png({ rgb: [120, 60, 30] }), type: "image/png" };
  const { reference, token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: name, ...fields }, [photo])));
  const row = await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>();
  const photoRow = await env.DB.prepare("select id from enquiry_photos where enquiry_id = ?").bind(row!.id).first<{ id: string }>();
  return { reference, token, id: row!.id, photoId: photoRow!.id };
}

/** A drop-off date the customer chose, written directly: the calendar file then answers. */
async function chosenDate(enquiryId: string) {
  const now = Date.now();
  await env.DB.prepare("insert into appointment_slots (id, enquiry_id, starts_at, proposed_at, withdrawn_at, chosen_at) values (?, ?, ?, ?, null, ?)")
    .bind(`slot-${enquiryId}`, enquiryId, now + WEEK, now, now)
    .run();
}

const statusPost = (token: string) =>
  site(`/anfrage/status/${token}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.77" },
    body: new URLSearchParams({ aktion: "annehmen", angebot: "gibt-es-nicht" }),
    redirect: "manual",
  });

async function everyAddress(token: string, photoId: string) {
  return {
    page: (await site(`/anfrage/status/${token}`)).status,
    photo: (await site(`/anfrage/status/${token}/foto/${photoId}`)).status,
    calendar: (await site(`/anfrage/status/${token}/termin.ics`)).status,
  };
}

function renewLink(cookie: string, id: string) {
  return site(`/intern/anfragen?anfrage=${id}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "neuer-link", id }),
    redirect: "manual",
  });
}

describe("a status link's end", () => {
  it(`works until ${STATUS_LINK_WEEKS_AFTER_CLOSE} weeks after the job was closed, then answers 404 with the workshop's phone — page, photo, calendar file and forms`, async () => {
    const token = await staffToken();
    const enquiry = await customerEnquiry();
    await chosenDate(enquiry.id);
    expect(await everyAddress(enquiry.token, enquiry.photoId)).toEqual({ page: 200, photo: 200, calendar: 200 });

    expect((await api("enquiry/update", { token, json: { id: enquiry.id, status: "erledigt" } })).status).toBe(200);
    // Closed just now: the link still works.
    expect(await everyAddress(enquiry.token, enquiry.photoId)).toEqual({ page: 200, photo: 200, calendar: 200 });

    // The job closed, and the link was made, a day more than the weeks ago.
    const past = Date.now() - STATUS_LINK_WEEKS_AFTER_CLOSE * WEEK - 24 * 60 * 60 * 1000;
    await env.DB.batch([
      env.DB.prepare("update enquiries set closed_at = ? where id = ?").bind(past, enquiry.id),
      env.DB.prepare("update enquiry_status_links set created_at = ? where enquiry_id = ?").bind(past, enquiry.id),
    ]);
    expect(await everyAddress(enquiry.token, enquiry.photoId)).toEqual({ page: 404, photo: 404, calendar: 404 });
    const page = await (await site(`/anfrage/status/${enquiry.token}`)).text();
    expect(page).toContain("Dieser Link ist abgelaufen");
    expect(page).toContain(DEMO.phone);
    expect((await statusPost(enquiry.token)).status).toBe(404);

    // Opened again, the job's links work again; closed again, the clock starts anew.
    expect((await api("enquiry/update", { token, json: { id: enquiry.id, status: "in-bearbeitung" } })).status).toBe(200);
    expect((await site(`/anfrage/status/${enquiry.token}`)).status).toBe(200);
    expect((await api("enquiry/update", { token, json: { id: enquiry.id, status: "erledigt" } })).status).toBe(200);
    expect((await site(`/anfrage/status/${enquiry.token}`)).status).toBe(200);
  });

  it("ends every earlier link on „Neuen Link senden“ and e-mails a new one that works, also after the old ones ran out", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const address = `erika-${Date.now().toString(36)}@beispiel.de`;
    const since = Date.now();
    const enquiry = await customerEnquiry({ [F.email]: address });
    await api("enquiry/update", { token, json: { id: enquiry.id, status: "erledigt" } });
    const past = Date.now() - STATUS_LINK_WEEKS_AFTER_CLOSE * WEEK - 24 * 60 * 60 * 1000;
    await env.DB.batch([
      env.DB.prepare("update enquiries set closed_at = ? where id = ?").bind(past, enquiry.id),
      env.DB.prepare("update enquiry_status_links set created_at = ? where enquiry_id = ?").bind(past, enquiry.id),
    ]);
    const card = await (await site(`/intern/anfragen?anfrage=${enquiry.id}`, { headers: { Cookie: cookie } })).text();
    expect(card).toContain("abgelaufen");
    expect(card).toContain("Neuen Link senden");

    const renewed = await renewLink(cookie, enquiry.id);
    expect(renewed.status).toBe(302);
    expect((await site(`/anfrage/status/${enquiry.token}`)).status).toBe(404);
    const mail = await vi.waitFor(
      async () => {
        const found = (await mailsSince(since)).find((candidate) => candidate.headers.to === `<${address}>` && candidate.subject.endsWith("Ihr neuer Link"));
        if (!found) throw new Error("Keine E-Mail mit dem neuen Link");
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(mail.text).toContain("Frühere Links gelten nicht mehr.");
    const link = /\/anfrage\/status\/[A-Za-z0-9_-]{27}/.exec(mail.text)![0];
    expect(link).not.toBe(`/anfrage/status/${enquiry.token}`);
    const page = await site(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(enquiry.reference);
    expect(await env.DB.prepare("select username, title from activity_log where action = 'Statuslink erneuert'").first()).toEqual({
      username: "meister",
      title: enquiry.reference,
    });
  });

  it("without an e-mail address, leaves the new link to „Kunde benachrichtigen“, whose message carries it", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const enquiry = await customerEnquiry({ [F.email]: "", [F.phone]: "0171 2345678" });
    expect((await renewLink(cookie, enquiry.id)).status).toBe(302);
    expect((await site(`/anfrage/status/${enquiry.token}`)).status).toBe(404);
    const card = await (await site(`/intern/anfragen?anfrage=${enquiry.id}`, { headers: { Cookie: cookie } })).text();
    expect(card).toContain("nicht benachrichtigt (keine E-Mail-Adresse)");
    expect(card).toContain("Kunde benachrichtigen");

    const shared = await site(`/intern/anfragen?anfrage=${enquiry.id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "benachrichtigen", id: enquiry.id, kanal: "whatsapp" }),
      redirect: "manual",
    });
    expect(shared.status).toBe(303);
    const text = decodeURIComponent(shared.headers.get("Location")!.split("?text=")[1]);
    expect(text).toContain("hier ist Ihr neuer Link");
    const link = /\/anfrage\/status\/[A-Za-z0-9_-]{27}/.exec(text)![0];
    expect((await site(link)).status).toBe(200);
  });

  it("is refused for an enquiry under Spam", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const enquiry = await customerEnquiry();
    await api("enquiry/update", { token, json: { id: enquiry.id, status: "spam" } });
    const refused = await renewLink(cookie, enquiry.id);
    expect(refused.status).toBe(302);
    expect((await site(`/anfrage/status/${enquiry.token}`)).status).toBe(200);
    expect(await env.DB.prepare("select count(*) as n from activity_log where action = 'Statuslink erneuert'").first<{ n: number }>()).toEqual({ n: 0 });
  });
});
