import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { baseURL, closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { consentValue, createActiveAlert, deleteAlerts, settleShell, uniqueTitle } from "./shell-helpers";

const PUBLIC_PATHS = ["/", "/about", "/referenz", "/ledermuster", "/standort", "/impressum"];
const THEMES = ["dark", "light"] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function themedPage(theme: (typeof THEMES)[number], device: typeof DESKTOP | typeof PHONE): Promise<Page> {
  // axe is injected as a script, which the site's CSP would rightly refuse.
  const page = await openPage(browser, { ...device, bypassCSP: true });
  await page.context().addCookies([{ name: "theme", value: theme, url: baseURL() }]);
  return page;
}

describe.each(THEMES)("axe-core WCAG 2.2 AA, %s theme", (theme) => {
  it.each(PUBLIC_PATHS)("%s has no violations", async (path) => {
    const page = await themedPage(theme, DESKTOP);
    await settleShell(page.context());
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the consent dialogs, the popup's absence and the open phone menu have no violations", async () => {
    const page = await themedPage(theme, PHONE);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);

    // The home page runs islands, not Remix (decision 018): its shell is the document pages' one,
    // where the individual view is a link to the page with it open and the menu a <details>.
    await page.locator(".consent__actions").getByText("Individuelle Datenschutz-Präferenz").click();
    await page.getByRole("dialog", { name: "Individuelle Datenschutz-Präferenz" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.context().addCookies([
      { name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: baseURL() },
    ]);
    await settleShell(page.context());
    await page.reload();
    await page.locator("summary.menu__toggle").click();
    await page.getByRole("navigation", { name: "Menü" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the important-information popup has no violations", async () => {
    const id = await createActiveAlert(uniqueTitle("Barrierefreiheit"));
    try {
      const page = await themedPage(theme, DESKTOP);
      await page.context().addCookies([
        { name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: baseURL() },
      ]);
      await page.goto("/");
      await page.getByRole("dialog", { name: "Wichtige Informationen" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    } finally {
      await deleteAlerts([id]);
    }
  });
});
