import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type BusinessRecord, PROMISE_COUNT, promiseFieldName, TRUST_MAX_ITEMS, trustFieldName } from "~/lib/business";
import { BUSINESS_SECTIONS, sectionKeys } from "~/lib/business-fields";
import { PATHS } from "~/lib/site-areas";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { readImageSize } from "~/server/images/image-bytes.server";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { contains } from "../fixtures/images";
import { enquiryForm, expectStored, sendEnhanced, sidewaysPhoto } from "./enquiry-helpers";
import { allBucketKeys, api, body, expectError, postPage, SAME_ORIGIN, site, STAFF, staffCookie, staffToken } from "./helpers";
import { sentMail } from "./mail";
import { cachedView, settledVisitor, visit } from "./visitors";

/** A workshop that is not the demo: every field differs from DEMO_BUSINESS. */
const OWN: BusinessRecord = {
  name: "Sattlerei Beispiel e. K.",
  subtitle: "Sattlerei in Bonn",
  owner: "Erika Beispiel",
  masterTitle: "Sattlermeisterin (Fahrzeugsattlerin)",
  masterAwardedIn: "Republik Österreich",
  foundedYear: 1987,
  description: "Sattlerei in Bonn für Sitze, Lenkräder und Verdecke.",
  street: "Lederweg 3",
  postalCode: "53111",
  city: "Bonn",
  directions: "Hof hinter dem Tor.\nParken auf dem Hof.",
  paymentNote: "Nur bar.",
  phone: "0228 44 55 66",
  whatsapp: "0171 2345678",
  email: "post@sattlerei-beispiel.de",
  website: "https://www.sattlerei-beispiel.de",
  latitude: 50.7374,
  longitude: 7.0982,
  legalForm: "eingetragener Kaufmann",
  representative: "Erika Beispiel (Inhaberin)",
  registerCourt: "Amtsgericht Bonn",
  registerNumber: "HRA 4711",
  vatId: "DE123456789",
  chamber: "Handwerkskammer zu Köln, Bezirk Bonn",
  chamberNumber: "0815-42",
  guild: "Innung für Raumausstatter und Sattler Bonn",
  contentResponsible: "Erika Beispiel, Lederweg 3, 53111 Bonn",
  heroTitle: "Sattlerei Beispiel in Bonn",
  heroSlogan: "Naht für Naht von Hand.",
  heroDetail: "Sitze und Lenkräder neu bezogen.",
  promises: [
    { title: "Sauber", text: "Jede Naht sitzt." },
    { title: "Geprüft", text: "Nur gutes Leder." },
    { title: "Eigen", text: "Nach Ihrem Wunsch." },
    { title: "Schnell", text: "In wenigen Tagen." },
  ],
  trust: ["Meisterbetrieb seit 1987", "2 Jahre Gewährleistung"],
  googleProfileUrl: "https://maps.google.com/?cid=123",
  googleReviewUrl: "https://g.page/r/beispiel/review",
  googleReviewsReadUrl: "https://www.google.com/search?q=sattlerei+beispiel+bewertungen",
  instagramUrl: "https://www.instagram.com/sattlerei.beispiel",
  facebookUrl: "https://www.facebook.com/sattlerei.beispiel",
  masterText: "Ich nähe seit 1987.\nJeder Sitz geht durch meine Hände.",
};

/** The staff form's fields for a record, as the browser posts them (with the password a new website address asks for). */
function formOf(record: BusinessRecord, section = "betrieb", intent = "save"): URLSearchParams {
  const form = new URLSearchParams({ intent, id: section, password: STAFF.password });
  for (const [key, value] of Object.entries(record)) {
    if (key === "promises" || key === "trust") continue;
    form.set(key, value === null ? "" : String(value));
  }
  for (let index = 0; index < PROMISE_COUNT; index++) {
    form.set(promiseFieldName(index, "title"), record.promises[index].title);
    form.set(promiseFieldName(index, "text"), record.promises[index].text);
  }
  for (let index = 0; index < TRUST_MAX_ITEMS; index++) form.set(trustFieldName(index), record.trust[index] ?? "");
  return form;
}

async function postForm(form: URLSearchParams | FormData, cookie?: string) {
  cookie ??= await staffCookie();
  return postPage(PATHS.staffBusiness, form, { ...SAME_ORIGIN, Cookie: cookie });
}

