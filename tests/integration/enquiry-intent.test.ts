import { describe, expect, it } from "vitest";
import { ENQUIRY_FIELDS as F, ENQUIRY_REACHABLE_MAX_LENGTH } from "~/lib/enquiry";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced, sendPlain } from "./enquiry-helpers";
import { listTrash, restoreFromTrash } from "~/server/entities/trash.server";
import { ACTOR, api, body, db, renditionsMade, rowCount, site, staffCookie, staffToken, upload, uploadForm } from "./helpers";
import { sentMail } from "./mail";

/*
 * Issue 30: what the visitor was looking at and what they told about the damage go with the
 * enquiry — the gallery picture (`bezug`), the damage chips, how and when to answer — through
 * the enquiry entity's rules, into the API, the job card and the workshop's e-mail.
 */

interface ApiEnquiry {
  id: string;
  reference: string;
  damage: string[];
  contactBy: string | null;
  reachable: string;
  referencePicture: { id: string; url: string; description: string } | null;
  photos: { id: string }[];
}

/** A gallery picture with its renditions made, so public pages show it. */
async function galleryPicture(description: string, category: string[] = ["Lenkräder"]) {
  const token = await staffToken();
  const response = await upload(token, uploadForm([{ name: "bild.png", bytes: png({ rgb: [180, 120, 60] }), type: "image/png" }], { description, category }));
  const [saved] = (await body<{ reference: { id: string; url: string }[] }>(response)).reference;
  await renditionsMade(token, saved.id);
  return { ...saved, token };
}

async function apiEnquiries(): Promise<ApiEnquiry[]> {
  return body<ApiEnquiry[]>(await api("enquiry/get", { token: await staffToken() }));
}

/** The form with the damage chips as a browser posts checkboxes of one name: the name once per chip. */
async function formWithDamage(fields: Record<string, string>, damage: string[]) {
  const form = await enquiryForm(fields);
  for (const kind of damage) form.append(F.damage, kind);
  return form;
}

describe("the enquiry's new fields", () => {
  it("stores the damage chips, the way to answer and when to reach the customer, and the API answers them", async () => {
    const fields = { ...CUSTOMER, [F.contactBy]: "whatsapp", [F.reachable]: "werktags ab 17 Uhr" };
    await expectStoredWithLink(await sendEnhanced(await formWithDamage(fields, ["Riss", "Naht offen"])));
    const [enquiry] = await apiEnquiries();
    expect(enquiry).toMatchObject({ damage: ["Riss", "Naht offen"], contactBy: "whatsapp", reachable: "werktags ab 17 Uhr", referencePicture: null });
  });

  it("answers an enquiry without them with empty values", async () => {
    await expectStoredWithLink(await sendEnhanced(await enquiryForm()));
    const [enquiry] = await apiEnquiries();
    expect(enquiry).toMatchObject({ damage: [], contactBy: null, reachable: "", referencePicture: null });
  });

  it.each([
    ["a line break in 'erreichbar'", { [F.reachable]: "abends\nBcc: jemand@beispiel.de" }, [], F.reachable, "Erreichbarkeit darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen."],
    ["a control character in 'erreichbar'", { [F.reachable]: "abends\u0007" }, [], F.reachable, "Erreichbarkeit darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen."],
    [
      "a too long 'erreichbar'",
      { [F.reachable]: "x".repeat(ENQUIRY_REACHABLE_MAX_LENGTH + 1) },
      [],
      F.reachable,
      `Erreichbarkeit darf höchstens ${ENQUIRY_REACHABLE_MAX_LENGTH} Zeichen lang sein.`,
    ],
    ["a damage not offered", {}, ["Riss", "Kratzer"], F.damage, "Bitte nur die angebotenen Schäden wählen."],
    ["an unknown way to answer", { [F.contactBy]: "brieftaube" }, [], F.contactBy, "Bitte Anruf, WhatsApp oder E-Mail wählen."],
    ["a call without a phone number", { [F.contactBy]: "anruf", [F.phone]: "" }, [], F.phone, "Für einen Rückruf brauchen wir Ihre Telefonnummer."],
    ["WhatsApp without a number", { [F.contactBy]: "whatsapp", [F.phone]: "" }, [], F.phone, "Für eine Antwort per WhatsApp brauchen wir Ihre Handynummer."],
    ["an e-mail answer without an address", { [F.contactBy]: "email", [F.email]: "" }, [], F.email, "Für eine Antwort per E-Mail brauchen wir Ihre E-Mail-Adresse."],
  ])("refuses %s with 400 and a German message at the field, storing nothing", async (_, changes, damage, field, message) => {
    const response = await sendEnhanced(await formWithDamage({ ...CUSTOMER, ...changes }, damage));
    expect(response.status).toBe(400);
    expect((await body<{ fieldErrors: Record<string, string> }>(response)).fieldErrors[field]).toBe(message);
    expect(await rowCount("enquiries")).toBe(0);
  });

  it("sends the plain form back with the chips and the way to answer still chosen", async () => {
    const fields = { ...CUSTOMER, [F.name]: "", [F.contactBy]: "anruf" };
    const html = await (await sendPlain(await formWithDamage(fields, ["Brandloch", "verblasst"]))).text();
    for (const value of ["Brandloch", "verblasst", "anruf"]) expect(html).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${value}"`));
    expect(html).not.toMatch(/<input[^>]*checked=""[^>]*value="Riss"/);
  });
});

