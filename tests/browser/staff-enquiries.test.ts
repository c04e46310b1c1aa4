import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "~/lib/site-areas";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { apiCall, apiToken, closeContexts, openPage, PHONE, workerChromium } from "./browser";
import { answeredEnquiry, sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { drawnImage } from "./fixtures/images";
import { unique } from "./fixtures/upload-page";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

/* Issue 31: an enquiry as a job card, answered in one tap; new work in view from every staff page. */

let browser: Browser;
let helper: Page;
beforeAll(async () => {
  browser = await workerChromium();
  helper = await openPage(browser);
});
afterAll(async () => {
  await closeContexts(browser);
});

const INBOX = PATHS.staffEnquiries;
const HEIGHT = PHONE.viewport.height;
const DESCRIPTION = "Der Himmel hängt durch, vorne über dem Fahrersitz am meisten.";

async function customerEnquiry(name: string, photos = 3) {
  const png = await drawnImage(helper, { width: 400, height: 300, type: "image/png" });
  const { reference } = await sendEnquiry(
    { thema: "Dachhimmel", fahrzeug: "Mercedes W123", beschreibung: DESCRIPTION, name, email: "kunde@beispiel.de", telefon: "0171 2345678" },
    Array.from({ length: photos }, (_, index) => ({ name: `foto-${index}.png`, buffer: png, mimeType: "image/png" })),
  );
  const { id } = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
  return { reference, id };
}

const statusOf = async (id: string) => (await staffEnquiries()).find((enquiry) => enquiry.id === id)?.status;

/** What a page answers at wa.me: the test machine has no internet, and only the address matters. */
async function catchWhatsApp(page: Page) {
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }));
}

describe.each(MODES)("the enquiry job card on a phone $name", ({ javaScriptEnabled }) => {
  it("shows the first photo and the description in the first screen, sets the status in one tap, and deletes behind Weitere Aktionen", async () => {
    const name = unique("Kundin");
    const { reference, id } = await customerEnquiry(name);
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(INBOX);
    await page.getByRole("link", { name: `${reference} · ${name}` }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(`Anfrage ${reference}`) }).waitFor();

    // The job first: the first of three photos (loaded, for staff) and the description, without scrolling.
    const first = page.getByRole("link", { name: "Foto 1 vergrößern" });
    await expect.poll(() => first.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: /^Foto \d vergrößern$/ }).count()).toBe(3);
    for (const shown of [first, page.getByText(DESCRIPTION)]) {
      const box = (await shown.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    }
    await page.getByText(`Mercedes W123 · Dachhimmel`).waitFor();
    // Large in the viewer.
    await first.click();
    const viewer = page.getByRole("dialog", { name: "Foto 1 von 3" });
    await expect.poll(() => viewer.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await viewer.getByRole(javaScriptEnabled ? "button" : "link", { name: "Schließen" }).click();
    await viewer.waitFor({ state: "detached" });
    expect(await statusOf(id)).toBe("neu");

    // One tap: no select, no second button.
    expect(await page.locator("select").count()).toBe(0);
    const status = page.getByRole("group", { name: "Status" });
    await status.getByRole("button", { name: "Beantwortet" }).click();
    await expect.poll(() => statusOf(id)).toBe("beantwortet");
    await expect.poll(() => status.getByRole("button", { name: "Beantwortet" }).getAttribute("aria-pressed")).toBe("true");
    expect(await status.getByRole("button", { name: "Neu" }).getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");

    // The note is saved on its own and leaves the status as it is.
    const note = unique("Angebot 380 € gemacht");
    await page.getByText("Notiz für das Team", { exact: true }).click();
    await page.getByLabel("Interne Notiz").fill(note);
    await page.getByRole("button", { name: "Notiz speichern" }).click();
    await expect.poll(async () => (await staffEnquiries()).find((enquiry) => enquiry.id === id)?.note).toBe(note);
    expect(await statusOf(id)).toBe("beantwortet");

    // The inbox agrees.
    await page.goto(`${INBOX}?status=beantwortet`);
    await page.getByRole("link", { name: `${reference} · ${name}` }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(`Anfrage ${reference}`) }).waitFor();

    // "Löschen" is behind "Weitere Aktionen", and still asks first.
    expect(await page.getByRole("link", { name: "Löschen" }).isVisible()).toBe(false);
    await page.getByText("Weitere Aktionen").click();
    await page.getByRole("link", { name: "Löschen" }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Bist du sicher, dass du diese Anfrage löschen möchtest?").waitFor();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await page.waitForURL((url) => url.pathname === INBOX && url.search === "");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await statusOf(id)).toBeUndefined();
  });

  it("opens a chosen, edited snippet in WhatsApp, naming the number and the workshop, and moves Neu to In Bearbeitung", async () => {
    const { reference, id } = await customerEnquiry(unique("Kunde"), 1);
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await catchWhatsApp(page);
    await page.goto(`${INBOX}?anfrage=${id}`);

    await page.getByText("Antworttext:").click();
    await page.getByRole("link", { name: "Foto vom ganzen Sitz" }).click();
    const text = page.getByLabel("Text der Antwort");
    await expect.poll(() => text.inputValue()).toContain("Bitte senden Sie uns noch ein Foto vom ganzen Sitz.");
    const filled = await text.inputValue();
    expect(filled).toContain(reference);
    expect(filled).toContain(DEMO_BUSINESS.name);
    // Editable before it is opened.
    await text.fill(`${filled}\nGern auch von der Rückseite & der Naht.`);
    const sent = (await text.inputValue()).trim();

    const whatsApp = page.getByRole("button", { name: "WhatsApp" });
    let opened: string;
    if (javaScriptEnabled) {
      // The reply opens in a new tab, in the same tap; the card stays and shows the new status.
      const tab = page.context().waitForEvent("page");
      await whatsApp.click();
      const popup = await tab;
      await popup.waitForURL(/^https:\/\/wa\.me\//);
      opened = popup.url();
      await expect.poll(() => page.getByRole("button", { name: "In Bearbeitung" }).getAttribute("aria-pressed")).toBe("true");
    } else {
      // The form's answer is the WhatsApp link itself (a redirect the browser follows out of the site).
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await whatsApp.click();
      opened = (await answer).headers().location;
    }
    const link = new URL(opened);
    expect(link.pathname).toBe("/491712345678");
    expect(link.searchParams.get("text")).toBe(sent);
    expect(await statusOf(id)).toBe("in-bearbeitung");
    const log = (await apiCall("log/get?limit=20", { token: await apiToken() })) as { title: string }[];
    expect(log.map((entry) => entry.title)).toContain(`${reference} per WhatsApp`);
    await page.context().close();
  });
});

describe.each(MODES)("new work in view $name", ({ javaScriptEnabled }) => {
  it("shows '1 neue Anfrage – ansehen' on /intern/news without opening the menu, leads to it, and goes once none is new", async () => {
    const token = await apiToken();
    const setAll = async (from: string, to: string) => {
      for (const enquiry of await staffEnquiries(from)) await apiCall("enquiry/update", { token, json: { id: enquiry.id, status: to } });
    };
    await setAll("neu", "erledigt");
    const { reference, id } = await customerEnquiry(unique("Neu"), 1);
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(PATHS.staffNews);
    const banner = page.getByRole("link", { name: "1 neue Anfrage – ansehen" });
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole("navigation", { name: "Menü" }).isVisible()).toBe(false);
    await banner.click();
    await page.getByRole("heading", { level: 1, name: new RegExp(`Anfrage ${reference}`) }).waitFor();
    expect(new URL(page.url()).searchParams.get("anfrage")).toBe(id);

    await page.getByRole("button", { name: "Erledigt" }).click();
    await expect.poll(() => statusOf(id)).toBe("erledigt");
    await page.goto(PATHS.staffNews);
    await page.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    expect(await page.getByText(/neue Anfragen? – ansehen/).count()).toBe(0);
    await page.context().close();
  });
});

