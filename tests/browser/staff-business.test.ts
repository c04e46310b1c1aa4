import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { apiCall, apiToken, closeContexts, DESKTOP, PHONE, waitForHydration, workerChromium } from "./browser";
import { testPng } from "./png";
import { openSettledPage } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

/*
 * Issue 29 on a 390 px phone: staff keep the business record at /intern/betrieb, and a visitor's
 * next view of the site shows and dials what they saved. Issue 39: each section saves alone and,
 * with JavaScript, leaves what is typed in the others; "So sieht es aus" shows a new hero title
 * before it is saved. Every file of a test worker shares its database, so each test puts the
 * demo's values back.
 */

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
});
afterEach(async () => {
  await apiCall("business/update", {
    token,
    json: { phone: DEMO_BUSINESS.phone, heroTitle: DEMO_BUSINESS.heroTitle, postalCode: DEMO_BUSINESS.postalCode, street: DEMO_BUSINESS.street },
  });
});
afterAll(async () => {
  await closeContexts(browser);
});

const SCREENS = [
  { name: "390 px", screen: PHONE },
  { name: "1440 px", screen: DESKTOP },
];

/** A section of the Betrieb page, opened if it was folded to its summary. */
async function openSection(page: Page, title: string) {
  const section = page.locator("details.business-section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  if (!(await section.evaluate((details: HTMLDetailsElement) => details.open))) await section.locator("summary").click();
  await expect.poll(() => section.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
  return section;
}

const savedRecord = async () => (await apiCall("business/get")) as typeof DEMO_BUSINESS;

describe.each(MODES)("Betrieb $name", ({ javaScriptEnabled }) => {
  it("staff change the phone number and the hero's title; a visitor's next view of / shows both and dials the new number", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Betrieb");
    const phone = page.getByLabel("Telefon *", { exact: true });
    expect(await phone.inputValue()).toBe(DEMO_BUSINESS.phone);
    await phone.fill("0221 987654-3");
    await page.getByRole("button", { name: "Adresse & Kontakt speichern" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await page.getByLabel("Telefon *", { exact: true }).inputValue()).toBe("0221 987654-3");
    await expect.poll(() => page.getByText("Gewählt wird: +492219876543").count()).toBe(1);
    await openSection(page, "Auftritt");
    await page.getByLabel("Überschrift *", { exact: true }).fill(javaScriptEnabled ? "Sitze wie neu" : "Sitze wie neu, ohne Skript");
    await page.getByRole("button", { name: "Auftritt speichern" }).click();
    await expect.poll(async () => (await savedRecord()).heroTitle).toBe(javaScriptEnabled ? "Sitze wie neu" : "Sitze wie neu, ohne Skript");

    const visitor = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await visitor.goto("/");
    const title = visitor.getByRole("heading", { level: 1 });
    expect(await title.textContent()).toBe(javaScriptEnabled ? "Sitze wie neu" : "Sitze wie neu, ohne Skript");
    expect(await title.isVisible()).toBe(true);
    const call = visitor.getByRole("navigation", { name: "Schnellkontakt" }).getByRole("link", { name: /^Anrufen/ });
    expect(await call.isVisible()).toBe(true);
    expect(await call.getAttribute("href")).toBe("tel:+492219876543");
    const footerPhone = visitor.locator("footer").getByRole("link", { name: "0221 987654-3" });
    expect(await footerPhone.getAttribute("href")).toBe("tel:+492219876543");
    await page.context().close();
    await visitor.context().close();
  });

  it.each(SCREENS)("saves each section alone and keeps what is typed in another at $name", async ({ screen }) => {
    const page = await staffPage(browser, { ...screen, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    await openSection(page, "Auftritt");
    const heroTitle = page.getByLabel("Überschrift *", { exact: true });
    await heroTitle.fill("Getippt, noch nicht gespeichert");
    await page.getByLabel("Telefon *", { exact: true }).fill("0221 555666-7");
    await page.getByRole("button", { name: "Adresse & Kontakt speichern" }).click();
    await expect.poll(async () => (await savedRecord()).phone).toBe("0221 555666-7");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect((await savedRecord()).heroTitle).toBe(DEMO_BUSINESS.heroTitle);
    if (javaScriptEnabled) {
      // A fetcher saved the section: the page stayed, and so did what was typed in "Auftritt".
      expect(await heroTitle.inputValue()).toBe("Getippt, noch nicht gespeichert");
    } else {
      // Without JavaScript the page loads again with the saved data.
      await openSection(page, "Auftritt");
      expect(await heroTitle.inputValue()).toBe(DEMO_BUSINESS.heroTitle);
      await heroTitle.fill("Getippt, noch nicht gespeichert");
    }
    await page.getByRole("button", { name: "Auftritt speichern" }).click();
    await expect.poll(async () => (await savedRecord()).heroTitle).toBe("Getippt, noch nicht gespeichert");
    expect((await savedRecord()).phone).toBe("0221 555666-7");
    expect(await page.getByLabel("Telefon *", { exact: true }).inputValue()).toBe("0221 555666-7");
    await page.context().close();
  });

  it.each(SCREENS)("shows a changed hero title in 'So sieht es aus' before it is saved at $name", async ({ screen }) => {
    const page = await staffPage(browser, { ...screen, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    const preview = page.getByRole("region", { name: "So sieht es aus" });
    expect(await preview.locator(".hero__title").textContent()).toBe(DEMO_BUSINESS.heroTitle);
    const section = await openSection(page, "Auftritt");
    await page.getByLabel("Überschrift *", { exact: true }).fill("Vorschau vor dem Speichern");
    // With JavaScript the preview follows the typing; without, "Vorschau" asks the server for it.
    if (!javaScriptEnabled) await section.getByRole("button", { name: "Vorschau" }).click();
    await expect.poll(() => preview.locator(".hero__title").textContent()).toBe("Vorschau vor dem Speichern");
    expect(await page.getByLabel("Überschrift *", { exact: true }).inputValue()).toBe("Vorschau vor dem Speichern");
    expect((await savedRecord()).heroTitle).toBe(DEMO_BUSINESS.heroTitle);
    await page.context().close();
  });

  it("takes the master's portrait on the Bilder page's photo tile, shows it small before the upload and takes it off again", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    if (javaScriptEnabled) await waitForHydration(page);
    const section = await openSection(page, "Über uns");
    const tile = section.getByLabel("Porträt aufnehmen oder auswählen");
    await tile.setInputFiles({ name: "meister.png", mimeType: "image/png", buffer: Buffer.from(await testPng(300, 400, [120, 80, 60])) });
    if (javaScriptEnabled) {
      await section.getByRole("button", { name: "Foto 1 entfernen" }).click();
      expect(await section.getByRole("img", { name: "Foto 1" }).count()).toBe(0);
      await tile.setInputFiles({ name: "meister.png", mimeType: "image/png", buffer: Buffer.from(await testPng(300, 400, [120, 80, 60])) });
      expect(await section.getByRole("img", { name: "Foto 1" }).count()).toBe(1);
    }
    await section.getByRole("button", { name: "Porträt hochladen" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    await page.locator("img.business-portrait").waitFor({ state: "attached" });
    await openSection(page, "Über uns");
    await page.getByRole("button", { name: "Porträt entfernen" }).click();
    await page.locator("img.business-portrait").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("refuses an invalid postcode with its German message at the field and keeps everything typed", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    await page.getByLabel("Straße und Hausnummer *", { exact: true }).fill("Venloer Straße 1");
    const postcode = page.getByLabel("PLZ *", { exact: true });
    await postcode.fill("5066");
    await page.getByRole("button", { name: "Adresse & Kontakt speichern" }).click();
    await expect.poll(() => page.getByText("Die PLZ besteht aus 5 Ziffern.").count()).toBeGreaterThan(0);
    expect(await postcode.getAttribute("aria-invalid")).toBe("true");
    // With JavaScript focus goes to the field with the message.
    if (javaScriptEnabled) await expect.poll(() => postcode.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await postcode.inputValue()).toBe("5066");
    expect(await page.getByLabel("Straße und Hausnummer *", { exact: true }).inputValue()).toBe("Venloer Straße 1");
    expect((await savedRecord()).street).toBe(DEMO_BUSINESS.street);
    await page.context().close();
  });
});

describe("Betrieb: Barrierefreiheit", () => {
  it("finds no axe violations (desktop dark, phone light, without scripts)", async () => {
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        await page.goto("/intern/betrieb");
        await expectNoAxeViolations(page);
      },
    );
  });
});
