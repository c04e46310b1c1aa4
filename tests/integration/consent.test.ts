import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONSENT_STATEMENT_MAX_LENGTH, consentWording } from "~/lib/consent";
import { FINISH_UNDO_MINUTES } from "~/lib/job";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { consentOf, shownNameOf } from "~/server/entities/job/consent.server";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { api, body, db, site, staffToken } from "./helpers";
import { customerPost, job, step } from "./job-helpers";
import { cachedView, settledVisitor, visit } from "./visitors";

/*
 * The customer's consent to show her job (issue 40, decision 025): asked on her status page once
 * the job is fertig, each choice given and withdrawn on its own, stored with its time and the
 * sentence she ticked, read at read time (consentOf), kept through the Papierkorb, and every
 * change outdates the edge cache's pages.
 */

const GIVE = { aktion: "zeigen", einverstanden: "ja" };
const photos = { ...GIVE, auswahl: "fotos" };
const words = (statement: string, form = "initialen") => ({ ...GIVE, auswahl: "stimme", kundenstimme: statement, namensform: form });
const withdraw = (choice: string) => ({ aktion: "nicht-mehr-zeigen", auswahl: choice });

/** A job staff reported fertig, past the undo window, so its customer sees it fertig. */
async function finishedJob(token: string, who = "Erika Zeigen") {
  const made = await job(who);
  await step(token, "enquiry/arrived", { id: made.id, early: true });
  await step(token, "enquiry/finish", { id: made.id });
  await env.DB.prepare("update enquiries set finished_at = ? where id = ?")
    .bind(Date.now() - (FINISH_UNDO_MINUTES * 60_000 + 1000), made.id)
    .run();
  return made;
}

const rows = (id: string) =>
  env.DB.prepare("select choice, wording, statement, shown_name, given_at, withdrawn_at from customer_consents where enquiry_id = ? order by given_at").bind(id).all();

/** The page's refusal: the form comes back with its German message. */
async function expectRefused(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(await response.text()).toMatch(message);
}

