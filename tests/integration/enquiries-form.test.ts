import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENQUIRY_DESCRIPTION_MAX_LENGTH, ENQUIRY_FIELDS as F, FORM_TOKEN_FIELD, HONEYPOT_FIELD, PREFERRED_TIMES } from "~/lib/enquiry";
import { HttpError } from "~/server/base/errors.server";
import { ENQUIRY_LIMIT, FORM_TOKEN_MAX_AGE_MS } from "~/server/entities/job/enquiry-spam.server";
import { ENQUIRY_STORE_FAILED, receiveEnquiry } from "~/server/entities/job/enquiries.server";
import { readJpegOrientation, readImageSize, sniffImageType } from "~/server/images/image-bytes.server";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { APP1_XMP, CAMERA_MAKE, contains, gpsLatitudeRationals, png, TEXT, XMP_MARKER } from "../fixtures/images";
import {
  CUSTOMER,
  enquiryForm,
  enquiryRows,
  expectStored,
  formToken,
  freshAddress,
  type Photo,
  sendEnhanced,
  sendPlain,
  sidewaysPhoto,
} from "./enquiry-helpers";
import { allBucketKeys, api, db, pictureStorage, rowCount, site, staffCookie, staffToken } from "./helpers";


const pngPhoto = (index: number): Photo => ({ name: `IMG_00${index}.png`, bytes: png({ rgb: [index * 40, 60, 60] }), type: "image/png" });

describe("an enquiry with photos", () => {
  it("is stored with its photos upright, without EXIF or GPS and without the device's file names, and answers with its number", async () => {
    const photos = [{ name: "IMG_4711.jpg", bytes: await sidewaysPhoto() }, pngPhoto(1), pngPhoto(2)];
    const response = await sendPlain(await enquiryForm(CUSTOMER, photos));
    expect(response.status).toBe(302);
    const year = new Date().getFullYear();
    expect(response.headers.get("Location")).toMatch(/^\/anfrage\/status\/[A-Za-z0-9_-]{27}$/);
    expect(await (await site(response.headers.get("Location")!)).text()).toContain(`A-${year}-0001`);

    const [row] = await enquiryRows();
    expect(row).toMatchObject({ status: "neu", spam_reason: null, mail_status: "ausstehend", number: 1 });
    const keys = (await allBucketKeys()).filter((key) => !/-w\d+\./.test(key));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^anfragen\/[0-9a-f-]{36}\.(jpg|png)$/);
    const stored = await env.DB.prepare("select * from enquiry_photos order by position").all();
    expect(JSON.stringify(stored.results)).not.toMatch(/IMG_/);

    const jpegKey = keys.find((key) => key.endsWith(".jpg"))!;
    const jpeg = new Uint8Array(await (await env.IMAGES.get(jpegKey))!.arrayBuffer());
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(readImageSize(jpeg, "image/jpeg")).toEqual({ width: 300, height: 400 });
    expect(readJpegOrientation(jpeg)).toBeNull();
    for (const marker of ["Exif\0\0", CAMERA_MAKE, XMP_MARKER]) expect(contains(jpeg, marker)).toBe(false);
    expect(contains(jpeg, gpsLatitudeRationals())).toBe(false);
    expect(contains(jpeg, APP1_XMP)).toBe(false);
  });

  it("numbers the enquiries of a year one after another, also when they arrive together", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, async () => sendEnhanced(await enquiryForm())));
    const references = await Promise.all(answers.map(expectStored));
    const year = new Date().getFullYear();
    expect(references.sort()).toEqual([1, 2, 3, 4].map((number) => `A-${year}-000${number}`));
  });

  it("serves its photos only to staff: anonymous requests get 404, a session or the API token the picture", async () => {
    await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER, [pngPhoto(1)])));
    const [key] = (await allBucketKeys()).filter((candidate) => candidate.startsWith("anfragen/"));
    expect((await site(`/images/${key}`)).status).toBe(404);
    expect((await site(`/images/${key}`, { headers: { token: "erfunden" } })).status).toBe(404);

    const token = await staffToken();
    expect((await site(`/images/${key}`, { headers: { token } })).status).toBe(200);
    const withSession = await site(`/images/${key}`, { headers: { Cookie: await staffCookie(token) } });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get("Cache-Control")).toBe("private, no-store");

    // No public list names it.
    for (const path of ["/sitemap.xml", "/api/v1/reference/get", "/referenz", "/"]) {
      expect(await (await site(path)).text()).not.toContain("anfragen/");
    }
  });
});

