import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { ENQUIRY_MAIL_SENDER, MAIL_RETRY_AFTER_MS, sendNewEnquiryMail } from "~/server/entities/job/enquiry-mail.server";
import { ENQUIRY_RETENTION_MONTHS, SPAM_RETENTION_DAYS } from "~/server/entities/job/enquiries.server";
import worker from "../../server";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, enquiryRows, expectStored, freshAddress, sendEnhanced } from "./enquiry-helpers";
import { allBucketKeys, api, BASE, body, db, expectError, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";
import { sentMail } from "./mail";


const DAY = 24 * 60 * 60 * 1000;
const photo = (index: number) => ({ name: `foto-${index}.png`, bytes: png({ rgb: [index * 50, 90, 90] }), type: "image/png" });

interface ApiEnquiry {
  id: string;
  _id: string;
  reference: string;
  status: string;
  note: string;
  mailStatus: string;
  updatedAt: string;
  photos: { id: string; url: string; width: number; height: number }[];
}

async function stored(fields: Record<string, string> = CUSTOMER, photos = [photo(1)]) {
  const reference = await expectStored(await sendEnhanced(await enquiryForm(fields, photos)));
  const row = await env.DB.prepare("select id from enquiries order by created_at desc limit 1").first<{ id: string }>();
  return { reference, id: row!.id };
}

/** Runs the worker entry's scheduled handler as the cron trigger would. */
async function runCron(scheduledTime = Date.now(), bindings: Env = env) {
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "17 2 * * *" }), bindings);
}

describe("the e-mail to the workshop", () => {
  it("goes out after the answer with every field, the link to the enquiry and Reply-To, without photos", async () => {
    const since = Date.now();
    const { id, reference } = await stored({ ...CUSTOMER, [F.preferredDate]: "in den nächsten 2 Wochen" }, [photo(1), photo(2)]);
    const mail = await sentMail(id, since);

    expect(mail.subject).toBe(`Neue Anfrage ${reference}: Autositze – Erika Mustermann`);
    expect(mail.headers.to).toBe(`<${DEMO.email}>`);
    expect(mail.headers.from).toContain(`<${ENQUIRY_MAIL_SENDER}>`);
    expect(mail.headers["reply-to"]).toMatch(/<erika@beispiel\.de>$/);
    for (const value of [CUSTOMER[F.description], CUSTOMER[F.vehicle], CUSTOMER[F.phone], "Wunschtermin:   in den nächsten 2 Wochen", "2 (nur im internen Bereich zu sehen)"]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.text).toContain(`${DEMO.website}/intern/anfragen?anfrage=${id}`);
    expect(mail.raw).not.toMatch(/Content-Disposition|image\/(png|jpeg)/i);
    // Lines a mail server takes (RFC 5322: at most 998 characters).
    expect(Math.max(...mail.raw.split("\r\n").map((line) => line.length))).toBeLessThanOrEqual(998);
    await expect.poll(async () => (await enquiryRows())[0].mail_status).toBe("gesendet");
  });

  it("is recorded as not delivered when sending fails, keeps the enquiry, and the scheduled handler sends it", async () => {
    const failing = { ...env, ENQUIRY_MAIL: { send: async () => Promise.reject(new Error("E-Mail-Dienst nicht erreichbar")) } } as Env;
    const form = await enquiryForm();
    const context = createExecutionContext();
    const request = new Request(`${BASE}/anfrage/senden`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, "CF-Connecting-IP": freshAddress() },
      body: form,
    });
    const reference = await expectStored(await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, failing, context));
    await waitOnExecutionContext(context);
    const [row] = await enquiryRows();
    expect(row.mail_status).toBe("fehlgeschlagen");

    // The inbox says so.
    const cookie = await staffCookie();
    const inbox = await (await site("/intern/anfragen", { headers: { Cookie: cookie } })).text();
    expect(inbox).toContain(reference);
    expect(inbox).toContain("E-Mail nicht zugestellt");

    const since = Date.now();
    await runCron(Date.now(), failing);
    expect((await enquiryRows())[0].mail_status).toBe("fehlgeschlagen");
    await runCron();
    expect((await sentMail(row.id, since)).subject).toContain(reference);
    expect((await enquiryRows())[0].mail_status).toBe("gesendet");
  });

  it("is sent by the scheduled handler for an enquiry whose worker stopped before sending, not before", async () => {
    const { id } = await stored();
    // The answer's own sending is done first; then the enquiry looks as if it never happened.
    await expect.poll(async () => (await enquiryRows())[0].mail_status).toBe("gesendet");
    await env.DB.prepare("update enquiries set mail_status = 'ausstehend' where id = ?").bind(id).run();
    const createdAt = (await env.DB.prepare("select created_at as at from enquiries").first<{ at: number }>())!.at;
    await runCron(createdAt + MAIL_RETRY_AFTER_MS - 60_000);
    expect((await enquiryRows())[0].mail_status).toBe("ausstehend");
    await runCron(createdAt + MAIL_RETRY_AFTER_MS + 60_000);
    expect((await enquiryRows())[0].mail_status).toBe("gesendet");
  });

  it("is left to the scheduled handler, without an error after the answer, when the enquiry cannot be read", async () => {
    const { id } = await stored();
    await expect.poll(async () => (await enquiryRows())[0].mail_status).toBe("gesendet");
    await env.DB.prepare("update enquiries set mail_status = 'ausstehend' where id = ?").bind(id).run();
    // A real D1 failure for the read: the table is not there (the next test starts from a new database).
    await env.DB.prepare("alter table enquiries rename to enquiries_away").run();
    await expect(sendNewEnquiryMail(db(), env.ENQUIRY_MAIL, id)).resolves.toBeUndefined();
    await env.DB.prepare("alter table enquiries_away rename to enquiries").run();
    expect((await enquiryRows())[0].mail_status).toBe("ausstehend");
  });
});

