import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayForVisitors, WEEKDAYS } from "~/lib/opening-hours";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { dialNumber } from "~/lib/phone";
import { apiCall, baseURL, closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { axeViolations } from "./axe";
import { openSettledPage, overflowsHorizontally } from "./pages-fixtures";

const PAGES = [
  { path: "/", heading: "Ihre Autosattlerei in Köln" },
  { path: "/about", heading: "Über uns & Leistung" },
  { path: "/impressum", heading: "Impressum & Datenschutz" },
  { path: "/standort", heading: "Kontakt & Standort" },
  { path: "/ledermuster", heading: "Ledermuster" },
  { path: "/referenz", heading: "Referenzen" },
];
/** The pages whose features need the framework (decision 018); the others are documents. */
const HYDRATED = new Set(["/", "/referenz"]);

let browser: Browser;

beforeAll(async () => {
  browser = await workerChromium();
});

afterAll(async () => {
  await closeContexts(browser);
});

describe("every public page", () => {
  it.each([
    { device: "phone", options: PHONE },
    { device: "desktop", options: DESKTOP },
  ])("renders on a $device without horizontal scrolling", async ({ options }) => {
    const page = await openSettledPage(browser, options);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      // Pictures have fixed sizes, so only the web font can still move the layout.
      await page.evaluate(() => document.fonts.ready);
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(heading);
      expect(await overflowsHorizontally(page), path).toBe(false);
      const unsized = await page
        .locator("main img")
        .evaluateAll((images) =>
          images
            .filter((image) => !image.getAttribute("width") || !image.getAttribute("height"))
            .map((image) => image.outerHTML),
        );
      expect(unsized, path).toEqual([]);
    }
  });

  it("has its own German title and description", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    const titles = new Set<string>();
    for (const { path } of PAGES) {
      await page.goto(path);
      titles.add(await page.title());
      expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(
        new URL(path, DEMO.website).href,
      );
    }
    expect(titles.size).toBe(PAGES.length);
  });

  it("shows itself before it loads the app's scripts on a phone where it has any, and a document page loads none", async () => {
    const page = await openPage(browser, PHONE);
    // Registered before the page's own observer, so it is told of the paint first.
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) {
          (window as unknown as { paintReportedAt: number }).paintReportedAt = performance.now();
        }
      }).observe({ type: "paint" });
    });
    for (const { path } of PAGES) {
      await page.goto(path); // waits for hydration where the page hydrates (openPage)
      // A document page is done at once: wait for its first paint.
      await expect.poll(() => page.evaluate(() => (window as unknown as { paintReportedAt?: number }).paintReportedAt ?? 0)).toBeGreaterThan(0);
      const { paintReportedAt, scriptStarts } = await page.evaluate(() => ({
        paintReportedAt: (window as unknown as { paintReportedAt?: number }).paintReportedAt,
        scriptStarts: performance
          .getEntriesByType("resource")
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(paintReportedAt, path).toBeGreaterThan(0);
      if (!HYDRATED.has(path)) {
        // Decision 018: everything on it works without JavaScript, so it ships none.
        expect(scriptStarts, path).toEqual([]);
        continue;
      }
      expect(scriptStarts.length, path).toBeGreaterThan(0);
      expect(Math.min(...scriptStarts), path).toBeGreaterThanOrEqual(paintReportedAt!);
    }
    await page.context().close();
  });

  it.each(["dark", "light"])("has no WCAG A/AA violations in its content found by axe in the %s theme", async (theme) => {
    const page = await openSettledPage(browser);
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL() }]);
    for (const { path } of PAGES) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      // The page's own content; the shell's navigation, footer and dialogs have their own tests.
      expect(await axeViolations(page, "main"), path).toEqual([]);
    }
  });
});

