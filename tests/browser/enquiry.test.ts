import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, PHONE, waitForHydration, withScriptsHeldBack, workerChromium } from "./browser";
import { withGpsExif } from "./fixtures/exif";
import { afterHumanFillTime, asVisitorFrom, ENQUIRY_PAGE, staffEnquiries } from "./fixtures/enquiry";
import { drawnImage } from "./fixtures/images";
import { unique } from "./fixtures/upload-page";
import { openSettledPage } from "./pages-fixtures";
import { chooseLightTheme, expectNoAxeViolations, MODES, withoutAppScripts } from "./staff-helpers";
import { ENQUIRY_PHOTOS_LABEL } from "~/components/enquiry/photo-field";

let browser: Browser;
let helper: Page;
beforeAll(async () => {
  browser = await workerChromium();
  // Photos are drawn by a page with JavaScript; the page under test may have none.
  helper = await openPage(browser);
});
afterAll(async () => {
  await closeContexts(browser);
});

const sendButton = (page: Page) => page.getByRole("button", { name: "Anfrage senden" });

async function threePhotos() {
  const sideways = await withGpsExif(await drawnImage(helper, { width: 400, height: 300, type: "image/jpeg" }), { orientation: 6 });
  const png = await drawnImage(helper, { width: 200, height: 150, type: "image/png" });
  return [
    { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: sideways },
    { name: "IMG_0002.png", mimeType: "image/png", buffer: png },
    { name: "IMG_0003.png", mimeType: "image/png", buffer: png },
  ];
}

const photoControl = (page: Page) => page.getByLabel(ENQUIRY_PHOTOS_LABEL);