describe("retention", () => {
  it(`deletes exactly what is due, with its files: ${ENQUIRY_RETENTION_MONTHS} months after the last change, spam after ${SPAM_RETENTION_DAYS} days`, async () => {
    const old = await stored(CUSTOMER, [photo(1), photo(2)]);
    const recent = await stored(CUSTOMER, [photo(3)]);
    const oldSpam = await stored({ ...CUSTOMER, webseite: "x" }, [photo(4)]);
    const recentSpam = await stored({ ...CUSTOMER, webseite: "x" }, []);
    const now = Date.now();
    const setChanged = (id: string, at: number) => env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(at, id).run();
    await setChanged(old.id, now - 200 * DAY);
    await setChanged(recent.id, now - 170 * DAY);
    await setChanged(oldSpam.id, now - (SPAM_RETENTION_DAYS + 1) * DAY);
    await setChanged(recentSpam.id, now - (SPAM_RETENTION_DAYS - 1) * DAY);
    const filesOf = async (id: string) => {
      const photos = (await env.DB.prepare("select id from enquiry_photos where enquiry_id = ?").bind(id).all<{ id: string }>()).results;
      return (await allBucketKeys()).filter((key) => photos.some((row) => key.includes(row.id)));
    };
    const [oldFiles, oldSpamFiles, recentFiles] = [await filesOf(old.id), await filesOf(oldSpam.id), await filesOf(recent.id)];
    expect(oldFiles.length).toBeGreaterThanOrEqual(2);

    await runCron(now);
    const left = (await enquiryRows()).map((row) => row.id).sort();
    expect(left).toEqual([recent.id, recentSpam.id].sort());
    const keys = await allBucketKeys();
    for (const key of [...oldFiles, ...oldSpamFiles]) expect(keys).not.toContain(key);
    for (const key of recentFiles) expect(keys).toContain(key);
    expect((await env.DB.prepare("select count(*) as n from enquiry_photos").first<{ n: number }>())!.n).toBe(1);
  });

  it("restarts the period when staff change an enquiry", async () => {
    const token = await staffToken();
    const { id } = await stored();
    await env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(Date.now() - 200 * DAY, id).run();
    expect((await api("enquiry/update", { token, json: { id, status: "in-bearbeitung" } })).status).toBe(200);
    await runCron();
    expect((await enquiryRows()).map((row) => row.id)).toEqual([id]);
  });
});