describe("page content", () => {
  it("about lists the workshop's services", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/about");
    const services = await page.locator(".service-grid h3").allTextContents();
    for (const service of [
      "Autositze",
      "Lenkräder",
      "Cabrioverdecke",
      "Motorradsitze",
      "Oldtimer-Restaurierung",
      "Innenausstattung",
      "Himmel",
      "Teppiche",
    ]) {
      expect(services).toContain(service);
    }
  });

  it("Impressum and privacy policy name the provider and cover hosting, cookies, map and rights", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/impressum");
    const text = (await page.locator("main").textContent()) ?? "";
    for (const expected of [
      "Angaben gemäß § 5 DDG",
      DEMO.name,
      DEMO.owner,
      DEMO.street,
      DEMO.vatId,
      DEMO.chamber,
      "Verbraucherschlichtungsstelle",
      "Datenschutzerklärung",
      "Cloudflare",
      "IP-Adresse",
      "User-Agent",
      "Art. 6 Abs. 1 lit. f DSGVO",
      "cookieConsent",
      "external",
      "Google Maps",
      "Art. 6 Abs. 1 lit. a DSGVO",
      "sitzung",
      "Art. 77 DSGVO",
      "LDI NRW",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(await page.locator(`main a[href="tel:${dialNumber(DEMO.phone)}"]`).count()).toBeGreaterThan(0);
    expect(await page.locator(`main a[href="mailto:${DEMO.email}"]`).count()).toBeGreaterThan(0);
  });

  it("Kontakt & Standort shows contact links, the stored opening hours and the map only after consent", async () => {
    const hours = (await apiCall("opening/get")) as Record<string, string>;
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/standort");
    const main = page.locator("main");
    expect(await main.locator(`a[href="tel:${dialNumber(DEMO.phone)}"]`).count()).toBeGreaterThan(0);
    expect(await main.locator(`a[href="mailto:${DEMO.email}"]`).count()).toBeGreaterThan(0);
    const rows = await main
      .getByRole("region", { name: "Öffnungszeiten" })
      .locator("dl > div")
      .evaluateAll((elements) =>
        elements.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
      );
    // Understood times in their tidy form (issue 20), other text as typed.
    expect(rows).toEqual(WEEKDAYS.map(({ key, label }) => [label, dayForVisitors(hours[key]).text]));
    expect(await main.getByText("Um die Karte anzuzeigen, müssen Sie externe Cookies akzeptieren.").count()).toBe(1);
    expect(await main.locator("iframe").count()).toBe(0);
    // Each shown once on this page: the footer leaves out what the page itself shows.
    expect(await page.getByText("Um die Karte anzuzeigen, müssen Sie externe Cookies akzeptieren.").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Öffnungszeiten" }).count()).toBe(1);
    expect(await page.locator(`a[href="mailto:${DEMO.email}"]`).count()).toBe(2);
  });

  it("Kontakt & Standort has one map once external content is allowed", async () => {
    const page = await openSettledPage(browser);
    await page.context().addCookies([{ name: "external", value: "true", url: baseURL() }]);
    await page.goto("/standort");
    await expect.poll(() => page.locator("iframe").count()).toBe(1);
    // Elsewhere the footer keeps its map.
    await page.goto("/about");
    await expect.poll(() => page.locator("footer iframe").count()).toBe(1);
    await page.context().close();
  });

  it("Ledermuster presents the leather kinds and materials as swatch cards", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/ledermuster");
    expect(await page.locator(".swatch-card h2").allTextContents()).toEqual([
      "Nappa",
      "Semianilin",
      "Anilin",
      "Alcantara",
      "Kunstleder",
      "Cabrio-Verdeckstoffe",
    ]);
    expect(await page.locator(".swatch-card img").count()).toBe(0);
  });

  it("Ledermuster shows colour samples large enough to judge on a phone", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/ledermuster");
    const sizes = await page
      .locator(".swatch-card__colours li > span")
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map(({ width, height }) => Math.min(width, height)));
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(40);
    await page.context().close();
  });
});
