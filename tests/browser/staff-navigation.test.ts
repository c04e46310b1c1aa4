import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBTITLE_MAX_LENGTH } from "~/lib/business-fields";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { apiCall, apiToken, closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { settleShell } from "./shell-helpers";
import { MODES, staffPage } from "./staff-helpers";

/* Issue 39: the staff navigation in one line at 1440 px, its groups with and without JavaScript, and one tap on a phone. */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const bar = (page: Page) => page.getByRole("navigation", { name: "Interne Navigation" });

describe("the staff navigation at 1440 px", () => {
  it("stands in one line with Termine in it", async () => {
    const page = await staffPage(browser, DESKTOP);
    await page.goto("/intern/news");
    const nav = bar(page);
    expect(await nav.getByRole("link", { name: "Termine", exact: true }).isVisible()).toBe(true);
    const entries = await nav.locator(".nav-links > li > a, .nav-links > li > details > summary, .nav-logout button").all();
    const boxes = await Promise.all(entries.map(async (entry) => (await entry.boundingBox())!));
    // Start, Anfragen, Termine, Bilder, Website, Mehr, Abmelden.
    expect(boxes).toHaveLength(7);
    const middles = boxes.map((box) => box.y + box.height / 2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
    const navBox = (await nav.boundingBox())!;
    expect(navBox.height).toBeLessThan(60);
    await page.context().close();
  });
});

describe.each(MODES)("the Website group $name", ({ javaScriptEnabled }) => {
  it("opens, marks the group of the current page, and its links lead there", async () => {
    const page = await staffPage(browser, { ...DESKTOP, javaScriptEnabled });
    await page.goto("/intern");
    const nav = bar(page);
    const website = nav.locator("summary", { hasText: "Website" });
    expect(await website.getAttribute("aria-current")).toBeNull();
    const opening = nav.getByRole("link", { name: "Öffnungszeiten" });
    expect(await opening.isVisible()).toBe(false);
    await website.click();
    await expect.poll(() => opening.isVisible()).toBe(true);
    await opening.click();
    await page.waitForURL((url) => url.pathname === "/intern/opening");
    await page.getByRole("heading", { level: 1, name: "Öffnungszeiten" }).waitFor();
    // The group is closed after the navigation and marked as holding the current page.
    await expect.poll(() => opening.isVisible()).toBe(false);
    await expect.poll(() => website.getAttribute("aria-current")).toBe("true");
    expect(await nav.locator("[aria-current='page']").allTextContents()).toEqual(["Öffnungszeiten"]);
    await page.context().close();
  });
});

describe("the groups with JavaScript", () => {
  it("close on a click outside and on Escape, and one opens at a time", async () => {
    const page = await staffPage(browser, DESKTOP);
    await page.goto("/intern/news");
    const nav = bar(page);
    const website = nav.locator("summary", { hasText: "Website" });
    const more = nav.locator("summary", { hasText: "Mehr" });
    const konto = nav.getByRole("link", { name: "Konto" });
    const betrieb = nav.getByRole("link", { name: "Betrieb" });

    await website.click();
    await expect.poll(() => betrieb.isVisible()).toBe(true);
    await more.click();
    await expect.poll(() => konto.isVisible()).toBe(true);
    expect(await betrieb.isVisible()).toBe(false);

    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => konto.isVisible()).toBe(false);

    await more.click();
    await expect.poll(() => konto.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => konto.isVisible()).toBe(false);
    expect(await more.evaluate((summary) => summary === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe.each(MODES)("the menu on a 390 px phone $name", ({ javaScriptEnabled }) => {
  it("lists every staff page one tap away, the groups open under their names", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/news");
    await page.getByText("Menü", { exact: true }).first().click();
    const menu = javaScriptEnabled ? page.getByRole("dialog", { name: "Menü" }) : page.getByRole("navigation", { name: "Menü" });
    const team = menu.getByRole("link", { name: "Team", exact: true });
    await expect.poll(() => team.isVisible()).toBe(true);
    for (const name of ["Termine", "Betrieb", "Konto"]) expect(await menu.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    await team.click();
    await page.waitForURL((url) => url.pathname === "/intern/team");
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await page.context().close();
  });
});

describe.each(MODES)("the header with the longest subtitle the record allows $name", ({ javaScriptEnabled }) => {
  it("keeps the menu button whole and the subtitle on one line at 320 and 390 px, public and staff", async () => {
    const token = await apiToken();
    // Wide capitals: the measure of SUBTITLE_MAX_LENGTH.
    const subtitle = "MEISTERWERKSTATT FÜR AUTOSITZE".slice(0, SUBTITLE_MAX_LENGTH);
    expect(subtitle).toHaveLength(SUBTITLE_MAX_LENGTH);
    await apiCall("business/update", { token, json: { subtitle } });
    try {
      for (const width of [320, 390]) {
        const device = { ...PHONE, viewport: { width, height: 700 }, javaScriptEnabled };
        const visitor = await openPage(browser, device);
        await settleShell(visitor.context());
        const staff = await staffPage(browser, device);
        for (const [page, path] of [
          [visitor, "/"],
          [staff, "/intern/news"],
        ] as const) {
          await page.goto(path);
          const header = page.locator("header.navbar .navbar__inner > :is(.brand, .menu)");
          expect(await header.locator(".brand__subtitle").first().textContent()).toBe(subtitle);
          const toggle = (await header.locator(".menu__toggle").first().boundingBox())!;
          expect(toggle.width, `${path} at ${width} px`).toBeGreaterThanOrEqual(44);
          expect(toggle.height, `${path} at ${width} px`).toBeGreaterThanOrEqual(44);
          expect(toggle.x + toggle.width).toBeLessThanOrEqual(width);
          const line = await header.locator(".brand__subtitle").first().evaluate((element) => ({
            whole: element.scrollWidth <= element.clientWidth,
            lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
          }));
          expect(line, `${path} at ${width} px`).toEqual({ whole: true, lines: 1 });
        }
        await visitor.context().close();
        await staff.context().close();
      }
    } finally {
      await apiCall("business/update", { token, json: { subtitle: DEMO_BUSINESS.subtitle } });
    }
  });

});

it("the record refuses a longer subtitle", async () => {
  const token = await apiToken();
  await expect(apiCall("business/update", { token, json: { subtitle: "x".repeat(SUBTITLE_MAX_LENGTH + 1) } })).rejects.toThrow(/: 400 /);
});

describe.each(MODES)("the launch guard's band $name", ({ javaScriptEnabled }) => {
  it("shows on /intern/news while the Impressum holds the demo's stand-ins and leads to the first missing field", async () => {
    // The browser tests' record is the demo's (every test that changes it puts it back).
    for (const device of [PHONE, DESKTOP]) {
      const page = await staffPage(browser, { ...device, javaScriptEnabled });
      await page.goto("/intern/news");
      const band = page.getByRole("link", { name: "Die Website zeigt noch Beispieldaten – Betrieb ausfüllen" });
      expect(await band.isVisible()).toBe(true);
      const box = (await band.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y + box.height).toBeLessThanOrEqual(device.viewport.height);
      expect(await band.evaluate((link) => getComputedStyle(link.parentElement!).backgroundColor)).toBe("rgb(179, 38, 30)");
      await band.click();
      await page.waitForURL((url) => url.pathname === "/intern/betrieb" && url.hash === "#betrieb-name");
      await page.context().close();
    }
  });
});
