import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { apiCall, apiToken, closeContexts, PHONE, workerChromium } from "./browser";
import { openSettledPage } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

/*
 * Issue 29 on a 390 px phone: staff keep the business record at /intern/betrieb, and a visitor's
 * next view of the site shows and dials what they saved. Every file of a test worker shares its
 * database, so each test puts the demo's values back.
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
    json: { phone: DEMO_BUSINESS.phone, heroTitle: DEMO_BUSINESS.heroTitle, postalCode: DEMO_BUSINESS.postalCode },
  });
});
afterAll(async () => {
  await closeContexts(browser);
});

describe.each(MODES)("Betrieb $name", ({ javaScriptEnabled }) => {
  it("staff change the phone number and the hero's title; a visitor's next view of / shows both and dials the new number", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Betrieb");
    const phone = page.getByLabel("Telefon *", { exact: true });
    expect(await phone.inputValue()).toBe(DEMO_BUSINESS.phone);
    await phone.fill("0221 987654-3");
    await page.getByLabel("Überschrift *", { exact: true }).fill(javaScriptEnabled ? "Sitze wie neu" : "Sitze wie neu, ohne Skript");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await page.getByLabel("Telefon *", { exact: true }).inputValue()).toBe("0221 987654-3");
    await expect.poll(() => page.getByText("Gewählt wird: +492219876543").count()).toBe(1);

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

  it("refuses an invalid postcode with its German message at the field and keeps everything typed", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/betrieb");
    await page.getByLabel("Überschrift *", { exact: true }).fill("Getippt und behalten");
    const postcode = page.getByLabel("PLZ *", { exact: true });
    await postcode.fill("5066");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => page.getByText("Die PLZ besteht aus 5 Ziffern.").count()).toBeGreaterThan(0);
    expect(await postcode.getAttribute("aria-invalid")).toBe("true");
    // With JavaScript focus goes to the field with the message.
    if (javaScriptEnabled) await expect.poll(() => postcode.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await postcode.inputValue()).toBe("5066");
    expect(await page.getByLabel("Überschrift *", { exact: true }).inputValue()).toBe("Getippt und behalten");
    expect(((await apiCall("business/get")) as { heroTitle: string }).heroTitle).toBe(DEMO_BUSINESS.heroTitle);
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
