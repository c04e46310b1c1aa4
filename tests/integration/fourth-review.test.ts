import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { ENQUIRY_FIELDS as F, HONEYPOT_FIELD } from "~/lib/enquiry";
import { holidayOn } from "~/lib/holidays";
import { CUSTOMER_MAIL_LIMIT, MAX_CUSTOMER_QUESTIONS } from "~/lib/limits";
import { PLAIN_TEXT_MESSAGE } from "~/server/base/validation.server";
import { claimCustomerMailSlot } from "~/server/entities/job/enquiry-spam.server";
import worker from "../../server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, BASE, body, db, expectError, rowCount, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";
import { mailsSince, sentMail } from "./mail";

/*
 * The fourth review (issue 37), the customer's channel: one test per guarantee, each a
 * reproduction of what the review found (decision 007, "Fourth review").
 */

let customers = 0;
/** A customer's enquiry from the form, found again by a name of its own. */
async function customerEnquiry(fields: Record<string, string> = {}) {
  const name = `Erika Vierte-${Date.now().toString(36)}-${customers++}`;
  const { reference, token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: name, ...fields })));
  const row = await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>();
  return { reference, token, id: row!.id, name };
}

/** The enquiry with a current price from staff, as the API makes it. */
async function pricedEnquiry(fields: Record<string, string> = {}) {
  const enquiry = await customerEnquiry(fields);
  const staff = await staffToken();
  const items = [{ text: "Sitzwange neu beziehen", quantity: 1, unitPriceGross: 34900 }];
  const priced = await api("enquiry/quote", { token: staff, json: { id: enquiry.id, kind: "richtpreis", items, validUntil: addDays(workshopDate(new Date()), 30) } });
  expect(priced.status, await priced.clone().text()).toBe(200);
  const quote = await env.DB.prepare("select id from enquiry_quotes where enquiry_id = ?").bind(enquiry.id).first<{ id: string }>();
  return { ...enquiry, staff, quoteId: quote!.id };
}

let addresses = 1;
/**
 * Posts a status page form as the customer's browser does, and waits for the work after the
 * answer (the e-mails) to finish, so a test can tell that none was written.
 */
async function answer(token: string, fields: Record<string, string>) {
  const context = createExecutionContext();
  const request = new Request(`${BASE}/anfrage/status/${token}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${addresses++}` },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as Env, context);
  await waitOnExecutionContext(context);
  return response;
}

/** A weekday (Mon–Fri, default hours, no NRW holiday) at least `days` ahead, 10:00 in Berlin, as the API takes it. */
function openWeekday(days: number): string {
  let date = addDays(workshopDate(new Date()), days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date)) date = addDays(date, 1);
  return `${date}T10:00`;
}

const question = (text: string) => ({ aktion: "rueckfrage", nachricht: text });

const enquiryRow = (id: string) =>
  env.DB.prepare("select status, started_at, updated_at from enquiries where id = ?").bind(id).first<{ status: string; started_at: number | null; updated_at: number }>();

/** Whether any e-mail since `since` (to the workshop or a customer) contains `marker`. */
const mailed = async (marker: string, since: number) => (await mailsSince(since)).some((mail) => mail.text.includes(marker));

const customerLog = async () => (await env.DB.prepare("select action from activity_log where username = 'Kunde'").all<{ action: string }>()).results;

