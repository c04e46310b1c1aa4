import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, DESKTOP, openPage, PHONE, waitForHydration, workerChromium } from "./browser";
import { cookie, decodedConsent, isOwnOrigin, recordRequests, settleShell } from "./shell-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function visitor(options: { javaScriptEnabled: boolean; device: typeof DESKTOP | typeof PHONE }): Promise<Page> {
  const page = await openPage(browser, { javaScriptEnabled: options.javaScriptEnabled, ...options.device });
  // The map service is never reached from tests; the frame's address is what counts.
  await page.context().route(/google/, (route) => route.abort());
  return page;
}

const banner = (page: Page) => page.getByRole("dialog", { name: "Datenschutz-Präferenz" });
const individualDialog = (page: Page) => page.getByRole("dialog", { name: "Individuelle Datenschutz-Präferenz" });
const mapFrame = (page: Page) => page.locator("footer iframe");

async function expectConsentCookies(context: BrowserContext, external: boolean) {
  const consent = await cookie(context, "cookieConsent");
  expect(decodedConsent(consent?.value)).toEqual({ essential: true, external });
  expect(consent).toMatchObject({ path: "/", sameSite: "Lax" });
  // One day, not a session cookie and not longer (SPEC §9).
  const expiresMs = (consent?.expires ?? 0) * 1000;
  expect(expiresMs).toBeGreaterThan(Date.now() + DAY_MS - 60 * 60 * 1000);
  expect(expiresMs).toBeLessThan(Date.now() + DAY_MS + 60 * 60 * 1000);

  const externalCookie = await cookie(context, "external");
  expect(externalCookie?.value).toBe(String(external));
  expect(externalCookie).toMatchObject({ path: "/", sameSite: "Lax" });
  expect((externalCookie?.expires ?? 0) * 1000).toBeLessThan(Date.now() + DAY_MS + 60 * 60 * 1000);
}

const devices = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

describe.each(devices)("consent dialog with JavaScript (%s)", (_name, device) => {
  it("'Ich akzeptiere alle' stores both cookies, the localStorage mirror and shows the map", async () => {
    const page = await visitor({ javaScriptEnabled: true, device });
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await expect.poll(() => banner(page).textContent()).toContain("essenziell");
    await expect.poll(() => mapFrame(page).count()).toBe(0);

    // On a page of islands the choice is a plain form (decision 018): the page that comes back is read
    // once it has arrived, when its head script has mirrored the cookie.
    const returned = page.waitForEvent("domcontentloaded");
    await banner(page).getByRole("button", { name: "Ich akzeptiere alle" }).click();
    await returned;
    await expect.poll(() => banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookieConsent"))) ?? "null")).toEqual({
      essential: true,
      external: true,
    });
    await expect.poll(() => mapFrame(page).getAttribute("src")).toContain("google.com/maps");

    await page.reload();
    await expect.poll(() => page.locator("footer").isVisible()).toBe(true);
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  });

  it("'Nur essenzielle Cookies akzeptieren' is offered on the first layer and keeps the map away", async () => {
    const page = await visitor({ javaScriptEnabled: true, device });
    await page.goto("/");
    await waitForHydration(page);
    const acceptAll = banner(page).getByRole("button", { name: "Ich akzeptiere alle" });
    const essentialOnly = banner(page).getByRole("button", { name: "Nur essenzielle Cookies akzeptieren" });
    await expect.poll(() => essentialOnly.isVisible()).toBe(true);
    // Declining looks exactly like accepting (OLG Köln 6 U 80/23).
    expect(await essentialOnly.getAttribute("class")).toBe(await acceptAll.getAttribute("class"));

    const returned = page.waitForEvent("domcontentloaded");
    await essentialOnly.click();
    await returned;
    await expect.poll(() => banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), false);
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe('{"essential":true,"external":false}');
    expect(await mapFrame(page).count()).toBe(0);
    expect(await page.locator("footer").getByRole("button", { name: "Externe Cookies akzeptieren" }).count()).toBe(1);
    await page.context().close();
  });

  it("the individual dialog saves the chosen checkboxes, and 'Cookie-Einstellungen' reopens the choice", async () => {
    const page = await visitor({ javaScriptEnabled: true, device });
    await page.goto("/");
    // The public pages are documents and islands (decision 018): the second layer is a page of its own, also with JavaScript.
    await banner(page).locator("a, button", { hasText: "Individuelle Datenschutz-Präferenz" }).click();
    const dialog = individualDialog(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Declining looks exactly like accepting here too, from the moment the dialog shows.
    const looks = (name: string) =>
      dialog.getByRole("button", { name, exact: true }).evaluate((button) => {
        const style = getComputedStyle(button);
        return [style.backgroundColor, style.color, style.borderColor];
      });
    expect(await looks("Nur essenzielle Cookies akzeptieren")).toEqual(await looks("Alle akzeptieren"));
    const essential = dialog.getByRole("checkbox", { name: "Essenziell" });
    expect(await essential.isChecked()).toBe(true);
    expect(await essential.isDisabled()).toBe(true);
    for (const name of ["Alle akzeptieren", "Speichern & schließen", "Nur essenzielle Cookies akzeptieren"]) {
      expect(await dialog.getByRole("button", { name, exact: true }).count()).toBe(1);
    }
    await dialog.getByRole("checkbox", { name: "Externe Inhalte" }).check();
    await dialog.getByRole("button", { name: "Speichern & schließen" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await expect.poll(() => dialog.count()).toBe(0);
    await expectConsentCookies(page.context(), true);
    await expect.poll(() => mapFrame(page).count()).toBe(1);
    // The mirror the spec keeps in localStorage follows the cookie.
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("cookieConsent"))) ?? "null")).toEqual({ essential: true, external: true });

    // Withdrawing is as easy as giving consent.
    await page.locator("footer").locator("a, button", { hasText: "Cookie-Einstellungen" }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Nur essenzielle Cookies akzeptieren" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), false);
    await expect.poll(() => mapFrame(page).count()).toBe(0);
    await page.context().close();
  });
});

