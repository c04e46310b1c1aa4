import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, DESKTOP, waitForHydration, workerChromium } from "./browser";
import { openSettledPage } from "./pages-fixtures";

/*
 * Decision 011: a public page's CSS travels only in the server's document, never in the
 * JavaScript. A client-side navigation to a page whose CSS the document lacks still shows it
 * styled, and a page the visitor comes back to keeps the document's styles.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** What pages.css gives the page header, and home.css the hero: nothing of it is in global.css. */
const headerLook = (page: Page) =>
  page.locator(".page-header").evaluate((header) => ({ background: getComputedStyle(header).backgroundImage, border: getComputedStyle(header).borderBottomStyle }));
const heroLook = (page: Page) => page.locator(".hero").evaluate((hero) => getComputedStyle(hero).backgroundImage);

describe("a public page's styles", () => {
  it("are in no script the home page loads", async () => {
    const page = await openSettledPage(browser, DESKTOP);
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    await page.goto("/");
    await waitForHydration(page);
    const texts = await Promise.all(scripts);
    expect(texts.length).toBeGreaterThan(0);
    // Two rules of home.css, as the build writes them.
    for (const rule of [".hero{position:relative", ".timeline__card{"]) {
      expect(texts.filter((text) => text.includes(rule)), rule).toEqual([]);
    }
    await page.context().close();
  });

  it("come with a navigation to a page the document did not hold, and stay for the page the visitor returns to", async () => {
    const direct = await openSettledPage(browser, DESKTOP);
    await direct.goto("/about");
    const styledHeader = await headerLook(direct);
    expect(styledHeader.border).toBe("solid");
    await direct.context().close();

    const page = await openSettledPage(browser, DESKTOP);
    await page.goto("/");
    const styledHero = await heroLook(page);
    expect(styledHero).toContain("gradient");

    // The public pages are documents and islands (decision 018): a link loads the next document, which brings its own styles.
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Über uns & Leistung" }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    await page.locator(".page-header").waitFor();
    expect(await headerLook(page)).toEqual(styledHeader);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator(".hero").waitFor();
    expect(await heroLook(page)).toBe(styledHero);
    await page.context().close();
  });
});
