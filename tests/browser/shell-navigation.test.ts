import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { settleShell } from "./shell-helpers";
import { staffPage } from "./staff-helpers";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function settledPage(options: Parameters<typeof openPage>[1]): Promise<Page> {
  const page = await openPage(browser, options);
  await settleShell(page.context());
  return page;
}

// "Start" carries hidden words for screen readers and search engines, after its visible label.
const START = "Start – Startseite der Autosattlerei";
const PUBLIC_LINKS = [START, "Über uns & Leistung", "Referenz", "Ledermuster", "Kontakt"];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });
const currentLinks = (page: Page) => page.locator("header [aria-current='page']:visible");
const rootOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

describe("navigation bar on desktop", () => {
  it("shows the brand and the public links, marking the current page", async () => {
    const page = await settledPage(DESKTOP);
    await page.goto("/");
    const header = page.locator("header.navbar");
    expect(await header.textContent()).toContain("Meisterbetrieb");
    expect(await header.textContent()).toContain("Autosattlerei in Köln");
    expect(await mainNav(page).getByRole("link").allTextContents()).toEqual(PUBLIC_LINKS);
    expect(await mainNav(page).getByRole("link", { name: "Kontakt" }).getAttribute("href")).toBe("/standort");
    expect(await page.getByRole("button", { name: "Menü" }).isVisible()).toBe(false);
    expect(await currentLinks(page).allTextContents()).toEqual([START]);
    // The visible label stays "Start" and begins the accessible name, so voice control finds it.
    const start = mainNav(page).getByRole("link", { name: START, exact: true });
    expect(await start.evaluate((link) => link.childNodes[0].textContent)).toBe("Start");

    await mainNav(page).getByRole("link", { name: "Ledermuster" }).click();
    await page.waitForURL("**/ledermuster");
    await expect.poll(() => currentLinks(page).allTextContents()).toEqual(["Ledermuster"]);

    // Kontakt links /standort itself (issue 39: no visit through the alias's 301) and is marked there.
    await mainNav(page).getByRole("link", { name: "Kontakt" }).click();
    await page.waitForURL("**/standort");
    await expect.poll(() => currentLinks(page).allTextContents()).toEqual(["Kontakt"]);
    await page.context().close();
  });

  it("keeps the server's site-wide styles and search-engine data through hydration and navigation in the browser", async () => {
    // Both are in the server's document only (global-styles.ts, structured-data.tsx): the browser's
    // render has them empty and must leave the server's elements as they are.
    const page = await settledPage(DESKTOP);
    const serverOnly = () =>
      page.evaluate(() => ({
        background: getComputedStyle(document.body).backgroundColor,
        styled: [...document.querySelectorAll("style")].some((style) => style.textContent?.includes("--color-bg")),
        business: JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent || "{}")["@type"],
      }));
    await page.goto("/");
    const atFirst = await serverOnly();
    expect(atFirst).toMatchObject({ styled: true, business: "AutoRepair" });
    expect(atFirst.background).not.toBe("rgba(0, 0, 0, 0)");
    await mainNav(page).getByRole("link", { name: "Ledermuster" }).click();
    await page.waitForURL("**/ledermuster");
    expect(await serverOnly()).toEqual(atFirst);
    await page.context().close();
  });

  it("scrolls to the top when a link is chosen", async () => {
    const page = await settledPage(DESKTOP);
    await page.goto("/impressum");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await mainNav(page).getByRole("link", { name: "Referenz" }).click();
    await page.waitForURL("**/referenz");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});

describe("menu on a phone with JavaScript", () => {
  // The public pages are documents and islands (decision 018): their menu is the same <details> as without JavaScript, with Escape added.
  it("opens a full-screen overlay, locks scrolling, and closes with Escape", async () => {
    const page = await settledPage(PHONE);
    await page.goto("/");
    const toggle = page.locator("summary").filter({ hasText: "Menü" });
    const overlay = page.getByRole("navigation", { name: "Menü" });
    expect(await overlay.isVisible()).toBe(false);
    expect(await rootOverflow(page)).not.toBe("hidden");

    await toggle.click();
    await expect.poll(() => overlay.isVisible()).toBe(true);
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.viewport.width, height: PHONE.viewport.height });
    // The links, then the number and the enquiry (issue 20).
    expect(await overlay.getByRole("link").allTextContents()).toEqual(expect.arrayContaining([...PUBLIC_LINKS, DEMO.phone, "Anfrage mit Fotos senden"]));
    expect(await rootOverflow(page)).toBe("hidden");

    await page.keyboard.press("Escape");
    await expect.poll(() => overlay.isVisible()).toBe(false);
    expect(await rootOverflow(page)).not.toBe("hidden");
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("choosing a link closes it, restores scrolling, lands at the top and marks the page", async () => {
    const page = await settledPage(PHONE);
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const toggle = page.locator("summary").filter({ hasText: "Menü" });
    const overlay = page.getByRole("navigation", { name: "Menü" });

    await toggle.click();
    await expect.poll(() => overlay.isVisible()).toBe(true);
    await overlay.getByRole("link", { name: "Über uns & Leistung" }).click();
    await page.waitForURL("**/about");
    await expect.poll(() => overlay.isVisible()).toBe(false);
    expect(await rootOverflow(page)).not.toBe("hidden");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await toggle.click();
    await expect.poll(() => overlay.locator("[aria-current='page']").allTextContents()).toEqual(["Über uns & Leistung"]);
    await page.context().close();
  });
});

describe("menu on a phone without JavaScript", () => {
  it("still opens, shows the links, locks scrolling and navigates", async () => {
    const page = await settledPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/");
    const overlay = page.getByRole("navigation", { name: "Menü" });
    expect(await overlay.isVisible()).toBe(false);
    await page.locator("summary").filter({ hasText: "Menü" }).click();
    expect(await overlay.isVisible()).toBe(true);
    expect(await overlay.getByRole("link").allTextContents()).toContain("Ledermuster");
    expect(await rootOverflow(page)).toBe("hidden");
    const box = await overlay.boundingBox();
    expect(box?.width).toBe(PHONE.viewport.width);

    await overlay.getByRole("link", { name: "Referenz" }).click();
    await page.waitForURL("**/referenz");
    expect(await overlay.isVisible()).toBe(false);
    expect(await rootOverflow(page)).not.toBe("hidden");
    await page.context().close();
  });
});

describe("staff area", () => {
  it("the login page has neither navigation bar nor footer nor consent dialog", async () => {
    const page = await openPage(browser, { ...DESKTOP, javaScriptEnabled: false });
    const response = await page.goto("/intern/login");
    expect(response?.status()).toBe(200);
    expect(await page.locator("header.navbar").count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.getByRole("dialog", { name: "Datenschutz-Präferenz" }).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("staff pages show the internal links and Abmelden, without footer (%s)", async (_name, device) => {
    const page = await staffPage(browser, device);
    await page.goto("/intern/notification");
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.getByRole("dialog", { name: "Datenschutz-Präferenz" }).count()).toBe(0);
    let links = page.getByRole("navigation", { name: "Interne Navigation" });
    if (device === PHONE) {
      await page.getByRole("button", { name: "Menü", exact: true }).click();
      links = page.getByRole("dialog", { name: "Menü" });
    }
    // "Anfragen" carries the number of new enquiries ("3 neue"), which depends on other tests.
    const names = async () => (await links.getByRole("link").allTextContents()).map((text) => text.replace(/\d+ neue$/, ""));
    const first = ["Start – Übersicht des internen Bereichs", "Anfragen", "Termine", "Bilder"];
    const website = ["Projekte", "Neuigkeiten", "Informationen", "Öffnungszeiten", "Betrieb", "Hauptseite"];
    const more = ["Team", "Verlauf", "Papierkorb", "Konto"];
    if (device === PHONE) {
      // The menu shows the groups open under their names: one tap to every page.
      expect(await names()).toEqual([...first, ...website, ...more]);
    } else {
      // The bar shows the groups' names; their links inside (issue 39).
      expect(await names()).toEqual(first);
      expect(await links.locator("summary").allTextContents()).toEqual(["Website", "Mehr"]);
      expect(await links.locator("summary[aria-current='true']").allTextContents()).toEqual(["Website"]);
      await links.locator("summary", { hasText: "Website" }).click();
      expect(await names()).toEqual([...first, ...website]);
    }
    expect(await links.locator("[aria-current='page']").allTextContents()).toEqual(["Informationen"]);
    const logout = links.getByRole("button", { name: "Abmelden" });
    expect(await logout.isVisible()).toBe(true);
    expect(await logout.evaluate((button: HTMLButtonElement) => button.form?.getAttribute("action"))).toBe("/intern/logout");
    await page.context().close();
  });

  it("holds the internal links and groups in one row beside the brand on a 1440 px screen, inside it", async () => {
    const page = await staffPage(browser, DESKTOP);
    await page.goto("/intern/news");
    const nav = page.getByRole("navigation", { name: "Interne Navigation" });
    const entries = nav.locator(".nav-links > li > a, .nav-links > li > details > summary, .nav-logout button");
    const boxes = await Promise.all((await entries.all()).map(async (entry) => (await entry.boundingBox())!));
    expect(boxes).toHaveLength(7);
    const middles = boxes.map((box) => box.y + box.height / 2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
    for (const box of boxes) {
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.viewport.width);
    }
    await page.context().close();
  });
});
