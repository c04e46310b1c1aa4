import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "~/lib/opening-hours";
import { alertListKey } from "~/lib/preferences";
import { apiCall, apiToken, closeContexts, DESKTOP, PHONE, waitForHydration, workerChromium } from "./browser";
import { createNews, openSettledPage } from "./pages-fixtures";
import { startServer } from "./global-setup";
import { consentValue } from "./shell-helpers";
import { MODES } from "./staff-helpers";

/*
 * Issue 30: a price one tap away on every device. On a phone the call bar, from 960 px the
 * header's number and "Preis anfragen": within the first screen and after scrolling to the
 * middle of every public page, with and without JavaScript. And the home page short enough to
 * get through on a phone, and /standort's hours readable on one.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
  const token = await apiToken();
  await apiCall("opening/save", { token, json: { date: DEFAULT_OPENING_HOURS } });
  // The home page shows its news section only when there is news.
  await createNews(
    token,
    "Neue Lederkollektion eingetroffen",
    "Ab sofort können Sie bei uns über 40 neue Farbtöne in Nappa- und Semianilinleder ansehen. Vereinbaren Sie gern einen Termin zur Musterberatung.",
  );
});
afterAll(async () => {
  await closeContexts(browser);
});

const PUBLIC_PAGES = ["/", "/about", "/referenz", "/ledermuster", "/standort", "/impressum", "/anfrage"];
const SCREENS = [
  { name: "390 px", options: PHONE },
  { name: "1024 px", options: { viewport: { width: 1024, height: 768 } } },
  { name: "1440 px", options: DESKTOP },
];

/**
 * Whether a person sees and can tap one of `selector`'s elements now: inside the viewport and
 * on top where it stands (no bar, dialog or sticky part over its middle).
 */
function inReach(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    return [...document.querySelectorAll<HTMLElement>(wanted)].some((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      if (width < 1 || height < 1 || y < 0 || x < 0 || y + height > window.innerHeight || x + width > window.innerWidth) return false;
      const hit = document.elementFromPoint(x + width / 2, y + height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
  }, selector);
}

async function scrollToMiddle(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: (document.scrollingElement!.scrollHeight - window.innerHeight) / 2, behavior: "instant" }));
}

describe.each(MODES)("a price one tap away $name", ({ javaScriptEnabled }) => {
  it.each(SCREENS)("offers /anfrage and the tel: link at the top and the middle of every public page at $name", async ({ options }) => {
    const page = await openSettledPage(browser, { ...options, javaScriptEnabled });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      for (const where of ["top", "middle"]) {
        if (where === "middle") await scrollToMiddle(page);
        // On the enquiry page itself its send button is the way (it stands in for the call bar, issue 39).
        const toEnquiry = path === "/anfrage" ? 'a[href="/anfrage"], .enquiry-form__button' : 'a[href="/anfrage"]';
        expect(await inReach(page, toEnquiry), `${path} ${where}: /anfrage`).toBe(true);
        expect(await inReach(page, 'a[href^="tel:"]'), `${path} ${where}: tel:`).toBe(true);
      }
    }
    await page.context().close();
  });

  it("shows the number and a filled 'Preis anfragen' at the right of the navigation from 960 px, the spec's links in their order", async () => {
    const page = await openSettledPage(browser, { ...DESKTOP, javaScriptEnabled });
    await page.goto("/ledermuster");
    const header = page.locator("header.navbar");
    const price = header.getByRole("link", { name: "Preis anfragen" });
    const phone = header.getByRole("link", { name: /anrufen$/ });
    expect(await phone.getAttribute("href")).toMatch(/^tel:\+49/);
    const filled = await price.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(filled).not.toBe("rgba(0, 0, 0, 0)");
    const navigation = header.getByRole("navigation", { name: "Hauptnavigation" });
    expect(await navigation.getByRole("link").allTextContents()).toEqual([
      "Start – Startseite der Autosattlerei",
      "Über uns & Leistung",
      "Referenz",
      "Ledermuster",
      "Kontakt",
    ]);
    const [links, number, button] = await Promise.all([navigation.boundingBox(), phone.boundingBox(), price.boundingBox()]);
    expect(number!.x).toBeGreaterThan(links!.x + links!.width);
    expect(button!.x).toBeGreaterThan(number!.x + number!.width);
    await page.context().close();
  });
});