describe("the form's rules", () => {
  const base = { ...CUSTOMER } as Record<string, string>;
  const without = (field: string) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== field));

  it.each([
    ["no topic", without(F.topic), F.topic, "Bitte wählen Sie aus, worum es geht."],
    ["an unknown topic", { ...base, [F.topic]: "Raumschiff" }, F.topic, "Bitte wählen Sie aus, worum es geht."],
    ["no description", without(F.description), F.description, "Bitte beschreiben Sie kurz, worum es geht."],
    ["a description of spaces", { ...base, [F.description]: "   " }, F.description, "Bitte beschreiben Sie kurz, worum es geht."],
    [
      "a description that is too long",
      { ...base, [F.description]: "x".repeat(ENQUIRY_DESCRIPTION_MAX_LENGTH + 1) },
      F.description,
      "Beschreibung darf höchstens 2.000 Zeichen lang sein.",
    ],
    ["a vehicle that is too long", { ...base, [F.vehicle]: "x".repeat(121) }, F.vehicle, "Fahrzeug darf höchstens 120 Zeichen lang sein."],
    ["no name", without(F.name), F.name, "Bitte geben Sie Ihren Namen an."],
    ["a name that is too long", { ...base, [F.name]: "x".repeat(121) }, F.name, "Name darf höchstens 120 Zeichen lang sein."],
    // The workshop proposes the dates (issue 39): a rough wish of three, no day of the customer's.
    ["a day instead of a wish", { ...base, [F.preferredDate]: "2026-12-24" }, F.preferredDate, "Bitte wählen Sie, wann es Ihnen passen würde."],
    ["a wish not offered", { ...base, [F.preferredDate]: "morgen früh" }, F.preferredDate, "Bitte wählen Sie, wann es Ihnen passen würde."],
    ["a broken e-mail address", { ...base, [F.email]: "erika@" }, F.email, "Bitte eine gültige E-Mail-Adresse angeben, z. B. name@beispiel.de."],
    ["a phone number of letters", { ...base, [F.phone]: "ruf mich an" }, F.phone, "Bitte eine gültige Telefonnummer angeben, z. B. 0221 123456."],
    [
      "neither e-mail nor phone",
      { ...without(F.email), [F.phone]: "" },
      F.email,
      "Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir antworten können.",
    ],
  ])("refuses %s with 400 and a German message at the field", async (_, fields, field, message) => {
    const response = await sendEnhanced(await enquiryForm(fields));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(answer.fieldErrors[field]).toBe(message);
    expect(answer.error).toBe(Object.values(answer.fieldErrors)[0]);
    expect(await rowCount("enquiries")).toBe(0);
  });

  it.each(PREFERRED_TIMES)("takes the wish „%s“ and stores it as written", async (time) => {
    await expectStored(await sendEnhanced(await enquiryForm({ ...base, [F.preferredDate]: time })));
    expect((await env.DB.prepare("select preferred_date from enquiries").first<{ preferred_date: string }>())!.preferred_date).toBe(time);
  });

  it("treats a file sent in a text field as a missing value, never as a 500", async () => {
    const form = await enquiryForm(without(F.name));
    form.append(F.name, new File(["Erika"], "name.txt"));
    const response = await sendEnhanced(form);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: Record<string, string> }).fieldErrors[F.name]).toBe("Bitte geben Sie Ihren Namen an.");
  });

  it("refuses a sixth photo, and a file that is no picture, at the photo field and stores nothing", async () => {
    const six = await sendEnhanced(await enquiryForm(CUSTOMER, Array.from({ length: 6 }, (_, index) => pngPhoto(index))));
    expect(six.status).toBe(400);
    expect(((await six.json()) as { fieldErrors: Record<string, string> }).fieldErrors[F.photos]).toBe(
      "Bitte höchstens 5 Fotos auswählen (Sie haben 6 gewählt).",
    );

    const text = await sendEnhanced(await enquiryForm(CUSTOMER, [pngPhoto(1), { name: "rechnung.jpg", bytes: TEXT }]));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { fieldErrors: Record<string, string> }).fieldErrors[F.photos]).toBe(
      "„rechnung.jpg“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).",
    );
    expect(await allBucketKeys()).toEqual([]);
    expect(await rowCount("enquiries")).toBe(0);
  });

  it("sends the plain form back filled in, with the messages at the fields and a note that photos must be chosen again", async () => {
    const response = await sendPlain(await enquiryForm({ ...base, [F.email]: "erika@", [F.description]: "Lenkrad <neu> beziehen" }, [pngPhoto(1)]));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Bitte eine gültige E-Mail-Adresse angeben, z. B. name@beispiel.de.");
    expect(html).toContain('value="erika@"');
    expect(html).toContain("Lenkrad &lt;neu&gt; beziehen");
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="Autositze"/);
    expect(html).toContain("Bitte wählen Sie sie noch einmal aus");
    expect(await allBucketKeys()).toEqual([]);
  });
});

