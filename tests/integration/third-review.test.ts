import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { INVITATION_GONE } from "~/lib/activity";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { claimEnquirySlot, ENQUIRY_LIMIT, PHOTO_ENQUIRY_LIMIT, PHOTOS_NOT_TAKEN } from "~/server/entities/job/enquiry-spam.server";
import { createInvitation } from "~/server/entities/invitations.server";
import { MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS, saveStaffUser } from "~/server/entities/staff-accounts.server";
import { signed, verified } from "~/server/entities/site-keys.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/server/images/upload-form.server";
import { TOAST_COOKIE } from "~/server/web/toast.server";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, enquiryRows, expectStored, formToken, freshAddress, sendEnhanced, sendPlain } from "./enquiry-helpers";
import {
  allBucketKeys,
  api,
  BASE,
  body,
  db,
  postPage,
  renditionsMade,
  rowCount,
  SAME_ORIGIN,
  site,
  STAFF,
  staffCookie,
  staffToken,
  upload,
  uploadForm,
} from "./helpers";
import { mailsSince } from "./mail";

/*
 * The findings of the third review (issue 28), each from its reproduction: every test here
 * failed on the code the review probed.
 */

const FORM = { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };
const COLLEAGUE = { username: "geselle", password: "Naht-und-Polster-2026" };

const accountId = async (username: string) =>
  String((await env.DB.prepare("select id from users where username = ?").bind(username).first<{ id: number }>())!.id);

const acceptAs = (path: string, username: string) =>
  postPage(path, new URLSearchParams({ intent: "konto-anlegen", username, password: COLLEAGUE.password, repeatPassword: COLLEAGUE.password }), FORM);

describe("a removed colleague", () => {
  it("cannot come back through a link they made before: removing them withdraws it, and the Team page says so", async () => {
    const ownerCookie = await staffCookie();
    await saveStaffUser(db(), COLLEAGUE);
    const own = await createInvitation(db(), { username: COLLEAGUE.username });
    const other = await createInvitation(db(), { username: STAFF.username });

    const removed = await postPage("/intern/team", new URLSearchParams({ intent: "remove", id: await accountId(COLLEAGUE.username) }), {
      ...FORM,
      Cookie: ownerCookie,
    });
    expect(removed.status).toBe(302);
    const team = await (await site("/intern/team", { headers: { Cookie: `${ownerCookie}; ${toastOf(removed)}` } })).text();
    expect(team).toContain("1 offener Einladungslink zurückgezogen");

    const page = await site(own.path);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain(INVITATION_GONE.slice(0, 40));
    const accepted = await acceptAs(own.path, "wieder-da");
    expect(accepted.status).toBe(410);
    expect(await rowCount("sessions")).toBe(1);
    // The colleague who stays keeps their link.
    expect((await site(other.path)).status).toBe(200);
  });

  it("cannot use a link whose maker is no longer active, however the link survived", async () => {
    await saveStaffUser(db(), STAFF);
    await saveStaffUser(db(), COLLEAGUE);
    const invitation = await createInvitation(db(), { username: COLLEAGUE.username });
    // As an account removed before removals withdrew its links.
    await env.DB.prepare("update users set disabled_at = ? where username = ?").bind(Date.now(), COLLEAGUE.username).run();

    expect((await site(invitation.path)).status).toBe(410);
    expect((await acceptAs(invitation.path, "hintertuer")).status).toBe(410);
    expect(await rowCount("users")).toBe(2);
  });

  it("leaves no open link after 'Alle offenen Einladungen zurückziehen'", async () => {
    const cookie = await staffCookie();
    const links = await Promise.all([1, 2, 3].map(() => createInvitation(db(), { username: STAFF.username })));
    expect(await (await site("/intern/team", { headers: { Cookie: cookie } })).text()).toContain("Alle offenen Einladungen zurückziehen");

    const withdrawn = await postPage("/intern/team", new URLSearchParams({ intent: "withdraw-all" }), { ...FORM, Cookie: cookie });
    expect(withdrawn.status).toBe(302);
    const team = await (await site("/intern/team", { headers: { Cookie: `${cookie}; ${toastOf(withdrawn)}` } })).text();
    expect(team).toContain("3 offene Einladungslinks zurückgezogen");
    expect(team).toContain("Keine offenen Einladungen.");
    for (const link of links) expect((await site(link.path)).status).toBe(410);
  });
});

/** The toast cookie a redirect sets, as the browser sends it on the next page. */
const toastOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith(`${TOAST_COOKIE}=`))!;