describe.each(devices)("consent dialog without JavaScript (%s)", (_name, device) => {
  it("every button is a form that sets the cookies on the server and returns to the same page", async () => {
    const page = await visitor({ javaScriptEnabled: false, device });
    // A parameter the page reads (its address is the page; others are not part of it, decision 010).
    await page.goto("/referenz?seite=1");
    expect(await banner(page).isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Ich akzeptiere alle" }).click();
    await page.waitForURL((url) => url.pathname === "/referenz");
    expect(new URL(page.url()).search).toBe("?seite=1");
    expect(await banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), true);
    expect(await mapFrame(page).getAttribute("src")).toContain("google.com/maps");

    // Reopen via the footer and decline.
    await page.locator("footer").getByRole("link", { name: "Cookie-Einstellungen" }).click();
    // The click returns once the new page starts arriving; its load is awaited before looking.
    await page.waitForURL((url) => url.pathname === "/referenz" && url.searchParams.has("cookie-einstellungen"));
    expect(await banner(page).isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Nur essenzielle Cookies akzeptieren" }).click();
    await page.waitForURL((url) => !url.search.includes("cookie-einstellungen"));
    expect(new URL(page.url()).pathname).toBe("/referenz");
    expect(await banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), false);
    expect(await mapFrame(page).count()).toBe(0);
    await page.context().close();
  });

  it("the individual dialog works as a page of its own", async () => {
    const page = await visitor({ javaScriptEnabled: false, device });
    await page.goto("/");
    await banner(page).getByRole("link", { name: "Individuelle Datenschutz-Präferenz" }).click();
    await page.waitForURL((url) => url.searchParams.get("cookie-einstellungen") === "individuell");
    const dialog = individualDialog(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("checkbox", { name: "Essenziell" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Externe Inhalte" }).check();
    await dialog.getByRole("button", { name: "Speichern & schließen" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    expect(await dialog.count()).toBe(0);
    expect(await banner(page).count()).toBe(0);
    await expectConsentCookies(page.context(), true);
    expect(await mapFrame(page).count()).toBe(1);
    await page.context().close();
  });
});

describe("while the consent dialog is open", () => {
  it("its Impressum and privacy links stay usable", async () => {
    const page = await visitor({ javaScriptEnabled: true, device: PHONE });
    await page.goto("/");
    await banner(page).getByRole("link", { name: "Datenschutzerklärung" }).click();
    await page.waitForURL((url) => url.pathname === "/impressum");
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("map consent", () => {
  it.each([true, false])("no request leaves the site before consent (JavaScript %s), the map loads after it", async (javaScriptEnabled) => {
    const page = await visitor({ javaScriptEnabled, device: DESKTOP });
    await settleShell(page.context(), { external: false });
    const requests = recordRequests(page);
    await page.goto("/");
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !isOwnOrigin(url))).toEqual([]);

    const placeholder = page.locator("footer .map-consent");
    expect(await placeholder.textContent()).toContain("Um die Karte anzuzeigen, müssen Sie externe Cookies akzeptieren.");
    await placeholder.getByRole("button", { name: "Externe Cookies akzeptieren" }).click();
    await expect.poll(() => mapFrame(page).count()).toBe(1);
    expect(await mapFrame(page).getAttribute("src")).toContain("google.com/maps");
    expect(await mapFrame(page).getAttribute("height")).toBe("400");
    expect(await mapFrame(page).getAttribute("title")).toBeTruthy();
    expect(await mapFrame(page).getAttribute("loading")).toBe("lazy");
    const external = await cookie(page.context(), "external");
    expect(external?.value).toBe("true");
    expect((external?.expires ?? 0) * 1000).toBeLessThan(Date.now() + DAY_MS + 60 * 60 * 1000);
    await page.context().close();
  });
});