const record = async () => {
  const { portrait: _portrait, ...fields } = await body<BusinessRecord & { portrait: unknown }>(await api("business/get"));
  return fields;
};

const structuredData = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)![1]) as Record<string, unknown>;

describe("the business record", () => {
  it("is the demo's until staff save, and every field round-trips through the API", async () => {
    expect(await record()).toEqual(DEMO_BUSINESS);
    const token = await staffToken();
    const saved = await api("business/update", { token, json: { ...OWN, password: STAFF.password } });
    expect(saved.status).toBe(200);
    expect(await record()).toEqual(OWN);
    // What GET answers is what POST takes: sent back unchanged, nothing changes.
    expect((await api("business/update", { token, json: await body(await api("business/get")) })).status).toBe(200);
    expect(await record()).toEqual(OWN);
  });

  it("takes partial updates: only the fields sent change, and the Verlauf names them", async () => {
    const token = await staffToken();
    await api("business/update", { token, json: { ...OWN, password: STAFF.password } });
    const answer = await api("business/update", { token, json: { phone: "0228 99 88 77", heroTitle: "Neu in Bonn" } });
    expect(answer.status).toBe(200);
    expect(await body(answer)).toMatchObject({ phone: "0228 99 88 77", heroTitle: "Neu in Bonn", street: OWN.street });
    expect(await record()).toEqual({ ...OWN, phone: "0228 99 88 77", heroTitle: "Neu in Bonn" });
    const log = await env.DB.prepare("select kind, action, title from activity_log where kind = 'business' order by id desc").first();
    expect(log).toEqual({ kind: "business", action: "geändert", title: "Betriebsdaten: Telefon, Überschrift" });
    // Coordinates come in pairs; a position without its partner is refused, and nothing changes.
    await expectError(await api("business/update", { token, json: { latitude: null } }), 400, "Bitte Breiten- und Längengrad angeben, oder beide leer lassen.");
    expect((await api("business/update", { token, json: { latitude: null, longitude: null } })).status).toBe(200);
    expect(await record()).toMatchObject({ latitude: null, longitude: null });
  });

  it("refuses writes without a valid token", async () => {
    await expectError(await api("business/update", { json: { phone: "0228 1" } }), 401);
    await expectError(await api("business/update", { token: "erfunden", json: { phone: "0228 1" } }), 401);
    expect(await record()).toEqual(DEMO_BUSINESS);
  });

  it.each([
    ["a javascript: link", { instagramUrl: "javascript:alert(1)" }, "Instagram: Bitte einen Link angeben, der mit https:// beginnt."],
    ["an http: link", { googleReviewUrl: "http://g.page/r/x" }, "Link „Bewertung schreiben“ bei Google: Bitte einen Link angeben, der mit https:// beginnt."],
    ["an invalid USt-IdNr", { vatId: "DE12345" }, "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789."],
    ["an invalid postcode", { postalCode: "5011" }, "Die PLZ besteht aus 5 Ziffern."],
    ["a 5,000-character slogan", { heroSlogan: "Naht ".repeat(1000) }, "Slogan darf höchstens 100 Zeichen lang sein."],
    ["a line break in the phone", { phone: "0228\n445566" }, "Telefon darf keine Zeilenumbrüche oder Steuerzeichen enthalten."],
    ["a number nobody can dial", { phone: "ruf an" }, "Telefon: Diese Nummer lässt sich nicht wählen. Bitte nur Ziffern, mit Vorwahl, z. B. 0221 123456-0."],
    ["a control character", { name: "Sattlerei\u0007" }, "Firmenname mit Rechtsform darf keine Zeilenumbrüche oder Steuerzeichen enthalten."],
    ["an empty name", { name: "  " }, "Firmenname mit Rechtsform darf nicht leer sein."],
    ["three promises", { promises: OWN.promises.slice(0, 3) }, "Es sind genau 4 Versprechen, jedes mit Titel und Text."],
    ["a promise without its text", { promises: [...OWN.promises.slice(0, 3), { title: "Schnell" }] }, "Versprechen 4: Text fehlt."],
    ["six trust marks", { trust: ["a", "b", "c", "d", "e", "f"] }, "Der Vertrauensstreifen hat höchstens 5 Punkte."],
  ])("refuses %s through the API with 400 and a German message", async (_case, patch, message) => {
    const token = await staffToken();
    await expectError(await api("business/update", { token, json: patch }), 400, message);
    expect(await record()).toEqual(DEMO_BUSINESS);
  });

  it("saves a section of the staff form alone: only its fields change, whatever else the post carries", async () => {
    const answer = await postForm(formOf(OWN, "kontakt"));
    expect(answer.status).toBe(302);
    const keys = sectionKeys("kontakt");
    expect(await record()).toEqual({ ...DEMO_BUSINESS, ...Object.fromEntries(keys.map((key) => [key, OWN[key]])) });
  });

  it("round-trips every field through the staff form's sections, and shows them in the form again", async () => {
    const cookie = await staffCookie();
    for (const { id } of BUSINESS_SECTIONS) {
      const answer = await postForm(formOf(OWN, id), cookie);
      expect(answer.status, id).toBe(302);
      expect(answer.headers.get("Location")).toBe(PATHS.staffBusiness);
    }
    expect(await record()).toEqual(OWN);
    const html = await (await site(PATHS.staffBusiness, { headers: { Cookie: cookie } })).text();
    for (const value of [OWN.name, OWN.heroSlogan, OWN.promises[3].text, OWN.trust[1], "53111", "1987", "50.7374"]) expect(html).toContain(value);
    expect(html).toContain("Ich nähe seit 1987.\nJeder Sitz");
    expect(html).toContain("Gewählt wird: +49228445566");
    expect(html).not.toContain("Betriebsdaten vervollständigen");
  });

  it("sends a refused section back with 400, the German message at its field and everything typed", async () => {
    const wrong = { ...OWN, phone: "0228\n445566", vatId: "DE1", instagramUrl: "http://insta.example" };
    const refusals = [
      { section: "kontakt", message: "Telefon darf keine Zeilenumbrüche oder Steuerzeichen enthalten.", typed: [OWN.street] },
      { section: "rechtliches", message: "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789.", typed: ["DE1", OWN.registerNumber] },
      { section: "auftritt", message: "Instagram: Bitte einen Link angeben, der mit https:// beginnt.", typed: [OWN.heroTitle, "http://insta.example", OWN.promises[2].title] },
    ];
    for (const { section, message, typed } of refusals) {
      const answer = await postForm(formOf(wrong, section));
      expect(answer.status, section).toBe(400);
      const html = await answer.text();
      expect(html).toContain(message);
      for (const value of typed) expect(html).toContain(value);
      if (section === "kontakt") expect(html).toMatch(/id="betrieb-phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="betrieb-phone"/);
    }
    expect(await record()).toEqual(DEMO_BUSINESS);
  });

  it("names exactly the Impressum's fields still at their demo value on the start page and the Betrieb page", async () => {
    const cookie = await staffCookie();
    const gaps = async (path: string) => {
      const html = await (await site(path, { headers: { Cookie: cookie } })).text();
      const section = /<section class="business-gaps"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      return [...section.matchAll(/href="\/intern\/betrieb#betrieb-(\w+)"/g)].map((match) => match[1]);
    };
    const demo = ["name", "owner", "masterTitle", "street", "phone", "email", "representative", "vatId", "chamberNumber", "contentResponsible"];
    expect(await gaps(PATHS.staff)).toEqual(demo);
    expect(await gaps(PATHS.staffBusiness)).toEqual(demo);

    const token = await staffToken();
    await api("business/update", { token, json: { name: OWN.name, phone: OWN.phone, vatId: "", chamberNumber: "12" } });
    const cookieAgain = await staffCookie(token);
    const left = ["owner", "masterTitle", "street", "email", "representative", "contentResponsible"];
    const html = await (await site(PATHS.staff, { headers: { Cookie: cookieAgain } })).text();
    // Within the list (the launch guard's band above links the first of them too).
    const section = /<section class="business-gaps"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect([...section.matchAll(/href="\/intern\/betrieb#betrieb-(\w+)"/g)].map((match) => match[1])).toEqual(left);

    await api("business/update", { token, json: { ...OWN, password: STAFF.password } });
    expect(await (await site(PATHS.staff, { headers: { Cookie: await staffCookie(token) } })).text()).not.toContain("Betriebsdaten vervollständigen");
  });

  it("shows the saved values on every public page's next view, also where the page came from the edge cache", async () => {
    const visitor = await settledVisitor();
    const pages = ["/", "/standort", "/impressum", "/about", "/anfrage"];
    for (const path of pages) await cachedView(path, visitor);

    const token = await staffToken();
    expect((await api("business/update", { token, json: { ...OWN, password: STAFF.password } })).status).toBe(200);

    const views: Record<string, string> = {};
    for (const path of pages) {
      const response = await visit(path, visitor);
      expect(response.headers.get(CACHE_STATUS_HEADER), path).toBe("MISS");
      // Without React's markers between adjacent texts ("53111<!-- --> <!-- -->Bonn").
      views[path] = (await response.text()).replaceAll("<!-- -->", "");
      // The next view is the cache's copy, with the new values.
      const again = await cachedView(path, visitor);
      expect(await again.text(), path).toContain(OWN.name);
    }
    const tel = 'href="tel:+49228445566"';
    for (const path of pages) {
      const html = views[path];
      expect(html, path).not.toMatch(/Musterstraße|Max Mustermann|123456-0/);
      expect(html, path).toContain('class="brand__subtitle">Sattlerei in Bonn<');
      // The call bar on every page dials the new number.
      expect(html, path).toMatch(/class="call-bar__link" href="tel:\+49228445566"/);
      expect(html, path).toContain(`| ${OWN.name}</title>`);
      expect(html, path).toContain(`<link rel="canonical" href="${OWN.website}${path === "/" ? "/" : path}"`);
    }
    // The footer (on every page but /standort, which shows the same itself).
    expect(views["/"]).toContain(`${OWN.street}<br/>53111 Bonn`);
    expect(views["/"]).toContain(tel);
    expect(views["/"]).toContain(`href="${OWN.facebookUrl}"`);
    expect(views["/standort"]).toContain(OWN.street);
    expect(views["/standort"]).toContain('href="https://wa.me/491712345678"');
    expect(views["/standort"]).toContain("Hof hinter dem Tor.\nParken auf dem Hof.");
    expect(views["/standort"]).toContain(`href="${OWN.googleReviewUrl}"`);
    // The trust strip links reading the reviews, not the form to write one (issue 39).
    expect(views["/"]).toContain(`href="${OWN.googleReviewsReadUrl}"`);
    expect(views["/"]).not.toContain(`href="${OWN.googleReviewUrl}"`);
    for (const text of [OWN.legalForm, OWN.representative, OWN.registerCourt, OWN.registerNumber, OWN.vatId, OWN.chamber, OWN.chamberNumber, OWN.guild, OWN.contentResponsible, OWN.masterAwardedIn]) {
      expect(views["/impressum"]).toContain(text);
    }
    // The privacy notice's controller.
    expect(views["/impressum"]).toContain(`${OWN.name}, vertreten durch ${OWN.representative}`);
    for (const text of [OWN.heroTitle, OWN.heroSlogan, OWN.heroDetail, ...OWN.promises.map((promise) => promise.title), ...OWN.trust, OWN.owner]) {
      expect(views["/"]).toContain(text);
    }
    // The home page names the promises; /about has their sentences (the home page carries no Remix data with them, decision 018).
    for (const promise of OWN.promises) expect(views["/about"]).toContain(promise.text);
    expect(views["/about"]).toContain("Ich nähe seit 1987.\nJeder Sitz geht durch meine Hände.");
    expect(views["/about"]).toContain("Gegründet 1987");
    expect(views["/anfrage"]).toMatch(/Lieber direkt\?[\s\S]*href="tel:\+49228445566"[\s\S]*mailto:post@sattlerei-beispiel\.de/);

    const data = structuredData(views["/"]);
    expect(data).toMatchObject({
      "@type": "AutoRepair",
      name: OWN.name,
      url: `${OWN.website}/`,
      telephone: "+49228445566",
      email: OWN.email,
      vatID: OWN.vatId,
      foundingDate: "1987",
      address: { streetAddress: OWN.street, postalCode: OWN.postalCode, addressLocality: OWN.city },
      geo: { latitude: OWN.latitude, longitude: OWN.longitude },
      sameAs: [OWN.instagramUrl, OWN.facebookUrl, OWN.googleProfileUrl],
    });
    expect(data.openingHoursSpecification).toHaveLength(2);
    expect(await (await site("/robots.txt")).text()).toContain(`Sitemap: ${OWN.website}/sitemap.xml`);
  });

  it("puts script and markup in every field out as text, never as HTML, never closing the JSON-LD", async () => {
    const attack = '</script><script>alert("x")</script><b>fett</b>';
    const token = await staffToken();
    const hostile = { ...OWN, name: `Sattlerei ${attack}`, heroTitle: attack, directions: attack, masterText: attack, trust: [attack] };
    expect((await api("business/update", { token, json: { ...hostile, password: STAFF.password } })).status).toBe(200);
    for (const path of ["/", "/standort", "/impressum", "/about", "/anfrage"]) {
      const html = await (await site(path)).text();
      expect(html, path).not.toContain('<script>alert("x")');
      expect(html, path).not.toContain("<b>fett</b>");
      expect(html, path).toContain("&lt;/script&gt;&lt;script&gt;alert(");
      // One JSON-LD element, whole: the name inside it cannot end it.
      expect(structuredData(html).name, path).toBe(hostile.name);
    }
  });

  it("names the sender of the enquiry e-mail after the business", async () => {
    const token = await staffToken();
    await api("business/update", { token, json: { name: "Sattlerei Beispiel e. K.", website: OWN.website, password: STAFF.password } });
    const since = Date.now();
    await expectStored(await sendEnhanced(await enquiryForm()));
    const row = await env.DB.prepare("select id from enquiries order by created_at desc limit 1").first<{ id: string }>();
    const mail = await sentMail(row!.id, since);
    // An ASCII name as a plain quoted string, not base64 (issue 38).
    expect(mail.headers.from).toMatch(/^"Website Sattlerei Beispiel e\. K\." </);
    expect(mail.text).toContain(`${OWN.website}/intern/anfragen?anfrage=${row!.id}`);
  });

  it("stores the master's portrait through the picture pipeline, without EXIF or GPS, and shows it once its renditions exist", async () => {
    const cookie = await staffCookie();
    const upload = async () => {
      const form = new FormData();
      form.set("intent", "portrait");
      form.set("portrait", new File([await sidewaysPhoto()], "meister.jpg", { type: "image/jpeg" }));
      return postForm(form, cookie);
    };
    expect((await upload()).status).toBe(302);
    const first = await env.DB.prepare("select id, image_key from business_portraits").all<{ id: string; image_key: string }>();
    expect(first.results).toHaveLength(1);
    const key = first.results[0].image_key;
    expect(key).toMatch(/^portraet\/[0-9a-f-]{36}\.jpg$/);
    const stored = new Uint8Array(await (await env.IMAGES.get(key))!.arrayBuffer());
    expect(readImageSize(stored, "image/jpeg")).toEqual({ width: 300, height: 400 });
    expect(contains(stored, "Exif")).toBe(false);
    expect(contains(stored, "GPSLatitude")).toBe(false);

    // Public once its renditions exist (made after the answer), on the about page and the home page.
    await expect.poll(async () => (await body<{ portrait: { url: string } | null }>(await api("business/get"))).portrait?.url, { timeout: 20_000 }).toBe(`/images/${key}`);
    expect(await (await site("/about")).text()).toContain("master-card__portrait");
    expect((await site(`/images/${key}`)).status).toBe(200);

    // A new one replaces it: the old row and files go.
    expect((await upload()).status).toBe(302);
    const second = await env.DB.prepare("select image_key from business_portraits").all<{ image_key: string }>();
    expect(second.results.map((row) => row.image_key)).not.toContain(key);
    await expect.poll(async () => (await allBucketKeys()).filter((name) => name.startsWith(key.replace(/\.jpg$/, ""))), { timeout: 20_000 }).toEqual([]);

    // Taken off: no row, no files.
    expect((await postForm(new URLSearchParams({ intent: "portrait-remove" }), cookie)).status).toBe(302);
    expect((await env.DB.prepare("select count(*) as n from business_portraits").first<{ n: number }>())?.n).toBe(0);
    await expect.poll(async () => (await allBucketKeys()).filter((name) => name.startsWith("portraet/")), { timeout: 20_000 }).toEqual([]);
    expect((await body<{ portrait: unknown }>(await api("business/get"))).portrait).toBeNull();
  });

  it("refuses a file that is no picture at the portrait's field", async () => {
    const form = new FormData();
    form.set("intent", "portrait");
    form.set("portrait", new File(["kein Foto"], "meister.jpg", { type: "image/jpeg" }));
    const answer = await postForm(form);
    expect(answer.status).toBe(415);
    expect(await answer.text()).toContain("„meister.jpg“");
    expect((await env.DB.prepare("select count(*) as n from business_portraits").first<{ n: number }>())?.n).toBe(0);
  });
});