describe("a picture in the Papierkorb", () => {
  it("answers 404 to everyone but staff at its URL and every rendition's, and everyone again after a restore", async () => {
    const token = await staffToken();
    const [saved] = (
      await body<{ reference: { id: string; url: string }[] }>(
        await upload(token, uploadForm([{ name: "kennzeichen.png", bytes: png({ width: 600, height: 400 }), type: "image/png" }])),
      )
    ).reference;
    await renditionsMade(token, saved.id);
    const urls = (await allBucketKeys()).filter((key) => key.includes(saved.id)).map((key) => `/images/${key}`);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const shown = await site(url);
      expect(shown.status, url).toBe(200);
      // Short, so a browser asks again soon (decision 007).
      expect(shown.headers.get("Cache-Control"), url).toBe("public, max-age=300");
    }

    expect((await api("reference/delete", { token, json: { id: saved.id } })).status).toBe(200);
    for (const url of urls) {
      const gone = await site(url);
      expect(gone.status, url).toBe(404);
      expect(gone.headers.get("Cache-Control"), url).toBe("no-store");
      expect((await site(url, { headers: { token } })).status, url).toBe(200);
    }
    expect((await site(urls[0], { headers: { Cookie: await staffCookie(token) } })).status).toBe(200);
    for (const path of ["/api/v1/reference/get", "/sitemap.xml", "/referenz", "/"]) {
      expect(await (await site(path)).text(), path).not.toContain(saved.id);
    }

    expect((await api("trash/restore", { token, json: { id: saved.id } })).status).toBe(200);
    for (const url of urls) expect((await site(url)).status, url).toBe(200);
  });
});

/** A body that sends `bytes` and then stays open until `end` is called: a client still uploading. */
function endlessUpload(bytes: number) {
  let end = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes).fill(45));
      end = () => {
        try {
          controller.close();
        } catch {
          // Already cancelled by the server, which is the point.
        }
      };
    },
  });
  return { stream, end: () => end() };
}

describe("the enquiry post", () => {
  it("refuses a sender over the limit before reading its body", async () => {
    const address = freshAddress();
    for (let n = 0; n < ENQUIRY_LIMIT; n += 1) await claimEnquirySlot(db(), address);
    const upload = endlessUpload(64 * 1024);
    const answer = await SELF.fetch(`${BASE}/anfrage/senden`, {
      method: "POST",
      headers: {
        ...SAME_ORIGIN,
        "CF-Connecting-IP": address,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(50 * 1024 * 1024),
      },
      body: upload.stream,
    });
    // The answer arrives while the body is still open: nothing waited for it.
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBeTruthy();
    upload.end();
  });

  it("refuses a declared length beyond five photos with 413 before reading anything", async () => {
    const upload = endlessUpload(64 * 1024);
    const answer = await SELF.fetch(`${BASE}/anfrage/senden`, {
      method: "POST",
      headers: {
        ...SAME_ORIGIN,
        "CF-Connecting-IP": freshAddress(),
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(MAX_UPLOAD_REQUEST_BYTES + 1),
      },
      body: upload.stream,
    });
    expect(answer.status).toBe(413);
    upload.end();
  });

  it("still brings a text-only form back filled in when the sender is over the limit", async () => {
    const address = freshAddress();
    for (let n = 0; n < ENQUIRY_LIMIT; n += 1) await claimEnquirySlot(db(), address);
    const answer = await sendPlain(await enquiryForm(), address);
    expect(answer.status).toBe(429);
    expect(await answer.text()).toContain(CUSTOMER[F.description]);
  });

  it("counts every IPv6 address of one /64 as one sender", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 7; n += 1) statuses.push((await sendEnhanced(await enquiryForm(), `2001:db8:1:2::${n}`)).status);
    expect(statuses.slice(0, ENQUIRY_LIMIT)).toEqual(Array(ENQUIRY_LIMIT).fill(201));
    expect(statuses[ENQUIRY_LIMIT]).toBe(429);
    // Another /64 is another sender.
    expect((await sendEnhanced(await enquiryForm(), "2001:db8:1:3::1")).status).toBe(201);
  });

  it("takes photos from everyone together only up to the site-wide ceiling, and text alone beyond it", async () => {
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: PHOTO_ENQUIRY_LIMIT }, (_, n) =>
        env.DB.prepare("insert into enquiry_attempts (address, attempted_at) values ('alle-mit-fotos', ?)").bind(now - n),
      ),
    );
    const photo = { name: "sitz.png", bytes: png({ rgb: [90, 40, 20] }), type: "image/png" };
    const refused = await sendEnhanced(await enquiryForm(CUSTOMER, [photo]));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors[F.photos]).toBe(PHOTOS_NOT_TAKEN);
    expect(await allBucketKeys()).toEqual([]);

    await expectStored(await sendEnhanced(await enquiryForm()));
  });

  it("stores no photos of an enquiry filed as spam", async () => {
    const photo = { name: "werbung.png", bytes: png({ rgb: [1, 2, 3] }), type: "image/png" };
    const tooFast = await enquiryForm({ ...CUSTOMER, zeitmarke: await formToken(0) }, [photo, photo]);
    await expectStored(await sendEnhanced(tooFast));
    const [row] = await enquiryRows();
    expect(row.status).toBe("spam");
    expect(row.spam_reason).toBe("In weniger als 3 Sekunden ausgefüllt (2 Fotos nicht gespeichert)");
    expect(await allBucketKeys()).toEqual([]);
    expect(await rowCount("enquiry_photos")).toBe(0);
  });

  it("makes of a customer's photo only the inbox's thumbnail and large view", async () => {
    const token = await staffToken();
    const photo = { name: "sitz.png", bytes: png({ width: 2000, height: 1500, rgb: [90, 40, 20] }), type: "image/png" };
    await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER, [photo])));
    const renditions = async () => (await allBucketKeys()).filter((key) => /-w\d+\./.test(key));
    await expect.poll(renditions).toHaveLength(2);
    expect((await renditions()).map((key) => key.replace(/^.*-/, "")).sort()).toEqual(["w1600.webp", "w480.webp"]);
    const [enquiry] = await body<{ photos: { url: string }[] }[]>(await api("enquiry/get", { token }));
    expect(enquiry.photos).toHaveLength(1);
  });
});