describe("spam without a third party", () => {
  const spamOf = async (fields: Record<string, string>) => {
    await expectStored(await sendEnhanced(await enquiryForm(fields)));
    const [row] = await enquiryRows();
    return row;
  };

  it("files a filled-in honeypot under Spam, answers as for anyone, and mails nobody", async () => {
    expect(await spamOf({ ...CUSTOMER, [HONEYPOT_FIELD]: "https://werbung.example" })).toMatchObject({
      status: "spam",
      spam_reason: "Verstecktes Feld ausgefüllt",
      mail_status: "keine",
    });
  });

  it.each([
    ["sent within 3 s", () => formToken(1000), "In weniger als 3 Sekunden ausgefüllt"],
    ["with an expired token", () => formToken(FORM_TOKEN_MAX_AGE_MS + 60_000), "Zeitmarke abgelaufen"],
    ["with a forged token", async () => (await formToken()).replace(/^(\d+)\./, (_, time) => `${Number(time) - 1}.`), "Zeitmarke gefälscht"],
    ["without a token", async () => "", "Zeitmarke fehlt oder ist unlesbar"],
  ])("files an enquiry %s under Spam", async (_, token, reason) => {
    expect(await spamOf({ ...CUSTOMER, [FORM_TOKEN_FIELD]: await token() })).toMatchObject({ status: "spam", spam_reason: reason });
  });

  it("counts links: one is a customer's, more are spam", async () => {
    expect(await spamOf({ ...CUSTOMER, [F.description]: "Wie bei https://beispiel.de/sitz" })).toMatchObject({ status: "neu" });
    await env.DB.prepare("delete from enquiries").run();
    expect(await spamOf({ ...CUSTOMER, [F.description]: "http://a.example www.b.example" })).toMatchObject({
      status: "spam",
      spam_reason: "2 Links im Text",
    });
  });

  it(`allows ${ENQUIRY_LIMIT} enquiries an hour per address, refused and spam ones included, then answers 429 with Retry-After`, async () => {
    const address = freshAddress();
    await expectStored(await sendEnhanced(await enquiryForm(), address));
    await expectStored(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [HONEYPOT_FIELD]: "x" }), address));
    expect((await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: "" }), address)).status).toBe(400);
    expect((await sendEnhanced(await enquiryForm(CUSTOMER, [{ name: "a.jpg", bytes: TEXT }]), address)).status).toBe(415);
    await expectStored(await sendEnhanced(await enquiryForm(), address));

    const refused = await sendEnhanced(await enquiryForm(), address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Von Ihrem Anschluss kamen in der letzten Stunde schon 5 Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut oder rufen Sie uns an\.$/,
    );

    // The page without JavaScript: the same refusal as a German page with the form still filled in.
    const page = await sendPlain(await enquiryForm(), address);
    expect(page.status).toBe(429);
    expect(page.headers.get("Retry-After")).toMatch(/^\d+$/);
    const html = await page.text();
    expect(html).toContain("Von Ihrem Anschluss kamen in der letzten Stunde schon 5 Anfragen.");
    expect(html).toContain(CUSTOMER[F.description]);

    expect(await rowCount("enquiries")).toBe(3);
    expect(await expectStored(await sendEnhanced(await enquiryForm(), freshAddress()))).toMatch(/-0004$/);
  });
});