describe.each(MODES)("a customer's enquiry on a phone $name", ({ javaScriptEnabled }) => {
  it("goes from the contact page to the form, sends three photos with what is damaged and how to answer, and shows the confirmation", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await asVisitorFrom(page.context());
    await page.goto("/standort");
    await page.getByRole("link", { name: "Anfrage mit Fotos senden" }).click();
    await page.waitForURL((url) => url.pathname === ENQUIRY_PAGE);
    if (javaScriptEnabled) await waitForHydration(page);

    const description = unique("Sitzwange eingerissen");
    await photoControl(page).setInputFiles(await threePhotos());
    await page.getByRole("radio", { name: "Autositze" }).check();
    await page.getByRole("checkbox", { name: "Riss" }).check();
    await page.getByRole("checkbox", { name: "durchgesessen" }).check();
    await page.getByLabel("Fahrzeug").fill("Porsche 911, 1985");
    await page.getByLabel("Beschreibung *").fill(description);
    await page.getByLabel("Name *").fill("Erika Mustermann");
    await page.getByRole("radio", { name: "E-Mail" }).check();
    await page.getByLabel("Wann erreichen wir Sie am besten?").fill("werktags ab 17 Uhr");

    // Without a way to answer, the form refuses at the fields and keeps what was typed.
    await sendButton(page).click();
    const email = page.getByRole("textbox", { name: "E-Mail", exact: true });
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir antworten können.").first().waitFor();
    expect(await page.getByLabel("Beschreibung *").inputValue()).toBe(description);
    expect(await page.getByRole("checkbox", { name: "durchgesessen" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "E-Mail" }).isChecked()).toBe(true);
    if (javaScriptEnabled) {
      await expect(page.getByRole("list", { name: "Gewählte Fotos" }).getByRole("listitem").count()).resolves.toBe(3);
    } else {
      // A plain form cannot keep the files: the field says so, and they are chosen again.
      await page.getByText("Bitte wählen Sie sie noch einmal aus").waitFor();
      await photoControl(page).setInputFiles(await threePhotos());
    }

    await email.fill("erika@beispiel.de");
    if (javaScriptEnabled) {
      // The corrected field loses its message at once, the phone's "one of the two" with it, and the summary goes with the last.
      await expect.poll(() => email.getAttribute("aria-invalid")).toBeNull();
      expect(await page.getByLabel("Telefon", { exact: true }).getAttribute("aria-invalid")).toBeNull();
      expect(await page.getByText("Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an").count()).toBe(0);
      expect(await page.getByRole("alert").filter({ hasText: "Bitte prüfen Sie die markierten Angaben." }).count()).toBe(0);
    }
    await afterHumanFillTime(page);
    await sendButton(page).click();
    // The confirmation is the enquiry's status page, with its address to keep (decision 021).
    await page.waitForURL((url) => url.pathname.startsWith("/anfrage/status/"));
    const heading = page.getByRole("heading", { name: /^Ihre Anfrage A-\d{4}-\d{4} ist angekommen\.$/ });
    const reference = /A-\d{4}-\d{4}/.exec((await heading.textContent()) ?? "")![0];
    await page.getByText("Wir melden uns in der Regel innerhalb eines Werktags").first().waitFor();
    expect(await page.getByLabel("Ihr persönlicher Link").inputValue()).toBe(page.url());
    // What arrived, and what happens now: the photos small (through the link), three steps.
    const thumbnails = page.getByRole("list", { name: "Ihre 3 Fotos" }).getByRole("img");
    expect(await thumbnails.count()).toBe(3);
    await expect.poll(() => thumbnails.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const steps = page.getByRole("region", { name: "Was passiert jetzt" }).getByRole("listitem");
    expect(await steps.allTextContents()).toEqual([
      expect.stringMatching(/^Fotos ansehen/),
      expect.stringMatching(/^Rückmeldung mit Richtpreis/),
      expect.stringMatching(/^Termin/),
    ]);
    // The call bar offers no second enquiry here.
    const bar = page.getByRole("navigation", { name: "Schnellkontakt" });
    expect(await bar.getByRole("link").allTextContents()).toEqual([expect.stringMatching(/^Anrufen/)]);

    const stored = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
    expect(stored).toMatchObject({
      status: "neu",
      description,
      name: "Erika Mustermann",
      damage: ["Riss", "durchgesessen"],
      contactBy: "email",
      reachable: "werktags ab 17 Uhr",
      referencePicture: null,
    });
    expect(stored.photos).toHaveLength(3);
    // An anonymous request for a photo finds nothing; through the status link it is the page's own.
    expect((await fetch(new URL(stored.photos[0].url, page.url()))).status).toBe(404);
    expect((await fetch(new URL(`${new URL(page.url()).pathname}/foto/${stored.photos[0].id}`, page.url()))).status).toBe(200);
    expect((await fetch(new URL(`/anfrage/status/falsch/foto/${stored.photos[0].id}`, page.url()))).status).toBe(404);
  });

  it("starts with the camera: the photo control is the first field and a thumb's size, and sends stay at hand", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(ENQUIRY_PAGE);
    const firstField = await page.locator(".enquiry-form").evaluate(
      (form) => (form.querySelector("input:not([type=hidden]), textarea, select") as HTMLInputElement).labels?.[0]?.textContent?.trim(),
    );
    expect(firstField).toBe(ENQUIRY_PHOTOS_LABEL);
    const tile = await page.locator("label", { hasText: ENQUIRY_PHOTOS_LABEL }).boundingBox();
    expect(tile!.height).toBeGreaterThanOrEqual(44);
    // Topics: an even grid of equal tiles, two in a row on a phone.
    const topics = await page.locator(".enquiry-chips--topics .enquiry-chip").evaluateAll((tiles) =>
      tiles.map((tile) => {
        const { x, width, height } = tile.getBoundingClientRect();
        return { x: Math.round(x), width: Math.round(width), height: Math.round(height) };
      }),
    );
    expect(new Set(topics.map(({ x }) => x)).size).toBe(2);
    expect(new Set(topics.map(({ width }) => width)).size).toBe(1);
    expect(new Set(topics.map(({ height }) => height)).size).toBe(1);
    // While the form is in view one bar stays at the bottom of the screen: the send button with
    // "Anrufen" beside it; the call bar (whose "Anfrage" would lead here) steps aside (issue 39).
    await page.getByLabel("Beschreibung *").scrollIntoViewIfNeeded();
    await page.getByLabel("Beschreibung *").blur();
    const height = page.viewportSize()!.height;
    const send = (await sendButton(page).boundingBox())!;
    expect(send.y + send.height).toBeLessThanOrEqual(height);
    expect(send.y + send.height).toBeGreaterThan(height - 100);
    expect(await page.getByRole("navigation", { name: "Schnellkontakt" }).isVisible()).toBe(false);
    const call = page.locator(".enquiry-form__send").getByRole("link", { name: /^Anrufen/ });
    expect(await call.getAttribute("href")).toMatch(/^tel:\+49/);
    const callBox = (await call.boundingBox())!;
    expect(Math.min(callBox.width, callBox.height)).toBeGreaterThanOrEqual(44);
    const bottomBars = await page.evaluate(
      (bottom) =>
        [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return ["fixed", "sticky"].includes(style.position) && style.display !== "none" && box.height > 0 && Math.abs(box.bottom - bottom) < 2;
        }).length,
      height,
    );
    expect(bottomBars).toBe(1);
    await page.context().close();
  });
});