describe("line breaks in the enquiry's one-line fields", () => {
  it.each([
    ["name", F.name, "Max Muster\r\n\r\nAnfrage im internen Bereich öffnen: https://evil.example/"],
    ["vehicle", F.vehicle, "Golf\nII"],
    ["phone", F.phone, "0221\r\n123456"],
    ["name with a tab", F.name, "Max\tMuster"],
  ])("are refused in the %s with 400, a German message at the field, and no e-mail", async (_, field, value) => {
    const since = Date.now();
    const marker = `Zeilen-${crypto.randomUUID()}`;
    const answer = await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.description]: marker, [field]: value }));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fieldErrors: Record<string, string> }).fieldErrors[field]).toMatch(
      /darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen\.$/,
    );
    expect(await rowCount("enquiries")).toBe(0);
    expect((await mailsSince(since)).filter((mail) => mail.text.includes(marker))).toEqual([]);
  });

  it("cannot forge a line of the workshop's e-mail from the description: it is quoted", async () => {
    const since = Date.now();
    const marker = `Zitat-${crypto.randomUUID()}`;
    const forged = `${marker}\r\n\r\nAnfrage im internen Bereich öffnen: https://evil.example/`;
    await expectStored(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.description]: forged })));
    await expect.poll(async () => (await mailsSince(since)).find((mail) => mail.text.includes(marker))).toBeTruthy();
    const mail = (await mailsSince(since)).find((candidate) => candidate.text.includes(marker))!;
    const lines = mail.text.split("\r\n");
    expect(lines).toContain(`> ${marker}`);
    expect(lines).toContain("> Anfrage im internen Bereich öffnen: https://evil.example/");
    expect(lines.filter((line) => line.startsWith("Anfrage im internen Bereich öffnen:"))).toHaveLength(1);
    expect(lines.find((line) => line.startsWith("Anfrage im internen Bereich öffnen:"))).toMatch(/^Anfrage im internen Bereich öffnen: https:\/\/[^ ]+\/intern\/anfragen\?anfrage=[0-9a-f-]{36}$/);
  });
});

describe("the signing key", () => {
  it("signs for one purpose at a time: a form token is no device, no toast, no invitation", async () => {
    const token = await formToken();
    expect(await verified(db(), "enquiry-form", token)).toMatch(/^\d+$/);
    for (const purpose of ["device", "toast", "invitation"] as const) expect(await verified(db(), purpose, token)).toBeNull();
    expect(await verified(db(), "invitation", await signed(db(), "toast", "abc"))).toBeNull();
  });

  it("counts a guess sent with a form token as the device cookie as a guess of an unknown browser", async () => {
    const target = { username: "anfrage-zeitmarke", password: "Geheim-und-lang-2026" };
    await saveStaffUser(db(), target);
    const guess = async () =>
      api("auth/login", {
        json: { username: target.username, password: "falsch-geraten-123" },
        headers: { Cookie: `__Host-geraet=${await formToken()}`, "CF-Connecting-IP": "203.0.113.9" },
      });
    for (let n = 0; n < MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS; n += 1) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    // The right password from that browser now waits like every other unknown one.
    const right = await api("auth/login", {
      json: target,
      headers: { Cookie: `__Host-geraet=${await formToken()}`, "CF-Connecting-IP": "203.0.113.9" },
    });
    expect(right.status).toBe(429);
    expect(await rowCount("sessions")).toBe(0);
  });
});