describe("all or nothing", () => {
  const fivePhotos = () => Array.from({ length: 5 }, (_, index) => pngPhoto(index));

  /** The real bucket, except that one write fails as a lost connection would. */
  function bucketFailingOnPut(failingPut: number): R2Bucket {
    let puts = 0;
    return {
      put: async (...args: Parameters<R2Bucket["put"]>) => {
        if (++puts === failingPut) throw new Error("R2: Verbindung verloren");
        return env.IMAGES.put(...args);
      },
      delete: (keys: string | string[]) => env.IMAGES.delete(keys),
    } as unknown as R2Bucket;
  }

  const values = async () => ({ ...CUSTOMER, [FORM_TOKEN_FIELD]: await formToken() });
  const photosOf = (photos: Photo[]) => photos.map(({ name, bytes }) => ({ name, bytes }));

  it.each([1, 3, 5])("leaves no record when R2 write %i of 5 fails", async (failingPut) => {
    const error = await receiveEnquiry(db(), pictureStorage({ bucket: bucketFailingOnPut(failingPut) }), {
      values: await values(),
      photos: photosOf(fivePhotos()),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: ENQUIRY_STORE_FAILED });
    expect(await allBucketKeys()).toEqual([]);
    expect(await rowCount("enquiries")).toBe(0);
    expect(await rowCount("enquiry_photos")).toBe(0);
  });

  it("leaves no object when the D1 batch fails at the last photo, and answers the customer with 503", async () => {
    await env.DB.prepare(
      "CREATE TRIGGER fail_last_photo BEFORE INSERT ON enquiry_photos WHEN NEW.position = 4 BEGIN SELECT RAISE(ABORT, 'test'); END",
    ).run();
    const response = await sendEnhanced(await enquiryForm(CUSTOMER, fivePhotos()));
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toBe(ENQUIRY_STORE_FAILED);
    expect(await allBucketKeys()).toEqual([]);
    expect(await rowCount("enquiries")).toBe(0);
    expect(await rowCount("enquiry_photos")).toBe(0);
  });

  it("stores all five once the fault is gone", async () => {
    await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER, fivePhotos())));
    expect((await allBucketKeys()).filter((key) => !/-w\d+\./.test(key))).toHaveLength(5);
    expect(await rowCount("enquiry_photos")).toBe(5);
  });
});

describe("the page in the edge cache", () => {
  const tokenIn = (html: string) => /name="zeitmarke"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="zeitmarke"/.exec(html)?.slice(1).find(Boolean);

  it("is cached like other public pages, with a fresh, valid time token in every copy", async () => {
    // A settled visitor (consent given, alerts seen) gets pages the edge cache keeps.
    const consent = `cookieConsent=${encodeURIComponent('{"essential":true,"external":false}')}`;
    const seen = /besucht=([^;]*)/.exec((await site("/about", { headers: { Cookie: consent } })).headers.get("Set-Cookie") ?? "")?.[1];
    const cookies = { Cookie: `${consent}${seen ? `; besucht=${seen}` : ""}` };
    const firstHtml = await (await site("/anfrage?thema=Lenkrad", { headers: cookies })).text();
    expect(firstHtml).toMatch(/<input[^>]*checked=""[^>]*value="Lenkrad"/);
    let hitHtml = "";
    // The copy is stored after the first view's answer has left.
    await expect
      .poll(
        async () => {
          const view = await site("/anfrage?thema=Lenkrad", { headers: cookies });
          hitHtml = await view.text();
          return view.headers.get(CACHE_STATUS_HEADER);
        },
        { timeout: 20_000 },
      )
      .toBe("HIT");
    const [fromRender, fromCache] = [tokenIn(firstHtml), tokenIn(hitHtml)];
    expect(fromRender).toBeTruthy();
    expect(fromCache).toBeTruthy();
    expect(fromCache).not.toBe(fromRender);

    // The cached copy's token is genuine: sent at once it is only "too fast", not forged.
    await expectStored(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [FORM_TOKEN_FIELD]: fromCache! })));
    expect((await enquiryRows())[0].spam_reason).toBe("In weniger als 3 Sekunden ausgefüllt");
  });

  it("answers the API's enquiry calls only with a token", async () => {
    for (const [path, init] of [
      ["enquiry/get", {}],
      ["enquiry/update", { json: { id: "x", status: "neu" } }],
      ["enquiry/delete", { json: { id: "x" } }],
    ] as const) {
      expect((await api(path, init)).status).toBe(401);
    }
  });
});