describe("the enquiry form with JavaScript", () => {
  it("sends what was typed before the page's scripts had loaded", async () => {
    const page = await openSettledPage(browser, PHONE);
    await asVisitorFrom(page.context());
    // The app's scripts are held back until the text is typed, as on a slow phone.
    const release = await withScriptsHeldBack(page, ENQUIRY_PAGE);
    const description = unique("Lenkrad neu beziehen, vorher getippt");
    await page.getByRole("radio", { name: "Lenkrad" }).check();
    await page.getByLabel("Beschreibung *").fill(description);
    await page.getByLabel("Name *").fill("Max Mustermann");
    await page.getByLabel("Telefon", { exact: true }).fill("0221 555123");
    release();
    await waitForHydration(page);

    expect(await page.getByLabel("Beschreibung *").inputValue()).toBe(description);
    // The form is an island (decision 018): hydrated on its own, without Remix, and focus stayed where it was.
    expect(await page.evaluate(() => document.querySelector('[data-island="enquiry"]')?.hasAttribute("data-island-ready"))).toBe(true);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    expect(await page.getByLabel("Telefon", { exact: true }).evaluate((field) => field === document.activeElement)).toBe(true);
    await afterHumanFillTime(page);
    await sendButton(page).click();
    await page.waitForURL((url) => url.pathname.startsWith("/anfrage/status/"));
    const reference = /A-\d{4}-\d{4}/.exec((await page.getByRole("heading", { name: /ist angekommen/ }).textContent()) ?? "")![0];
    expect((await staffEnquiries()).find((enquiry) => enquiry.reference === reference)).toMatchObject({
      description,
      name: "Max Mustermann",
      status: "neu",
    });
  });

  it("offers the gallery's topic preselected", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto(`${ENQUIRY_PAGE}?thema=Cabrioverdeck`);
    await expect(page.getByRole("radio", { name: "Cabrioverdeck" }).isChecked()).resolves.toBe(true);
  });

  it("takes a message away once its field is right, and the summary with the last one", async () => {
    const page = await openSettledPage(browser, PHONE);
    await asVisitorFrom(page.context());
    await page.goto(ENQUIRY_PAGE);
    await page.getByRole("radio", { name: "Lenkrad" }).check();
    await page.getByLabel("Name *").fill("Max Mustermann");
    await page.getByLabel("Telefon", { exact: true }).fill("12");
    await page.getByRole("radio", { name: "Anruf" }).check();
    await afterHumanFillTime(page);
    await sendButton(page).click();
    const description = page.getByLabel("Beschreibung *");
    const phone = page.getByLabel("Telefon", { exact: true });
    await expect.poll(() => description.getAttribute("aria-invalid")).toBe("true");
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    // A digit more is still no number: the message stays; a real one takes it away.
    await phone.fill("123");
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    await phone.fill("0221 555123");
    await expect.poll(() => phone.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Bitte prüfen Sie die markierten Angaben.").count()).toBe(1);
    await description.fill("Lenkrad abgegriffen.");
    await expect.poll(() => description.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Bitte prüfen Sie die markierten Angaben.").count()).toBe(0);
  });
});

describe("accessibility of the enquiry form", () => {
  it("has no axe violations on a phone in the light theme, on a desktop, and without the app's scripts", async () => {
    for (const { options, scripts, light } of [
      { options: PHONE, scripts: true, light: true },
      { options: {}, scripts: true, light: false },
      { options: PHONE, scripts: false, light: false },
    ]) {
      const page = await openSettledPage(browser, options);
      if (!scripts) await withoutAppScripts(page);
      if (light) await chooseLightTheme(page);
      await page.goto(ENQUIRY_PAGE);
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });
});