describe("the gallery picture an enquiry is about (?bezug=)", () => {
  it("shows it on the form with its caption and its category's topic, and the edge cache keeps each picture's page apart", async () => {
    const picture = await galleryPicture("Lenkrad in Nappa mit roter Naht");
    const html = await (await site(`/anfrage?bezug=${picture.id}`)).text();
    expect(html).toContain("Ihre Anfrage bezieht sich auf:");
    expect(html).toContain("Lenkrad in Nappa mit roter Naht");
    expect(html).toMatch(new RegExp(`<input[^>]*name="bezug"[^>]*value="${picture.id}"`));
    // "Lenkräder" is the topic "Lenkrad".
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="Lenkrad"/);
    // A topic named in the link wins.
    expect(await (await site(`/anfrage?bezug=${picture.id}&thema=musterberatung`)).text()).toMatch(/<input[^>]*checked=""[^>]*value="Musterberatung"/);
    // Another (unknown) picture's page is a page of its own, not the cached copy of the first.
    const unknown = await (await site("/anfrage?bezug=00000000-0000-4000-8000-000000000000")).text();
    expect(unknown).not.toContain("Ihre Anfrage bezieht sich auf:");
    expect(unknown).toContain("Anfrage senden");
  });

  it("goes with the enquiry into the API ({id, url, description}), the job card and the workshop's e-mail", async () => {
    const picture = await galleryPicture("Sitzbank in Cognac");
    const since = Date.now();
    await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.referencePicture]: picture.id })));
    const [enquiry] = await apiEnquiries();
    expect(enquiry.referencePicture).toEqual({ id: picture.id, url: picture.url, description: "Sitzbank in Cognac" });

    const card = await (await site(`/intern/anfragen?anfrage=${enquiry.id}`, { headers: { Cookie: await staffCookie() } })).text();
    expect(card).toContain("Bezieht sich auf dieses Bild aus der Galerie:");
    expect(card).toContain("Sitzbank in Cognac");
    expect(card).toContain(`/referenz?bild=${picture.id}`);

    const mail = await sentMail(enquiry.id, since);
    expect(mail.text).toContain(`Bezug:          Sitzbank in Cognac – ${DEMO.website}/referenz?bild=${picture.id}`);
  });

  it("is left out silently when the id is unknown or the picture is in the Papierkorb: the enquiry is stored all the same", async () => {
    const picture = await galleryPicture("Bald im Papierkorb");
    await api("reference/delete", { token: picture.token, json: { id: picture.id } });
    expect(await (await site(`/anfrage?bezug=${picture.id}`)).text()).not.toContain("Ihre Anfrage bezieht sich auf:");
    for (const id of [picture.id, "erfunden", "x".repeat(500)]) {
      await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.referencePicture]: id })));
    }
    expect((await apiEnquiries()).map((enquiry) => enquiry.referencePicture)).toEqual([null, null, null]);
  });

  it("is hidden from the enquiry while its picture is in the Papierkorb, and back once it is restored", async () => {
    const picture = await galleryPicture("Kommt zurück");
    await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.referencePicture]: picture.id })));
    await api("reference/delete", { token: picture.token, json: { id: picture.id } });
    expect((await apiEnquiries())[0].referencePicture).toBeNull();
    const [entry] = await listTrash(db(), { startAt: 0, limit: 1 });
    await restoreFromTrash(db(), ACTOR, entry.id);
    expect((await apiEnquiries())[0].referencePicture).toMatchObject({ id: picture.id, description: "Kommt zurück" });
  });
});

describe("the confirmation's thumbnails", () => {
  it("serves the enquiry's own photos through its status link only, privately", async () => {
    const photo = { name: "IMG_1.png", bytes: png({ rgb: [90, 60, 40] }), type: "image/png" };
    const { token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm(CUSTOMER, [photo])));
    const other = await expectStoredWithLink(await sendEnhanced(await enquiryForm(CUSTOMER, [photo])));
    const [, first] = await apiEnquiries();
    const page = await (await site(`/anfrage/status/${token}`)).text();
    expect(page).toContain(`/anfrage/status/${token}/foto/${first.photos[0].id}`);

    const own = await site(`/anfrage/status/${token}/foto/${first.photos[0].id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toMatch(/^image\//);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    // Another enquiry's link opens none of this one's photos; a made-up link none at all.
    expect((await site(`/anfrage/status/${other.token}/foto/${first.photos[0].id}`)).status).toBe(404);
    expect((await site(`/anfrage/status/erfunden/foto/${first.photos[0].id}`)).status).toBe(404);
  });
});
