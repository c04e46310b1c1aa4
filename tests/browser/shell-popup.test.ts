import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, closeContexts, DESKTOP, openPage, PHONE, waitForHydration, workerChromium } from "./browser";
import { consentValue, createActiveAlert, deleteAlerts, uniqueTitle } from "./shell-helpers";

let browser: Browser;
const created: string[] = [];

beforeAll(async () => {
  browser = await workerChromium();
});
afterEach(async () => {
  await deleteAlerts(created.splice(0));
});
afterAll(async () => {
  await closeContexts(browser);
});

const popup = (page: Page) => page.getByRole("dialog", { name: "Wichtige Informationen" });
const okButton = (page: Page) => popup(page).getByRole("button", { name: "OK", exact: true });

/** A visitor who already chose in the consent dialog, in a fresh browser session. */
async function consentedVisitor(javaScriptEnabled: boolean, device: typeof DESKTOP | typeof PHONE) {
  const page = await openPage(browser, { ...device, javaScriptEnabled });
  await page.context().addCookies([
    { name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: baseURL() },
  ]);
  return page;
}

async function addAlert(label: string, text?: string) {
  const title = uniqueTitle(label);
  created.push(await createActiveAlert(title, text));
  return title;
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("important-information popup (%s)", (_name, device) => {
  it.each([true, false])(
    "shows on the first view of a session only, again when the list changes; OK closes it (JavaScript %s)",
    async (javaScriptEnabled) => {
      const first = await addAlert("Betriebsferien", "Vom 24.12. bis 02.01. geschlossen.");
      const page = await consentedVisitor(javaScriptEnabled, device);

      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      expect(await popup(page).textContent()).toContain(first);
      expect(await popup(page).textContent()).toContain("Vom 24.12. bis 02.01. geschlossen.");
      const width = (await popup(page).boundingBox())?.width ?? 0;
      expect(width).toBeLessThanOrEqual(500);

      await okButton(page).click();
      await expect.poll(() => popup(page).count()).toBe(0);
      if (javaScriptEnabled) {
        await expect.poll(() => page.evaluate(() => sessionStorage.getItem("visited"))).toBeTruthy();
      }

      // Second view in the same session: not again.
      await page.goto("/impressum");
      await expect.poll(() => page.locator("footer").isVisible()).toBe(true);
      expect(await popup(page).count()).toBe(0);

      // The list changed: it shows again, with both alerts.
      const second = await addAlert("Neue Telefonnummer");
      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      expect(await popup(page).textContent()).toContain(first);
      expect(await popup(page).textContent()).toContain(second);
      await okButton(page).click();
      await expect.poll(() => popup(page).count()).toBe(0);
      await page.reload();
      expect(await popup(page).count()).toBe(0);

      // A new browser session starts over.
      const nextSession = await consentedVisitor(javaScriptEnabled, device);
      await nextSession.goto("/");
      await expect.poll(() => popup(nextSession).isVisible()).toBe(true);
      await nextSession.context().close();
      await page.context().close();
    },
  );
});

describe("popup and consent dialog", () => {
  it.each([true, false])("the popup waits until the consent choice is made (JavaScript %s)", async (javaScriptEnabled) => {
    const title = await addAlert("Hinweis nach Einwilligung");
    const page = await openPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/");
    const consent = page.getByRole("dialog", { name: "Datenschutz-Präferenz" });
    await expect.poll(() => consent.isVisible()).toBe(true);
    expect(await popup(page).count()).toBe(0);

    await consent.getByRole("button", { name: "Nur essenzielle Cookies akzeptieren" }).click();
    await expect.poll(() => popup(page).isVisible()).toBe(true);
    expect(await popup(page).textContent()).toContain(title);
    await okButton(page).click();
    await expect.poll(() => popup(page).count()).toBe(0);
    await page.reload();
    expect(await popup(page).count()).toBe(0);
    await page.context().close();
  });
});