const DEMO_SERVER_START_MS = 360_000;

describe("the home page on a phone, with the demo content a newcomer sees after npm start", () => {
  // Its own server: the worker's database holds whatever the files before this one wrote.
  let demo: Awaited<ReturnType<typeof startServer>>;
  // Migrating, seeding the demo pictures with their renditions and starting took up to 120 s
  // beside the other worker's tests on two cores: an upper bound, not a wait.
  beforeAll(async () => {
    demo = await startServer({ demo: true });
  }, DEMO_SERVER_START_MS);
  afterAll(() => demo?.stop());

  it.each(MODES)("is at most 5,000 px tall $name", async ({ javaScriptEnabled }) => {
    const alerts = (await (await fetch(`${demo.baseURL}/api/v1/alert/get`)).json()) as { id: string }[];
    expect(alerts.length).toBeGreaterThan(0);
    const context = await browser.newContext({ ...PHONE, baseURL: demo.baseURL, locale: "de-DE", javaScriptEnabled });
    // A visitor who chose in the consent dialog and saw the notice: neither dialog is open.
    await context.addCookies([
      { name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: demo.baseURL },
      { name: "besucht", value: alertListKey(alerts.map((alert) => alert.id)), url: demo.baseURL },
    ]);
    const page = await context.newPage();
    await page.goto("/");
    // The demo's content is on the page: its news and its pictures in the slideshow.
    await page.getByText("Neue Lederkollektion eingetroffen").waitFor();
    expect(await page.locator(".slideshow__image").count()).toBeGreaterThan(0);
    // Measured as a visitor sees it settled: the heading font in (its fallback sets headings wider,
    // seen once as 5,004 px on a busy machine) and, with JavaScript, the page hydrated.
    if (javaScriptEnabled) await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(5000);
    await context.close();
  });
});

describe("the home page on a phone", () => {

  it("keeps the spec's sections, in the order a visitor who wants a price needs them", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/");
    const headings = await page.locator(".home h2").evaluateAll((elements) => elements.map((element) => element.textContent));
    expect(headings).toEqual([
      "Neuste Projekte",
      "So arbeiten wir",
      "Was uns auszeichnet",
      "Unser Handwerk",
      "Neuigkeiten",
      "Wir arbeiten an Fahrzeugen aller Marken, zum Beispiel",
      "Unser Werkstattjahr",
    ]);
    // The trust strip right under the hero; the steps end in "Preis anfragen".
    expect(await page.locator(".hero + .trust-strip").count()).toBe(1);
    expect(await page.getByRole("region", { name: "So arbeiten wir" }).getByRole("link", { name: "Preis anfragen" }).getAttribute("href")).toBe("/anfrage");
    expect(await page.getByRole("region", { name: "So arbeiten wir" }).getByRole("listitem").count()).toBe(3);
    // The promises: two by two, each on one line.
    const promises = await page.locator(".features__title").evaluateAll((titles) =>
      titles.map((title) => {
        const { height } = title.getBoundingClientRect();
        const { x } = title.closest("li")!.getBoundingClientRect();
        return { x: Math.round(x), lines: Math.round(height / parseFloat(getComputedStyle(title).lineHeight)) };
      }),
    );
    expect(promises).toHaveLength(4);
    expect(new Set(promises.map(({ x }) => x)).size).toBe(2);
    expect(promises.every(({ lines }) => lines === 1)).toBe(true);
    await page.context().close();
  });
});

describe("/standort on a phone", () => {
  it("shows each weekday's hours on one line", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/standort");
    const rows = page.locator("main .hours__row");
    expect(await rows.count()).toBe(7);
    for (const row of await rows.all()) {
      const [day, hours] = await Promise.all([row.locator("dt").boundingBox(), row.locator("dd").boundingBox()]);
      const text = (await row.textContent()) ?? "";
      expect(Math.abs(day!.y - hours!.y), text).toBeLessThan(4);
      expect(hours!.height, text).toBeLessThan(day!.height * 1.6);
    }
    await page.context().close();
  });
});
