import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { consentValue, cookie, createActiveAlert, deleteAlerts, settleShell, uniqueTitle } from "./shell-helpers";
import { sendEnquiry } from "./fixtures/enquiry";

/*
 * Decision 018: the public pages whose every feature works without JavaScript ship none, and the
 * next page comes at once through the speculation rules, which never prerender the staff area or
 * a form's target and never mark the popup as seen before the visitor looks at it.
 */

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

const DOCUMENT_PAGES = ["/impressum", "/about", "/ledermuster", "/standort"];

/** Every script the page fetched (files, not the inline ones in its HTML). */
function scriptResponses(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

const rulesOf = async (page: Page) => {
  const scripts = page.locator('script[type="speculationrules"]');
  if ((await scripts.count()) === 0) return null;
  return JSON.parse((await scripts.textContent()) ?? "") as {
    prerender: { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }] }; eagerness: string }[];
  };
};

describe("a document page", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("requests no script at all on a %s, and its theme switch still works as a form", async (_, device) => {
    const page = await openPage(browser, device);
    await settleShell(page.context());
    const scripts = scriptResponses(page);
    // An enquiry's status page, which is also its confirmation (decision 021).
    const { location } = await sendEnquiry({ thema: "Lenkrad", beschreibung: "Leder abgegriffen.", name: "Dokument", telefon: "0221 555123" });
    for (const path of [...DOCUMENT_PAGES, location]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
    expect(scripts).toEqual([]);

    // Pages that need the framework still load it.
    await page.goto("/referenz");
    expect(scripts.length).toBeGreaterThan(0);

    // The theme switch is a form there: it stores the choice and comes back to the page.
    scripts.length = 0;
    await page.goto("/impressum");
    await page.getByRole("button", { name: "Dunkles Design" }).click();
    await page.waitForURL((url) => url.pathname === "/impressum");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    // The spec keeps the theme in localStorage too: the document's inline script mirrors the cookie.
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    expect(scripts).toEqual([]);
    await page.context().close();
  });
});

describe("the speculation rules", () => {
  it("prerender public pages on intent, never the staff area, the API, pictures, preferences or a form's target", async () => {
    const page = await openPage(browser);
    await settleShell(page.context());
    await page.goto("/impressum");
    const rules = await rulesOf(page);
    expect(rules).not.toBeNull();
    const [rule] = rules!.prerender;
    expect(rule.eagerness).toBe("moderate");
    expect(rule.where.and[0].href_matches).toBe("/*");
    const excluded = rule.where.and[1].not.href_matches;
    for (const pattern of ["/intern", "/intern/*", "/api/v1/*", "/images/*", "/einstellungen/*", "/anfrage/senden"]) {
      expect(excluded, pattern).toContain(pattern);
    }
    // The rules carry the page's nonce, or the browser's CSP would refuse them.
    // (Chromium hides the attribute once parsed; the property keeps it.)
    expect(await page.locator('script[type="speculationrules"]').evaluate((script) => (script as HTMLScriptElement).nonce)).toBeTruthy();
    await page.context().close();
  });

  it("are left out while the consent dialog or the popup is still to be answered", async () => {
    const page = await openPage(browser);
    await page.goto("/impressum");
    expect(await page.getByRole("dialog", { name: "Datenschutz-Präferenz" }).isVisible()).toBe(true);
    expect(await rulesOf(page)).toBeNull();

    created.push(await createActiveAlert(uniqueTitle("Vorgezogen")));
    await page.context().addCookies([{ name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: baseURL() }]);
    await page.goto("/about");
    expect(await page.getByRole("dialog", { name: "Wichtige Informationen" }).isVisible()).toBe(true);
    expect(await rulesOf(page)).toBeNull();
    await page.goto("/ledermuster");
    expect(await rulesOf(page)).not.toBeNull();
    await page.context().close();
  });
});

describe("a prerendered page", () => {
  it("marks the popup as seen only when it is shown", async () => {
    const title = uniqueTitle("Nur gesehen zählt");
    created.push(await createActiveAlert(title));
    // The speculative request itself: the server sets no seen marker for it.
    const speculative = await fetch(`${baseURL()}/about`, {
      headers: { "Sec-Purpose": "prefetch;prerender", Cookie: `cookieConsent=${consentValue({ essential: true, external: false })}` },
    });
    expect(await speculative.text()).toContain(title);
    expect(speculative.headers.getSetCookie().filter((value) => value.startsWith("besucht="))).toEqual([]);

    // Headless Chromium under a DevTools client never prerenders (PrerenderingDisabledByDevTools),
    // so the page is opened as the prerendered document it would be: `document.prerendering` until
    // the visitor looks, then `prerenderingchange`.
    const page = await openPage(browser, { javaScriptEnabled: true });
    await page.context().addCookies([{ name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: baseURL() }]);
    await page.addInitScript(() => {
      let prerendering = true;
      Object.defineProperty(document, "prerendering", { get: () => prerendering, configurable: true });
      (window as unknown as { showPrerendered: () => void }).showPrerendered = () => {
        prerendering = false;
        document.dispatchEvent(new Event("prerenderingchange"));
      };
    });
    // The browser's own request for it, as the speculation rules send it (a header a page cannot set).
    await page.route("**/about", async (route) =>
      route.fulfill({ response: await route.fetch({ headers: { ...route.request().headers(), "sec-purpose": "prefetch;prerender" } }) }),
    );
    await page.goto("/about");
    expect(await page.getByRole("dialog", { name: "Wichtige Informationen" }).textContent()).toContain(title);
    expect(await cookie(page.context(), "besucht")).toBeUndefined();

    await page.evaluate(() => (window as unknown as { showPrerendered: () => void }).showPrerendered());
    await expect.poll(async () => (await cookie(page.context(), "besucht"))?.value).toBeTruthy();
    await page.unroute("**/about");
    await page.goto("/ledermuster");
    expect(await page.getByRole("dialog", { name: "Wichtige Informationen" }).count()).toBe(0);
    await page.context().close();
  });
});