describe.each(MODES)("a customer's answer in view $name", ({ javaScriptEnabled }) => {
  it("shows '1 Antwort von …' on /intern/news in the first screen and as a start-page card; 'Gesehen' takes it away", async () => {
    const token = await apiToken();
    // Earlier answers of other files on this server would be counted in the banner: a status set by staff counts as seen.
    for (const enquiry of await staffEnquiries()) if (enquiry.customerAnsweredAt) await apiCall("enquiry/update", { token, json: { id: enquiry.id, status: enquiry.status } });
    const name = unique("Sabine Antwort");
    const png = await drawnImage(helper, { width: 400, height: 300, type: "image/png" });
    const { id, reference } = await answeredEnquiry(
      browser,
      { thema: "Autositze", fahrzeug: "Mercedes W124", beschreibung: DESCRIPTION, name, email: "kunde@beispiel.de" },
      [{ name: "sitz.png", buffer: png, mimeType: "image/png" }],
    );

    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(PATHS.staffNews);
    const shortName = `${name[0]}. ${name.split(" ").slice(1).join(" ")}`;
    const banner = page.getByRole("link", { name: `1 Antwort von ${shortName} – ansehen` });
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    await page.goto(PATHS.staff);
    await page.getByRole("heading", { name: "Kunden haben geantwortet" }).waitFor();
    await banner.click();
    await page.getByRole("heading", { level: 1, name: new RegExp(`Anfrage ${reference}`) }).waitFor();
    await page.getByText("Neue Antwort der Kundin / des Kunden").waitFor();
    await page.getByRole("button", { name: "Gesehen" }).click();
    await expect.poll(async () => (await staffEnquiries()).find((enquiry) => enquiry.id === id)?.customerAnsweredAt).toBeNull();
    await page.goto(PATHS.staffNews);
    await page.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    expect(await page.getByText(/Antworten? von .* – ansehen/).count()).toBe(0);
    await page.context().close();
  });
});

describe("the staff start page", () => {
  it("shows a new enquiry as a card with its first photo, and today's state", async () => {
    const name = unique("Startseite");
    const { id } = await customerEnquiry(name, 2);
    const page = await staffPage(browser, PHONE);
    await page.goto(PATHS.staff);
    const card = page.getByRole("link", { name: new RegExp(name) });
    await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await card.textContent()).toContain("2 Fotos");
    await page.getByRole("heading", { name: "Heute" }).waitFor();
    expect(await page.locator(".start-today__hours").textContent()).toMatch(/^Heute/);
    await card.click();
    await page.waitForURL((url) => url.searchParams.get("anfrage") === id);
    await page.context().close();
  });
});

describe("accessibility of the enquiry screens", () => {
  it("has no axe violations on the inbox, the job card with its reply text, its delete dialog, the snippets and the start page", async () => {
    const { id } = await customerEnquiry(unique("Axe"), 2);
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        for (const path of [
          INBOX,
          `${INBOX}?anfrage=${id}&vorlage=werkstatt-preis`,
          `${INBOX}?anfrage=${id}&loeschen=${id}`,
          PATHS.staffReplySnippets,
          PATHS.staff,
        ]) {
          await page.goto(path);
          await expectNoAxeViolations(page);
        }
      },
    );
  });
});
