import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { holidayOn } from "~/lib/holidays";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, BASE, body, expectError, rowCount, SAME_ORIGIN, site, staffToken } from "./helpers";

/*
 * The customer's status page (decision 021): the link, what the page is and is not, and the
 * customer's answers on it. Prices, dates and notices themselves: enquiry-steps.test.ts.
 */

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

async function customerEnquiry(fields: Record<string, string> = CUSTOMER) {
  const { reference, token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm(fields)));
  const row = await env.DB.prepare("select id from enquiries order by created_at desc limit 1").first<{ id: string }>();
  return { reference, token, id: row!.id };
}

const statusPage = (token: string, init?: RequestInit) => site(`/anfrage/status/${token}`, init);

/** A weekday (Mon–Fri, default hours, no NRW holiday) at least `days` ahead, at `time` in Berlin, as the API takes it. */
export function openWeekday(days: number, time = "09:00"): string {
  let date = addDays(workshopDate(new Date()), days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date)) date = addDays(date, 1);
  return `${date}T${time}`;
}

/** Posts a status page form as the customer's browser does. */
function answer(token: string, fields: Record<string, string>, address = "203.0.113.9") {
  return site(`/anfrage/status/${token}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the status link", () => {
  it("carries at least 128 random bits, and only its SHA-256 is stored", async () => {
    const { token, id } = await customerEnquiry();
    const bytes = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
    expect(bytes.length * 8).toBeGreaterThanOrEqual(128);
    const rows = (await env.DB.prepare("select * from enquiry_status_links").all()).results;
    expect(rows).toEqual([{ token_hash: await sha256Hex(token), enquiry_id: id, created_at: expect.any(Number) }]);
    // Nowhere in the database in plain text.
    for (const table of ["enquiries", "enquiry_status_links", "activity_log"]) {
      const dump = JSON.stringify((await env.DB.prepare(`select * from ${table}`).all()).results);
      expect(dump, table).not.toContain(token);
    }
  });

  it("opens the page as the confirmation: thanks, the number, the link to keep; private, never cached, noindex, same-origin referrer", async () => {
    const { token, reference } = await customerEnquiry();
    for (const view of [1, 2]) {
      const page = await statusPage(token);
      expect(page.status, `view ${view}`).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
      expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      const html = await page.text();
      expect(html).toContain("Vielen Dank!");
      expect(html).toContain(`Ihre Anfrage <span class="status-page__reference">${reference}</span> ist angekommen.`);
      expect(html).toContain("Diesen Link aufbewahren");
      expect(html).toContain(`value="${BASE}/anfrage/status/${token}"`);
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      // No link or meta tag names the address (a canonical link, an og:url): only the field and the page's own data do.
      for (const tag of html.match(/<(link|meta)\b[^>]*>/g) ?? []) expect(tag).not.toContain(token);
    }
    // Its data request too.
    const data = await site(`/anfrage/status/${token}.data`);
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("opens an enquiry filed under Spam like any other, so a robot learns nothing from the answer", async () => {
    const { token } = await customerEnquiry({ ...CUSTOMER, webseite: "https://werbung.example" });
    expect((await env.DB.prepare("select status from enquiries").first<{ status: string }>())?.status).toBe("spam");
    expect((await statusPage(token)).status).toBe(200);
  });

  it.each([
    ["a made-up token", "A".repeat(27)],
    ["a token of another shape", "kurz"],
    ["a token with a character too many", `${"A".repeat(27)}B`],
  ])("answers %s with 404 „Dieser Link ist nicht mehr gültig“", async (_, token) => {
    const page = await statusPage(token);
    expect(page.status).toBe(404);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await page.text()).toContain("Dieser Link ist nicht mehr gültig");
  });

  it("ends six months after the enquiry's last change, and when the enquiry is deleted; a restore brings it back", async () => {
    const { token, id } = await customerEnquiry();
    const sevenMonthsAgo = new Date();
    sevenMonthsAgo.setUTCMonth(sevenMonthsAgo.getUTCMonth() - 7);
    await env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(sevenMonthsAgo.getTime(), id).run();
    expect((await statusPage(token)).status).toBe(404);
    expect((await site(`/anfrage/status/${token}/termin.ics`)).status).toBe(404);

    await env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(Date.now(), id).run();
    expect((await statusPage(token)).status).toBe(200);
    const staff = await staffToken();
    expect((await api("enquiry/delete", { token: staff, json: { id } })).status).toBe(200);
    expect(await rowCount("enquiry_status_links")).toBe(0);
    const gone = await statusPage(token);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Dieser Link ist nicht mehr gültig");

    expect((await api("trash/restore", { token: staff, json: { id } })).status).toBe(200);
    expect((await statusPage(token)).status).toBe(200);
  });
});

describe("the customer's answers on the page", () => {
  async function withQuoteAndDates() {
    const enquiry = await customerEnquiry();
    const staff = await staffToken();
    const quoted = await api("enquiry/quote", {
      token: staff,
      json: { id: enquiry.id, kind: "richtpreis", items: [{ text: "Sitzwange neu beziehen", quantity: 1, unitPriceGross: 34900 }], validUntil: addDays(workshopDate(new Date()), 30) },
    });
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    const proposed = await api("enquiry/propose", { token: staff, json: { id: enquiry.id, slots: [openWeekday(3), openWeekday(4, "14:00")] } });
    expect(proposed.status, await proposed.clone().text()).toBe(200);
    const { quote, appointment } = await body<{ quote: { id: string }; appointment: { proposals: string[] } }>(proposed);
    const slots = (await env.DB.prepare("select id, starts_at from appointment_slots order by starts_at").all<{ id: string; starts_at: number }>()).results;
    return { ...enquiry, staff, quoteId: quote.id, slotIds: slots.map((slot) => slot.id), proposals: appointment.proposals };
  }

  it("stores one acceptance and one choice when each is posted twice at once", async () => {
    const { token, quoteId, slotIds, id, staff } = await withQuoteAndDates();
    const accepts = await Promise.all([1, 2].map(() => answer(token, { aktion: "annehmen", angebot: quoteId })));
    expect(accepts.map((response) => response.status).sort()).toEqual([303, 409]);
    const chooses = await Promise.all([0, 1].map((index) => answer(token, { aktion: "termin-waehlen", termin: slotIds[index] })));
    expect(chooses.map((response) => response.status).sort()).toEqual([303, 409]);

    const accepted = (await env.DB.prepare("select accepted_at from enquiry_quotes where accepted_at is not null").all()).results;
    expect(accepted).toHaveLength(1);
    const chosen = (await env.DB.prepare("select id from appointment_slots where chosen_at is not null").all()).results;
    expect(chosen).toHaveLength(1);
    const log = (await env.DB.prepare("select username, action from activity_log where action in ('Richtpreis bestätigt', 'Termin gewählt')").all()).results;
    expect(log).toEqual(expect.arrayContaining([{ username: "Kunde", action: "Richtpreis bestätigt" }, { username: "Kunde", action: "Termin gewählt" }]));
    expect(log).toHaveLength(2);

    const [enquiry] = await body<{ quote: { acceptedAt: string }; appointment: { chosen: string; confirmedAt: string } }[]>(await api("enquiry/get", { token: staff }));
    expect(enquiry.quote.acceptedAt).toEqual(expect.any(String));
    expect(enquiry.appointment.chosen).toEqual(expect.any(String));
    const page = await (await statusPage(token)).text();
    // A Richtpreis is confirmed, not accepted (issue 38).
    expect(page).toContain(`<p class="status-page__accepted">Sie haben den Richtpreis bestätigt`);
    expect(page).toContain("In den Kalender (.ics)");
    expect(id).toBeTruthy();
  });

  it("refuses a second acceptance, a stale version, a slot never proposed or withdrawn since, each with its German message and nothing written", async () => {
    const { token, quoteId, slotIds, id, staff } = await withQuoteAndDates();
    const refusal = async (response: Response, status: number, message: string) => {
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    };
    await refusal(await answer(token, { aktion: "termin-waehlen", termin: "erfunden" }), 400, "Bitte wählen Sie einen der vorgeschlagenen Termine.");
    await refusal(await answer(token, { aktion: "termin-waehlen" }), 400, "Bitte wählen Sie einen der Termine aus.");
    await refusal(await answer(token, { aktion: "unbekannt" }), 400, "Unbekannte Aktion.");
    await refusal(await answer(token, { aktion: "rueckfrage", nachricht: "   " }), 400, "Bitte schreiben Sie Ihre Frage.");

    // Staff propose again: the earlier dates are withdrawn.
    expect((await api("enquiry/propose", { token: staff, json: { id, slots: [openWeekday(8)] } })).status).toBe(200);
    await refusal(await answer(token, { aktion: "termin-waehlen", termin: slotIds[0] }), 409, "Dieser Termin wurde inzwischen zurückgezogen.");
    // Staff make a new version: the one the customer saw is stale.
    const items = [{ text: "Sitzwange", quantity: 1, unitPriceGross: 29900 }];
    expect((await api("enquiry/quote", { token: staff, json: { id, kind: "angebot", items, validUntil: addDays(workshopDate(new Date()), 10) } })).status).toBe(200);
    await refusal(await answer(token, { aktion: "annehmen", angebot: quoteId }), 409, "Der Preis wurde inzwischen geändert.");
    expect(await rowCount("customer_messages")).toBe(0);
    expect((await env.DB.prepare("select count(*) as n from enquiry_quotes where accepted_at is not null").first<{ n: number }>())?.n).toBe(0);

    const current = (await env.DB.prepare("select id from enquiry_quotes order by version desc limit 1").first<{ id: string }>())!.id;
    expect((await answer(token, { aktion: "annehmen", angebot: current })).status).toBe(303);
    await refusal(await answer(token, { aktion: "annehmen", angebot: current }), 409, "Sie haben dieses Angebot bereits angenommen.");
    // An accepted price is final: no new version.
    await expectError(
      await api("enquiry/quote", { token: staff, json: { id, kind: "angebot", items, validUntil: addDays(workshopDate(new Date()), 10) } }),
      409,
      "Das Angebot ist angenommen und kann nicht mehr geändert werden.",
    );
    expect(await rowCount("enquiry_quotes")).toBe(2);
  });

  it("keeps a question and a „Keiner passt“ with their time, and shows them to staff", async () => {
    const { token, staff } = await withQuoteAndDates();
    expect((await answer(token, { aktion: "rueckfrage", nachricht: "Geht auch Kunstleder?" })).status).toBe(303);
    expect((await answer(token, { aktion: "keiner-passt", nachricht: "Nur samstags" })).status).toBe(303);
    const [enquiry] = await body<{ appointment: { proposals: string[]; declinedAt: string } }[]>(await api("enquiry/get", { token: staff }));
    expect(enquiry.appointment.proposals).toEqual([]);
    expect(enquiry.appointment.declinedAt).toEqual(expect.any(String));
    const messages = (await env.DB.prepare("select kind, text from customer_messages order by created_at").all()).results;
    expect(messages).toEqual([
      { kind: "rueckfrage", text: "Geht auch Kunstleder?" },
      { kind: "keiner-passt", text: "Nur samstags" },
    ]);
    const page = await (await statusPage(token)).text();
    expect(page).toContain("Geht auch Kunstleder?");
    expect(page).toContain("dass keiner der Termine passt");
    const refusal = await answer(token, { aktion: "keiner-passt", nachricht: "" });
    expect(refusal.status).toBe(409);
  });

  it("refuses a post from another site (403) and a forged token (404) before anything is stored", async () => {
    const { token, quoteId } = await withQuoteAndDates();
    const foreign = await site(`/anfrage/status/${token}`, {
      method: "POST",
      headers: { Origin: "https://boese.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ aktion: "annehmen", angebot: quoteId }),
    });
    expect(foreign.status).toBe(403);
    const forged = await answer("B".repeat(27), { aktion: "annehmen", angebot: quoteId });
    expect(forged.status).toBe(404);
    expect((await env.DB.prepare("select count(*) as n from enquiry_quotes where accepted_at is not null").first<{ n: number }>())?.n).toBe(0);
  });

  it("counts the page's posts per address and answers 429 with Retry-After beyond the limit", async () => {
    const { token } = await withQuoteAndDates();
    const address = "203.0.113.77";
    for (let post = 0; post < 20; post++) expect((await answer(token, { aktion: "unbekannt" }, address)).status).toBe(400);
    const refused = await answer(token, { aktion: "unbekannt" }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Von Ihrem Anschluss kamen in der letzten Stunde schon 20 Antworten.");
  });
});