describe("a customer's answer is taken only where the page offers it", () => {
  it("refuses a question while there is no price: nothing stored, no e-mail, the Verlauf untouched", async () => {
    const since = Date.now();
    const { token } = await customerEnquiry();
    const marker = `Ohne Preis ${crypto.randomUUID()}`;
    const refused = await answer(token, question(marker));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("zu dieser Anfrage gibt es noch keinen");
    expect(await rowCount("customer_messages")).toBe(0);
    expect(await customerLog()).toEqual([]);
    expect(await mailed(marker, since)).toBe(false);
  });

  it("answers a question on an enquiry filed as spam as on any other, and stores, mails and changes nothing", async () => {
    const since = Date.now();
    // Filed by the spam checks: the answer is the one of an enquiry without a price.
    const robot = await customerEnquiry({ [HONEYPOT_FIELD]: "https://werbung.example" });
    expect((await enquiryRow(robot.id))?.status).toBe("spam");
    const person = await customerEnquiry();
    const [toRobot, toPerson] = [await answer(robot.token, question("Preis?")), await answer(person.token, question("Preis?"))];
    expect(toRobot.status).toBe(409);
    expect(toPerson.status).toBe(409);
    const refusal = "Rückfragen gehen zu einem Preis – zu dieser Anfrage gibt es noch keinen.";
    expect(await toRobot.text()).toContain(refusal);
    expect(await toPerson.text()).toContain(refusal);

    // Priced, then filed under Spam by staff: answered as a success, and nothing of it kept.
    const { id, token, staff } = await pricedEnquiry();
    expect((await api("enquiry/update", { token: staff, json: { id, status: "spam" } })).status).toBe(200);
    const before = await enquiryRow(id);
    const marker = `Spam-Frage ${crypto.randomUUID()}`;
    const answered = await answer(token, question(marker));
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(`/anfrage/status/${token}?antwort=rueckfrage#bestaetigung`);
    expect(await rowCount("customer_messages")).toBe(0);
    expect(await customerLog()).toEqual([]);
    expect(await enquiryRow(id)).toEqual(before);
    expect(await mailed(marker, since)).toBe(false);
  });

  it("refuses a question once the price is accepted", async () => {
    const { token, quoteId } = await pricedEnquiry();
    expect((await answer(token, { aktion: "annehmen", angebot: quoteId })).status).toBe(303);
    const refused = await answer(token, question("Und noch etwas?"));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Sie haben dieses Angebot bereits angenommen.");
    expect(await rowCount("customer_messages")).toBe(0);
  });

  it("refuses „Keiner passt“ while no dates are proposed, with nothing stored", async () => {
    const { token } = await pricedEnquiry();
    const refused = await answer(token, { aktion: "keiner-passt", nachricht: "Nur samstags" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Gerade sind keine Termine vorgeschlagen.");
    expect(await rowCount("customer_messages")).toBe(0);
    expect(await customerLog()).toEqual([]);
  });
});

describe("questions per enquiry", () => {
  it(`refuses an eleventh question (at most ${MAX_CUSTOMER_QUESTIONS}), and the page offers the phone instead`, async () => {
    const { id, token } = await pricedEnquiry();
    const anHourAgo = Date.now() - 60 * 60_000;
    await env.DB.batch(
      Array.from({ length: MAX_CUSTOMER_QUESTIONS }, (_, n) =>
        env.DB.prepare("insert into customer_messages (id, enquiry_id, kind, text, created_at) values (?, ?, 'rueckfrage', ?, ?)").bind(`frage-${n}`, id, `Frage ${n}`, anHourAgo + n),
      ),
    );
    const refused = await answer(token, question("Die elfte Frage"));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`Sie haben uns schon ${MAX_CUSTOMER_QUESTIONS} Rückfragen zu diesem Preis geschickt.`);
    expect(await rowCount("customer_messages")).toBe(MAX_CUSTOMER_QUESTIONS);
    const page = await (await site(`/anfrage/status/${token}`)).text();
    expect(page).not.toContain("Rückfrage stellen");
    expect(page).toContain("Weitere Fragen zum Preis klären wir gern am Telefon");
  });

  it("takes one of two questions posted at once for the last place", async () => {
    const { id, token } = await pricedEnquiry();
    const anHourAgo = Date.now() - 60 * 60_000;
    await env.DB.batch(
      Array.from({ length: MAX_CUSTOMER_QUESTIONS - 1 }, (_, n) =>
        env.DB.prepare("insert into customer_messages (id, enquiry_id, kind, text, created_at) values (?, ?, 'rueckfrage', ?, ?)").bind(`frage-${n}`, id, `Frage ${n}`, anHourAgo + n),
      ),
    );
    const answers = await Promise.all(["Erste", "Zweite"].map((text) => answer(token, question(text))));
    expect(answers.filter((response) => response.status === 303)).toHaveLength(1);
    expect(await rowCount("customer_messages")).toBe(MAX_CUSTOMER_QUESTIONS);
  });

  it("refuses a second question within a minute with 429 and Retry-After", async () => {
    const { token } = await pricedEnquiry();
    expect((await answer(token, question("Geht auch Kunstleder?"))).status).toBe(303);
    const refused = await answer(token, question("Und Alcantara?"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.text()).toContain("Bitte warten Sie eine Minute bis zur nächsten Rückfrage.");
    expect(await rowCount("customer_messages")).toBe(1);
  });
});

describe("the staff's status and the retention period", () => {
  it("leaves a „Neu“ enquiry „Neu“ after a question, with its start and its last change as they were", async () => {
    const { id, token, staff } = await pricedEnquiry();
    // Staff put it back: nobody has looked at it yet.
    expect((await api("enquiry/update", { token: staff, json: { id, status: "neu" } })).status).toBe(200);
    const before = await enquiryRow(id);
    expect((await answer(token, question("Wie lange dauert das?"))).status).toBe(303);
    expect(await enquiryRow(id)).toEqual(before);
    expect(await customerLog()).toEqual([{ action: "Rückfrage gestellt" }]);
  });

  it("restarts the retention period for an acceptance, a step of the job, but leaves the status", async () => {
    const { id, token, staff, quoteId } = await pricedEnquiry();
    expect((await api("enquiry/update", { token: staff, json: { id, status: "neu" } })).status).toBe(200);
    const monthAgo = Date.now() - 30 * 24 * 60 * 60_000;
    await env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(monthAgo, id).run();
    expect((await answer(token, { aktion: "annehmen", angebot: quoteId })).status).toBe(303);
    const after = await enquiryRow(id);
    expect(after?.status).toBe("neu");
    expect(after!.updated_at).toBeGreaterThan(monthAgo);
  });
});

describe("every customer text", () => {
  it.each([
    ["a bell", "Hallo\u0007"],
    ["an escape sequence", "\u001b[31mrot"],
    ["a NUL", "a\u0000b"],
    ["a tab", "Spalte\tSpalte"],
    ["a line separator", "Zeile\u2028Zeile"],
  ])("refuses %s in a question and in a „Keiner passt“ note with a German message", async (_, text) => {
    const { token, id, staff } = await pricedEnquiry();
    const refused = await answer(token, question(text));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(PLAIN_TEXT_MESSAGE);

    expect((await api("enquiry/propose", { token: staff, json: { id, slots: [openWeekday(7)] } })).status).toBe(200);
    const declined = await answer(token, { aktion: "keiner-passt", nachricht: text });
    expect(declined.status).toBe(400);
    expect(await declined.text()).toContain(PLAIN_TEXT_MESSAGE);
    expect(await rowCount("customer_messages")).toBe(0);
  });

  it("takes line breaks as typed", async () => {
    const { token } = await pricedEnquiry();
    expect((await answer(token, question("Erste Zeile\r\nZweite Zeile"))).status).toBe(303);
    expect((await env.DB.prepare("select text from customer_messages").first<{ text: string }>())?.text).toBe("Erste Zeile\r\nZweite Zeile");
  });

  it("refuses U+2028 and U+2029 in a quote line, from the API and from the staff editor", async () => {
    const { id } = await customerEnquiry();
    const token = await staffToken();
    for (const separator of ["\u2028", "\u2029"]) {
      const items = [{ text: `Sitz${separator}Gesamtpreis 0 €`, quantity: 1, unitPriceGross: 100 }];
      await expectError(
        await api("enquiry/quote", { token, json: { id, kind: "angebot", items, validUntil: addDays(workshopDate(new Date()), 10) } }),
        400,
        "Position 1: Die Bezeichnung darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen.",
      );
    }
    const cookie = await staffCookie(token);
    const edited = await site(`/intern/anfragen?anfrage=${id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "preis",
        id,
        art: "angebot",
        "gueltig-bis": addDays(workshopDate(new Date()), 10),
        hinweis: "",
        "posten-0-text": "Sitz\u2028Gesamtpreis 0 €",
        "posten-0-menge": "1",
        "posten-0-preis": "1,00",
      }),
      redirect: "manual",
    });
    expect(edited.status).toBe(400);
    expect(await edited.text()).toContain("Die Bezeichnung darf nur eine Zeile sein");
    expect(await rowCount("enquiry_quotes")).toBe(0);
  });
});

describe("e-mail to customers", () => {
  /** Every run of `length` characters of `text`: none may reach a stranger. */
  const runsOf = (text: string, length = 8) => Array.from({ length: Math.max(0, text.length - length + 1) }, (_, start) => text.slice(start, start + length));

  it("greets an address nobody has confirmed neutrally: none of the sender's words, only the reference and the link", async () => {
    const since = Date.now();
    const name = "Kunde. ACHTUNG: Ihr Konto wird gesperrt";
    const description = "Sofort einloggen: evil.example/login – Zugangsdaten bestätigen, sonst Kontosperre!";
    const { reference, token } = await expectStoredWithLink(
      await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: name, [F.description]: description, [F.vehicle]: "Fahrzeug Zwölfzylinder" })),
    );
    const mail = await sentMail(token, since);
    expect(mail.subject).toBe(`Ihre Anfrage ${reference} ist angekommen`);
    expect(mail.text).toMatch(/^Guten Tag,\r\n/);
    expect(mail.text).toContain(`vielen Dank für Ihre Anfrage ${reference}.`);
    expect(mail.text).toContain(`/anfrage/status/${token}`);
    const headers = Object.values(mail.headers).join("\n").replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_, encoded: string) => new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))));
    for (const typed of [name, description, "Fahrzeug Zwölfzylinder", CUSTOMER[F.topic]]) {
      for (const run of runsOf(typed)) {
        expect(mail.text, run).not.toContain(run);
        expect(mail.subject, run).not.toContain(run);
        expect(headers, run).not.toContain(run);
      }
    }
  });

  it("greets the customer by name once staff have taken the enquiry up", async () => {
    const since = Date.now();
    const { id, name, reference } = await customerEnquiry();
    const token = await staffToken();
    await api("enquiry/quote", { token, json: { id, kind: "richtpreis", items: [{ text: "Sitz", quantity: 1, unitPriceGross: 100 }], validUntil: addDays(workshopDate(new Date()), 10) } });
    const mail = await sentMail(`Guten Tag ${name},`, since, `Ihre Anfrage ${reference}: Ihr Richtpreis`);
    expect(mail.text).toContain("1,00 €");
  });

  it(`holds back e-mails beyond ${CUSTOMER_MAIL_LIMIT} an hour from the whole site: the step stays „nicht benachrichtigt“ for staff`, async () => {
    const since = Date.now();
    for (let mail = 0; mail < CUSTOMER_MAIL_LIMIT; mail++) expect(await claimCustomerMailSlot(db())).toBe(true);
    const { id, token } = await customerEnquiry();
    await expect
      .poll(async () => (await env.DB.prepare("select outcome from customer_notices where enquiry_id = ?").bind(id).first<{ outcome: string }>())?.outcome)
      .toBe("zurueckgehalten");
    expect(await mailed(token, since)).toBe(false);
    const staff = await staffToken();
    const [enquiry] = await body<{ customerNotified: Record<string, boolean> }[]>(await api("enquiry/get", { token: staff }));
    expect(enquiry.customerNotified.received).toBe(false);
    const view = await (await site(`/intern/anfragen?anfrage=${id}`, { headers: { Cookie: await staffCookie(staff) } })).text();
    expect(view).toContain("nicht benachrichtigt (zu viele E-Mails an Kunden in dieser Stunde)");
    expect(view).toContain("Kunde benachrichtigen");
  });
});