describe("the customer's consent", () => {
  it("is refused before fertig, and within the undo window, with a German 409 and nothing stored", async () => {
    const token = await staffToken();
    const { id, link } = await job();
    const page = await (await site(`/anfrage/status/${link}`)).text();
    expect(page).not.toContain("Dürfen wir Ihr Fahrzeug zeigen?");
    await expectRefused(await customerPost(link, photos), 409, /sobald es fertig ist/);
    // Reported fertig just now: staff can still take it back, so she is not asked yet.
    await step(token, "enquiry/arrived", { id, early: true });
    await step(token, "enquiry/finish", { id });
    await expectRefused(await customerPost(link, words("Sehr schön geworden.")), 409, /sobald es fertig ist/);
    expect((await rows(id)).results).toEqual([]);
  });

  it("stores each choice on its own with its time, the sentence she saw and the name form derived from the enquiry; the page shows the card unticked", async () => {
    const token = await staffToken();
    const { id, link, name, reference } = await finishedJob(token);
    const page = await (await site(`/anfrage/status/${link}`)).text();
    expect(page).toContain("Dürfen wir Ihr Fahrzeug zeigen?");
    // Below the pick-up card, every box unticked; no Google link while the record has none.
    expect(page.indexOf("Dürfen wir Ihr Fahrzeug zeigen?")).toBeGreaterThan(page.indexOf("Fahrzeug fertig – kann abgeholt werden"));
    expect(page.match(/<input type="checkbox"[^>]*>/g)!.every((box) => !/checked/.test(box))).toBe(true);
    expect(page).not.toContain("Bei Google bewerten");

    const before = Date.now();
    const given = await customerPost(link, photos);
    expect(given.status).toBe(303);
    expect(given.headers.get("Location")).toBe(`/anfrage/status/${link}?antwort=zeigen#bestaetigung`);
    expect(await consentOf(db(), id)).toEqual({ photos: { givenAt: expect.any(Date), wording: consentWording("fotos", DEMO_BUSINESS.name) }, statement: null });

    expect((await customerPost(link, words("Der Sitz ist\r\nwie neu – danke!"))).status).toBe(303);
    const stored = (await rows(id)).results as { choice: string; wording: string; statement: string | null; shown_name: string | null; given_at: number; withdrawn_at: number | null }[];
    expect(stored.map(({ choice, statement, shown_name, withdrawn_at }) => ({ choice, statement, shown_name, withdrawn_at }))).toEqual([
      { choice: "fotos", statement: null, shown_name: null, withdrawn_at: null },
      { choice: "stimme", statement: "Der Sitz ist\nwie neu – danke!", shown_name: shownNameOf("initialen", name, "Köln"), withdrawn_at: null },
    ]);
    expect(shownNameOf("initialen", "Erika Mustermann", "Köln")).toBe("E. M.");
    expect(shownNameOf("ort", "Erika Mustermann", "Köln")).toBe("Kundin/Kunde aus Köln");
    expect(stored[1].wording).toBe(consentWording("stimme", DEMO_BUSINESS.name));
    for (const row of stored) expect(row.given_at).toBeGreaterThanOrEqual(before);

    // A second yes to a choice in force stores nothing.
    await expectRefused(await customerPost(link, photos), 409, "Dazu haben Sie schon zugestimmt.");
    expect((await rows(id)).results).toHaveLength(2);
    // The Verlauf names the customer, never her name; staff see her answer as new.
    const log = await env.DB.prepare("select username, action, title from activity_log where item_id = ? and action like '%freigegeben' order by id").bind(id).all();
    expect(log.results).toEqual([
      { username: "Kunde", action: "Fotos freigegeben", title: reference },
      { username: "Kunde", action: "Kundenstimme freigegeben", title: reference },
    ]);
    const listed = await body<{ id: string; customerAnsweredAt: string | null; consent: unknown }[]>(await api("enquiry/get?limit=50", { token }));
    expect(listed.find((item) => item.id === id)).toMatchObject({
      customerAnsweredAt: expect.any(String),
      consent: {
        photos: { givenAt: expect.any(String), wording: consentWording("fotos", DEMO_BUSINESS.name) },
        statement: { givenAt: expect.any(String), text: "Der Sitz ist\nwie neu – danke!", shownName: shownNameOf("initialen", name, "Köln") },
      },
    });
    const shown = await (await site(`/anfrage/status/${link}`)).text();
    expect(shown).toContain("Nicht mehr zeigen");
    expect(shown).toContain(shownNameOf("initialen", name, "Köln"));
  });

  it("refuses an unticked box, an over-long or control-character text and an unknown name form, each with its German message", async () => {
    const token = await staffToken();
    const { id, link } = await finishedJob(token);
    await expectRefused(await customerPost(link, { aktion: "zeigen", auswahl: "fotos" }), 400, "Bitte setzen Sie das Häkchen, wenn Sie zustimmen möchten.");
    await expectRefused(await customerPost(link, words("x".repeat(CONSENT_STATEMENT_MAX_LENGTH + 1))), 400, `Bitte höchstens ${CONSENT_STATEMENT_MAX_LENGTH} Zeichen.`);
    await expectRefused(await customerPost(link, words("Gut\u0007gemacht")), 400, /ohne Steuerzeichen/);
    await expectRefused(await customerPost(link, words("   ")), 400, "Bitte schreiben Sie Ihren Text.");
    await expectRefused(await customerPost(link, words("Gut", "Vorname")), 400, "Bitte wählen Sie, mit welchem Namen wir Ihren Text zeigen.");
    await expectRefused(await customerPost(link, { ...GIVE, auswahl: "video" }), 400, "Unbekannte Auswahl.");
    // Exactly the limit is taken, counted as the field counts it.
    expect((await customerPost(link, words("y".repeat(CONSENT_STATEMENT_MAX_LENGTH), "name"))).status).toBe(303);
    expect((await rows(id)).results).toHaveLength(1);
  });

  it("withdraws one choice at once: withdrawnAt stamped, consentOf answers null for it, the other stays; a new yes is a new row", async () => {
    const token = await staffToken();
    const { id, link } = await finishedJob(token);
    await customerPost(link, photos);
    await customerPost(link, words("Top Arbeit.", "ort"));
    const gone = await customerPost(link, withdraw("fotos"));
    expect(gone.status).toBe(303);
    expect(gone.headers.get("Location")).toBe(`/anfrage/status/${link}?antwort=nicht-mehr-zeigen#bestaetigung`);
    const consent = await consentOf(db(), id);
    expect(consent.photos).toBeNull();
    expect(consent.statement).toMatchObject({ text: "Top Arbeit.", shownName: "Kundin/Kunde aus Köln" });
    const stamped = await env.DB.prepare("select withdrawn_at from customer_consents where enquiry_id = ? and choice = 'fotos'").bind(id).first<{ withdrawn_at: number }>();
    expect(stamped!.withdrawn_at).toEqual(expect.any(Number));
    await expectRefused(await customerPost(link, withdraw("fotos")), 409, "Diese Zustimmung ist schon zurückgenommen.");

    expect((await customerPost(link, photos)).status).toBe(303);
    expect((await rows(id)).results.filter((row) => row.choice === "fotos")).toHaveLength(2);
    expect((await consentOf(db(), id)).photos).not.toBeNull();
    // Collected: still shown, still revocable.
    await step(token, "enquiry/collected", { id });
    expect((await customerPost(link, withdraw("stimme"))).status).toBe(303);
    expect(await consentOf(db(), id)).toMatchObject({ statement: null });
  });

  it("offers the Google review link only when the business record has one, and stores nothing for it", async () => {
    const token = await staffToken();
    const { link } = await finishedJob(token);
    const record = await body<Record<string, unknown>>(await api("business/get"));
    const url = "https://search.google.com/local/writereview?placeid=Test";
    expect((await api("business/update", { token, json: { ...record, portrait: undefined, googleReviewUrl: url } })).status).toBe(200);
    try {
      const page = await (await site(`/anfrage/status/${link}`)).text();
      expect(page).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
      expect(page).toContain("Bei Google bewerten");
      expect(page).toContain("keine Gegenleistung");
    } finally {
      await api("business/update", { token, json: { ...record, portrait: undefined } });
    }
  });

  it("goes into the Papierkorb with its enquiry and comes back whole", async () => {
    const token = await staffToken();
    const { id, link } = await finishedJob(token);
    await customerPost(link, photos);
    await customerPost(link, words("Wie neu."));
    const before = await consentOf(db(), id);
    expect((await api("enquiry/delete", { token, json: { id } })).status).toBe(200);
    expect(await consentOf(db(), id)).toEqual({ photos: null, statement: null });
    expect((await site(`/anfrage/status/${link}`)).status).toBe(404);
    expect((await api("trash/restore", { token, json: { id } })).status).toBe(200);
    expect(await consentOf(db(), id)).toEqual(before);
  });

  it("outdates the edge cache's pages on every give and withdraw, not on a refusal", async () => {
    const token = await staffToken();
    const { link } = await finishedJob(token);
    const cookies = await settledVisitor();
    const afterPost = async (fields: Record<string, string>, cache: string) => {
      await cachedView("/about", cookies);
      await customerPost(link, fields);
      expect((await visit("/about", cookies)).headers.get(CACHE_STATUS_HEADER)).toBe(cache);
    };
    await afterPost(photos, "MISS");
    await afterPost(photos, "HIT");
    await afterPost(withdraw("fotos"), "MISS");
    await afterPost(withdraw("fotos"), "HIT");
  });

  it("is refused on an unknown link like every other answer", async () => {
    expect((await customerPost("nichtda", photos)).status).toBe(404);
  });
});
