import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { restoreFromTrash } from "~/server/entities/trash.server";
import { BUILT_IN_SNIPPETS, fillSnippet, snippetsFor } from "~/server/entities/job/reply-snippets.server";
import { CUSTOMER, enquiryForm, expectStored, sendEnhanced } from "./enquiry-helpers";
import { ACTOR, api, db, postPage, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";

/* Issue 31: the job card's status post, replies opened from it, and the staff's reply snippets. */

const INBOX = "/intern/anfragen";
const SNIPPETS = "/intern/anfragen/vorlagen";

async function stored(fields: Record<string, string> = CUSTOMER) {
  const reference = await expectStored(await sendEnhanced(await enquiryForm(fields)));
  const row = await env.DB.prepare("select id from enquiries order by created_at desc limit 1").first<{ id: string }>();
  return { reference, id: row!.id };
}

/** Posts a staff form of a page as a browser without JavaScript does. */
function post(path: string, cookie: string, fields: Record<string, string>) {
  return postPage(path, new URLSearchParams(fields), { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" });
}

const row = (id: string) => env.DB.prepare("select status, note from enquiries where id = ?").bind(id).first<{ status: string; note: string }>();
const logTitles = async () =>
  ((await env.DB.prepare("select action, title from activity_log order by id").all()).results as { action: string; title: string }[]).map(
    (entry) => `${entry.action}: ${entry.title}`,
  );

describe("the job card's status buttons", () => {
  it("change the status in one post, leave the note alone, and the API and the inbox agree", async () => {
    const { id, reference } = await stored();
    const cookie = await staffCookie();
    await env.DB.prepare("update enquiries set note = 'Leder bestellt' where id = ?").bind(id).run();

    const answer = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "status", id, status: "beantwortet" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${INBOX}?anfrage=${id}`);
    expect(await row(id)).toEqual({ status: "beantwortet", note: "Leder bestellt" });

    const token = await staffToken();
    const listed = (await (await api("enquiry/get?status=beantwortet", { token })).json()) as { id: string; status: string }[];
    expect(listed.map((enquiry) => enquiry.id)).toEqual([id]);
    const inbox = await (await site(`${INBOX}?status=beantwortet`, { headers: { Cookie: await staffCookie(token) } })).text();
    expect(inbox).toContain(reference);
    const card = await (await site(`${INBOX}?anfrage=${id}`, { headers: { Cookie: await staffCookie(token) } })).text();
    // The current status is the pressed button; no select, no second button to confirm.
    expect(card).toMatch(/aria-pressed="true"[^>]*>Beantwortet</);
    expect(card).not.toContain("<select");
  });

  it("refuses an unknown status with 400 and a German message, and a post without a session, writing nothing", async () => {
    const { id } = await stored();
    const cookie = await staffCookie();
    const refused = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "status", id, status: "verloren" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Der Status muss einer von");
    const anonymous = await post(`${INBOX}?anfrage=${id}`, "", { intent: "status", id, status: "erledigt" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/intern/login");
    expect((await row(id))?.status).toBe("neu");
  });

  it("saves the note without changing the status", async () => {
    const { id } = await stored();
    const cookie = await staffCookie();
    await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "status", id, status: "erledigt" });
    await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "note", id, note: "  Abholung Freitag  " });
    expect(await row(id)).toEqual({ status: "erledigt", note: "Abholung Freitag" });
  });
});

describe("opening a reply", () => {
  const mobile = { ...CUSTOMER, [F.phone]: "0171 2345678" };

  it("answers with the WhatsApp link of the text as sent, moves Neu to In Bearbeitung and records it in the Verlauf", async () => {
    const { id, reference } = await stored({ ...mobile, [F.name]: "Erika <b>Müller</b> & Söhne" });
    const cookie = await staffCookie();
    const text = `Guten Tag,\nzu ${reference}: ca. 380 € & 2 Tage? #1`;
    const answer = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "reply", id, kanal: "whatsapp", text });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://wa.me/491712345678");
    // Every character arrives as typed: nothing is cut at "&", "#" or a line break.
    expect(location.searchParams.get("text")).toBe(text);
    expect([...location.searchParams.keys()]).toEqual(["text"]);
    expect((await row(id))?.status).toBe("in-bearbeitung");
    expect(await logTitles()).toContain(`Antwort geöffnet: ${reference} per WhatsApp`);
  });

  it("answers with the e-mail's subject and text, and leaves a status set by hand as it is", async () => {
    const { id, reference } = await stored();
    const cookie = await staffCookie();
    await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "status", id, status: "beantwortet" });
    const answer = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "reply", id, kanal: "email", text: "Hallo & danke" });
    const location = answer.headers.get("Location")!;
    expect(location).toBe(`mailto:${CUSTOMER[F.email]}?subject=${encodeURIComponent(`Ihre Anfrage ${reference}`)}&body=Hallo%20%26%20danke`);
    expect((await row(id))?.status).toBe("beantwortet");
  });

  it("comes back to the card with the new status when the browser opened the reply itself", async () => {
    const { id } = await stored(mobile);
    const cookie = await staffCookie();
    const answer = await post(`${INBOX}?anfrage=${id}&vorlage=werkstatt-foto`, cookie, { intent: "reply", id, kanal: "whatsapp", text: "Hallo", geoeffnet: "1" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${INBOX}?anfrage=${id}&vorlage=werkstatt-foto`);
    expect((await row(id))?.status).toBe("in-bearbeitung");
  });

  it("refuses WhatsApp for a landline and an empty text, writing nothing", async () => {
    const { id } = await stored();
    const cookie = await staffCookie();
    const landline = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "reply", id, kanal: "whatsapp", text: "Hallo" });
    expect(landline.status).toBe(302);
    expect(landline.headers.get("Location")).toBe(`${INBOX}?anfrage=${id}`);
    const empty = await post(`${INBOX}?anfrage=${id}`, cookie, { intent: "reply", id, kanal: "email", text: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Der Antworttext darf nicht leer sein.");
    expect((await row(id))?.status).toBe("neu");
    expect((await logTitles()).filter((title) => title.startsWith("Antwort"))).toEqual([]);
  });
});

describe("reply snippets", () => {
  it("fill name, number and workshop once, so a placeholder typed by the customer stays as typed", () => {
    const filled = fillSnippet("{name}, {nummer}, {werkstatt}, {unbekannt}", { name: "Herr {nummer}", reference: "A-2026-0007", workshop: "Werkstatt" });
    expect(filled).toBe("Herr {nummer}, A-2026-0007, Werkstatt, {unbekannt}");
  });

  it("offer the built-in texts first, filled for the enquiry, with the workshop's name", async () => {
    const snippets = await snippetsFor(db(), { name: "Erika Mustermann", reference: "A-2026-0001" });
    expect(snippets.map((snippet) => snippet.id)).toEqual(BUILT_IN_SNIPPETS.map((snippet) => snippet.id));
    for (const snippet of snippets) {
      expect(snippet.text).toContain("A-2026-0001");
      expect(snippet.text).toContain(DEMO_BUSINESS.name);
      expect(snippet.text).not.toMatch(/\{(name|nummer|werkstatt)\}/);
    }
    expect(snippets[0].text).toMatch(/^Guten Tag Erika Mustermann,\n\nvielen Dank für Ihre Anfrage A-2026-0001\./);
  });

  it("are added, changed and deleted into the Papierkorb by staff, and come back from there", async () => {
    const cookie = await staffCookie();
    const created = await post(SNIPPETS, cookie, { intent: "create", title: "Abholung", text: "Hallo {name}, Ihr Auftrag {nummer} ist fertig." });
    expect(created.status).toBe(302);
    const { id } = (await env.DB.prepare("select id from reply_snippets").first<{ id: string }>())!;

    const invalid = await post(SNIPPETS, cookie, { intent: "update", id, title: " ", text: "x" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Titel darf nicht leer sein.");
    const twoLines = await post(SNIPPETS, cookie, { intent: "update", id, title: "Ab\nholung", text: "x" });
    expect(twoLines.status).toBe(400);
    expect(await twoLines.text()).toContain("Titel darf nur eine Zeile sein");
    await post(SNIPPETS, cookie, { intent: "update", id, title: "Fertig zur Abholung", text: "Hallo {name}, {nummer} ist fertig. {werkstatt}" });
    const { text } = (await env.DB.prepare("select text from reply_snippets where id = ?").bind(id).first<{ text: string }>())!;
    expect(text).toBe("Hallo {name}, {nummer} ist fertig. {werkstatt}");

    // Offered on every enquiry after the built-in ones, filled for it.
    const { id: enquiry, reference } = await stored();
    const offered = await snippetsFor(db(), { name: "Erika Mustermann", reference });
    expect(offered.at(-1)).toMatchObject({ id, own: true, text: `Hallo Erika Mustermann, ${reference} ist fertig. ${DEMO_BUSINESS.name}` });
    const card = await (await site(`${INBOX}?anfrage=${enquiry}&vorlage=${id}`, { headers: { Cookie: cookie } })).text();
    expect(card).toContain(`Hallo Erika Mustermann, ${reference} ist fertig.`);

    const deleted = await post(SNIPPETS, cookie, { intent: "delete", id });
    expect(deleted.status).toBe(302);
    expect(await env.DB.prepare("select count(*) as n from reply_snippets").first("n")).toBe(0);
    expect(await env.DB.prepare("select kind, title from trash where id = ?").bind(id).first()).toEqual({ kind: "reply-snippet", title: "Fertig zur Abholung" });
    await restoreFromTrash(db(), ACTOR, id);
    expect(await env.DB.prepare("select title from reply_snippets where id = ?").bind(id).first("title")).toBe("Fertig zur Abholung");
    expect(await logTitles()).toEqual(
      expect.arrayContaining([
        "angelegt: Abholung",
        "geändert: Fertig zur Abholung",
        "gelöscht: Fertig zur Abholung",
        "wiederhergestellt: Fertig zur Abholung",
      ]),
    );
  });

  it("are shown escaped: a customer's name with markup is text on the card, never markup", async () => {
    const { id } = await stored({ ...CUSTOMER, [F.name]: `<img src=x onerror="alert(1)">` });
    const card = await (await site(`${INBOX}?anfrage=${id}&vorlage=werkstatt-dank`, { headers: { Cookie: await staffCookie() } })).text();
    expect(card).toContain("Guten Tag &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(card).not.toContain(`<img src=x`);
  });
});