describe("the staff API", () => {
  it("lists newest first with paging and a status filter, in the documented shape", async () => {
    const token = await staffToken();
    const first = await stored(CUSTOMER, [photo(1)]);
    const second = await stored({ ...CUSTOMER, [F.name]: "Max" }, []);
    const spam = await stored({ ...CUSTOMER, webseite: "x" }, []);

    const all = await body<ApiEnquiry[]>(await api("enquiry/get", { token }));
    expect(all.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(Object.keys(all[1]).sort()).toEqual(
      [
        ...["id", "_id", "reference", "status", "topic", "vehicle", "description", "preferredDate", "name", "email", "phone", "note", "mailStatus", "createdAt", "updatedAt", "photos"],
        // The steps after the arrival (decision 021).
        ...["startedAt", "finishedAt", "quote", "appointment", "customerNotified"],
        // What the visitor told and looked at (issue 30).
        ...["damage", "contactBy", "reachable", "referencePicture"],
        // The job's steps (issue 38, decision 024).
        ...["arrivedAt", "collectedAt", "customerAnsweredAt", "step", "waitingOn"],
        // The project page it came from, and what the customer allows to be shown (issue 40).
        ...["project", "consent"],
      ].sort(),
    );
    expect(all[1].photos).toEqual([{ id: expect.any(String), url: expect.stringMatching(/^\/images\/anfragen\//), width: 2, height: 2 }]);
    expect((await site(all[1].photos[0].url, { headers: { token } })).status).toBe(200);

    expect((await body<ApiEnquiry[]>(await api("enquiry/get?startAt=1&limit=1", { token }))).map((item) => item.id)).toEqual([first.id]);
    expect((await body<ApiEnquiry[]>(await api("enquiry/get?status=spam", { token }))).map((item) => item.id)).toEqual([spam.id]);
    await expectError(await api("enquiry/get?status=unbekannt", { token }), 400, "Der Status muss einer von neu, in-bearbeitung, beantwortet, erledigt, spam sein.");
    await expectError(await api("enquiry/get?limit=viele", { token }), 400, "limit muss eine ganze Zahl sein.");
  });

  it("updates status and note, keeps the note when only the status is sent, and refuses bad input with 400 or 404", async () => {
    const token = await staffToken();
    const { id } = await stored();
    const updated = await body<ApiEnquiry>(await api("enquiry/update", { token, json: { id, status: "beantwortet", note: "Angebot per Mail" } }));
    expect(updated).toMatchObject({ id, status: "beantwortet", note: "Angebot per Mail" });
    const again = await body<ApiEnquiry>(await api("enquiry/update", { token, json: { id, status: "erledigt" } }));
    expect(again).toMatchObject({ status: "erledigt", note: "Angebot per Mail" });
    await expectError(await api("enquiry/update", { token, json: { id, status: "fertig" } }), 400);
    await expectError(await api("enquiry/update", { token, json: { id, status: "neu", note: 5 } }), 400, "Die Notiz muss ein Text sein.");
    await expectError(await api("enquiry/update", { token, json: { id: "gibt-es-nicht", status: "neu" } }), 404, "Diese Anfrage gibt es nicht (mehr).");
  });

  it("deletes an enquiry with its photos (into the Papierkorb, for good from there), and answers 404 for it afterwards", async () => {
    const token = await staffToken();
    const { id } = await stored(CUSTOMER, [photo(1), photo(2)]);
    expect((await allBucketKeys()).some((key) => key.startsWith("anfragen/"))).toBe(true);
    expect(await body(await api("enquiry/delete", { token, json: { id } }))).toEqual({ id });
    await expectError(await api("enquiry/delete", { token, json: { id } }), 404, "Diese Anfrage gibt es nicht (mehr).");
    expect(await body(await api("trash/delete", { token, json: { id } }))).toEqual({ id });
    expect((await allBucketKeys()).filter((key) => key.startsWith("anfragen/"))).toEqual([]);
  });
});

describe("the staff inbox page", () => {
  it("shows a new enquiry and its count without changing it, and is only for staff", async () => {
    const { id, reference } = await stored();
    const anonymous = await site(`/intern/anfragen?anfrage=${id}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);

    const cookie = await staffCookie();
    const before = (await env.DB.prepare("select status, updated_at from enquiries").first())!;
    const detail = await (await site(`/intern/anfragen?anfrage=${id}`, { headers: { Cookie: cookie } })).text();
    expect(detail).toMatch(new RegExp(`Anfrage (<!-- -->)?${reference}`));
    expect(detail).toContain(CUSTOMER[F.description]);
    // Dialled in its international form (lib/phone.ts), whatever the customer typed.
    expect(detail).toMatch(/href="tel:\+49221987654"/);
    expect(detail).toContain(`mailto:${CUSTOMER[F.email]}?subject=${encodeURIComponent(`Ihre Anfrage ${reference}`)}`);
    expect(detail).toMatch(/class="nav-badge">1/);
    expect(await env.DB.prepare("select status, updated_at from enquiries").first()).toEqual(before);
  });
});
