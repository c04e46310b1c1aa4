import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, PHONE, waitForHydration, withScriptsHeldBack, workerChromium } from "./browser";
import { withGpsExif } from "./fixtures/exif";
import { afterHumanFillTime, asVisitorFrom, ENQUIRY_PAGE, staffEnquiries } from "./fixtures/enquiry";
import { drawnImage } from "./fixtures/images";
import { unique } from "./fixtures/upload-page";
import { openSettledPage } from "./pages-fixtures";
import { chooseLightTheme, expectNoAxeViolations, MODES, withoutAppScripts } from "./staff-helpers";

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

describe.each(MODES)("a customer's enquiry on a phone $name", ({ javaScriptEnabled }) => {
  it("goes from the contact page to the form, sends three photos and shows the confirmation with its number", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await asVisitorFrom(page.context());
    await page.goto("/standort");
    await page.getByRole("link", { name: "Anfrage mit Fotos senden" }).click();
    await page.waitForURL((url) => url.pathname === ENQUIRY_PAGE);
    if (javaScriptEnabled) await waitForHydration(page);

    const description = unique("Sitzwange eingerissen");
    await page.getByRole("radio", { name: "Autositze" }).check();
    await page.getByLabel("Fahrzeug").fill("Porsche 911, 1985");
    await page.getByLabel("Beschreibung *").fill(description);
    await page.getByLabel("Fotos", { exact: true }).setInputFiles(await threePhotos());
    await page.getByLabel("Name *").fill("Erika Mustermann");

    // Without a way to answer, the form refuses at the fields and keeps what was typed.
    await sendButton(page).click();
    const email = page.getByLabel("E-Mail", { exact: true });
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir antworten können.").first().waitFor();
    expect(await page.getByLabel("Beschreibung *").inputValue()).toBe(description);
    if (javaScriptEnabled) {
      await expect(page.getByRole("list", { name: "Gewählte Fotos" }).getByRole("listitem").count()).resolves.toBe(3);
    } else {
      // A plain form cannot keep the files: the field says so, and they are chosen again.
      await page.getByText("Bitte wählen Sie sie noch einmal aus").waitFor();
      await page.getByLabel("Fotos", { exact: true }).setInputFiles(await threePhotos());
    }

    await email.fill("erika@beispiel.de");
    await afterHumanFillTime(page);
    await sendButton(page).click();
    // The confirmation is the enquiry's status page, with its address to keep (decision 021).
    await page.waitForURL((url) => url.pathname.startsWith("/anfrage/status/"));
    const heading = page.getByRole("heading", { name: /^Ihre Anfrage A-\d{4}-\d{4} ist angekommen\.$/ });
    const reference = /A-\d{4}-\d{4}/.exec((await heading.textContent()) ?? "")![0];
    await page.getByText("Wir melden uns in der Regel innerhalb eines Werktags").first().waitFor();
    expect(await page.getByLabel("Ihr persönlicher Link").inputValue()).toBe(page.url());

    const stored = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
    expect(stored).toMatchObject({ status: "neu", description, name: "Erika Mustermann" });
    expect(stored.photos).toHaveLength(3);
    // An anonymous request for a photo finds nothing.
    expect((await fetch(new URL(stored.photos[0].url, page.url()))).status).toBe(404);
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
