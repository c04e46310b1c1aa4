import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "~/lib/opening-hours";
import { apiCall, apiToken, closeContexts, openPage, PHONE, waitForHydration, workerChromium } from "./browser";
import { createNews, openSettledPage, type UploadedReference, uploadReference } from "./pages-fixtures";
import { createActiveAlert, deleteAlerts } from "./shell-helpers";
import { chooseLightTheme, expectNoAxeViolations, MODES, uniqueTitle } from "./staff-helpers";

/*
 * Issue 20 on a 390 × 844 phone, asserting what a person sees: the call bar, one dialog at a time,
 * the chosen projects, before and after, a page that scrolls as one, hours and type for reading.
 */

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
  // Opening hours as the spec's defaults, whatever another file saved on this server.
  await apiCall("opening/save", { token, json: { date: DEFAULT_OPENING_HOURS } });
  for (let index = 1; index <= 5; index++) await createNews(token, uniqueTitle(`Telefon-Neuigkeit ${index}`), "Eine Neuigkeit für den Test auf dem Telefon.");
});
afterAll(async () => {
  await closeContexts(browser);
});

const PUBLIC_PAGES = ["/", "/about", "/referenz", "/ledermuster", "/standort", "/impressum", "/anfrage"];
const HEIGHT = PHONE.viewport.height;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const callBar = (page: Page) => page.getByRole("navigation", { name: "Schnellkontakt" });

async function scrollTo(page: Page, where: "top" | "middle" | "bottom") {
  await page.evaluate((at) => {
    const end = document.scrollingElement!.scrollHeight - window.innerHeight;
    window.scrollTo({ top: at === "top" ? 0 : at === "middle" ? end / 2 : end, behavior: "instant" });
  }, where);
}

describe.each(MODES)("call bar $name", ({ javaScriptEnabled }) => {
  it("keeps Anrufen (tel:) and Anfrage in view at the top and middle of every public page, never over the footer's last line", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    // The enquiry page has one bar, its send bar with "Anrufen" (issue 39; tests/browser/enquiry.test.ts).
    for (const path of PUBLIC_PAGES.filter((candidate) => candidate !== "/anfrage")) {
      await page.goto(path);
      const bar = callBar(page);
      for (const where of ["top", "middle"] as const) {
        await scrollTo(page, where);
        const shown = await box(bar);
        expect(shown.y, `${path} ${where}`).toBeGreaterThanOrEqual(0);
        expect(shown.y + shown.height, `${path} ${where}`).toBeLessThanOrEqual(HEIGHT + 0.5);
        expect(await bar.getByRole("link", { name: /^Anrufen/ }).getAttribute("href")).toMatch(/^tel:\+49/);
        expect(await bar.getByRole("link", { name: "Anfrage" }).getAttribute("href")).toBe("/anfrage");
        for (const link of await bar.getByRole("link").all()) expect((await box(link)).height).toBeGreaterThanOrEqual(44);
      }
      await scrollTo(page, "bottom");
      const lastLine = await box(page.locator(".footer__copyright"));
      expect(lastLine.y + lastLine.height, path).toBeLessThanOrEqual((await box(bar)).y);
    }
    await page.context().close();
  });

  it("steps aside while the menu is open, which shows the number itself", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    // Public pages run no Remix (decision 018): the <details> menu, also on a page with islands.
    await page.goto(javaScriptEnabled ? "/referenz" : "/about");
    await page.locator("summary.menu__toggle").click();
    const menu = page.getByRole("navigation", { name: "Menü" });
    await menu.getByRole("link", { name: /^Start –/ }).waitFor();
    await expect.poll(() => callBar(page).isVisible()).toBe(false);
    const phone = page.locator(".menu-contact__phone");
    expect(await phone.getAttribute("href")).toMatch(/^tel:\+49/);
    expect(await phone.isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("call bar and focus", () => {
  it("never covers a focused link: focus scrolls it clear of the bar", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/impressum");
    const barTop = (await box(callBar(page))).y;
    // Scroll the page so that a link of the text lies under the bar.
    const covered = await page.evaluate((top) => {
      const links = [...document.querySelectorAll("main a")];
      const index = links.findIndex((link) => link.getBoundingClientRect().top > top);
      const rect = links[index].getBoundingClientRect();
      window.scrollBy({ top: rect.top - top - 4, behavior: "instant" });
      return index;
    }, barTop);
    expect(covered).toBeGreaterThanOrEqual(0);
    expect((await box(page.locator("main a").nth(covered))).y).toBeGreaterThan(barTop);
    const link = page.locator("main a").nth(covered);
    await link.focus();
    const focused = await box(link);
    expect(focused.y + focused.height).toBeLessThanOrEqual((await box(callBar(page))).y);
    await page.context().close();
  });

  it("steps aside while a field has the keyboard", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/anfrage");
    await page.getByLabel("Fahrzeug").focus();
    await expect.poll(() => callBar(page).isVisible()).toBe(false);
    await page.context().close();
  });
});

describe.each(MODES)("first visit on a phone $name", ({ javaScriptEnabled }) => {
  it("shows one dialog, at most half the screen high, and the important information only after the choice", async () => {
    const alerts = [await createActiveAlert(uniqueTitle("Erst nach der Wahl"))];
    try {
      const page = await openPage(browser, { ...PHONE, javaScriptEnabled });
      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      const consent = page.getByRole("dialog", { name: "Datenschutz-Präferenz" });
      const popup = page.getByRole("dialog", { name: "Wichtige Informationen" });
      await expect.poll(() => consent.isVisible()).toBe(true);
      expect(await page.getByRole("dialog").count()).toBe(1);
      const sheet = await box(consent);
      expect(sheet.height).toBeLessThanOrEqual(HEIGHT / 2);
      expect(sheet.y + sheet.height).toBeLessThanOrEqual(HEIGHT + 0.5);
      expect(await callBar(page).isVisible()).toBe(false);

      await consent.getByRole("button", { name: "Ich akzeptiere alle" }).click();
      await expect.poll(() => popup.isVisible()).toBe(true);
      expect(await consent.count()).toBe(0);
      expect(await page.getByRole("dialog").count()).toBe(1);
      await page.context().close();
    } finally {
      await deleteAlerts(alerts);
    }
  });
});

describe("projects the workshop chooses", () => {
  const marked: UploadedReference[] = [];
  afterAll(async () => {
    // Other files on this server expect the latest uploads on the home page.
    for (const picture of marked) await apiCall("reference/update", { token, json: { id: picture.id, description: picture.description, featured: false } });
  });

  it("shows the marked pictures in order, full width, with the controls below the picture", async () => {
    const [older, newer, unmarked] = [
      await uploadReference(token, { description: uniqueTitle("Markiert zuerst"), category: [], colour: 1 }),
      await uploadReference(token, { description: uniqueTitle("Markiert danach"), category: [], colour: 2 }),
      await uploadReference(token, { description: uniqueTitle("Nicht markiert"), category: [], colour: 3 }),
    ];
    // The newest mark comes first, whatever the upload order.
    for (const picture of [newer, older]) {
      marked.push(picture);
      await apiCall("reference/update", { token, json: { id: picture.id, description: picture.description, featured: true } });
    }
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/");
    const slide = page.locator('[aria-roledescription="Folie"]');
    await expect.poll(() => slide.getAttribute("aria-label")).toBe("1 von 2");
    expect(await slide.locator("img").getAttribute("alt")).toBe(older.description);
    await page.getByRole("button", { name: "Nächstes Bild" }).click();
    await expect.poll(() => slide.locator("img").getAttribute("alt")).toBe(newer.description);
    expect(await page.getByText(unmarked.description).count()).toBe(0);

    const picture = await box(page.locator(".slideshow__viewport"));
    expect(picture.width).toBeGreaterThanOrEqual(PHONE.viewport.width - 0.5);
    expect(picture.height).toBeGreaterThanOrEqual((PHONE.viewport.width * 9) / 16 - 0.5);
    for (const control of await page.locator(".slideshow__controls button").all()) {
      expect(overlaps(await box(control), picture)).toBe(false);
      expect((await box(control)).height).toBeGreaterThanOrEqual(44);
    }
    await page.context().close();
  });
});

describe("before and after", () => {
  let pair: { before: UploadedReference; after: UploadedReference };
  beforeAll(async () => {
    const before = await uploadReference(token, { description: uniqueTitle("Sitz vorher"), category: [], colour: 0 });
    const after = await uploadReference(token, { description: uniqueTitle("Sitz nachher"), category: [], colour: 2 });
    await apiCall("reference/update", { token, json: { id: after.id, description: after.description, beforeId: before.id } });
    pair = { before, after };
  });
  afterAll(async () => {
    await apiCall("reference/update", { token, json: { id: pair.after.id, description: pair.after.description, beforeId: null } });
  });

  const slider = (page: Page) => page.getByRole("slider", { name: "Vorher-Nachher-Vergleich" });

  it("marks the gallery tile and moves the divider by keyboard and by touch", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/referenz");
    const tile = page.getByRole("link", { name: `${pair.after.description} – Vorher / Nachher – vergrößern` });
    expect(await tile.getByText("Vorher / Nachher").isVisible()).toBe(true);
    await tile.click();
    await slider(page).waitFor();
    expect(await slider(page).getAttribute("aria-valuenow")).toBe("50");

    await slider(page).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slider(page).getAttribute("aria-valuenow")).toBe("55");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slider(page).getAttribute("aria-valuenow")).toBe("45");
    // The arrow keys moved the divider, not to another picture.
    expect(new URL(page.url()).searchParams.get("bild")).toBe(pair.after.id);

    const area = await box(page.locator(".compare"));
    const touch = await page.context().newCDPSession(page);
    const at = (share: number) => [{ x: area.x + area.width * share, y: area.y + area.height / 2 }];
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0.5) });
    for (const share of [0.6, 0.7, 0.8]) await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(share) });
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(async () => Number(await slider(page).getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(78);
    expect(Number(await slider(page).getAttribute("aria-valuenow"))).toBeLessThanOrEqual(82);
    expect(new URL(page.url()).searchParams.get("bild")).toBe(pair.after.id);
    // What is left of the divider shows the before picture.
    const cut = await box(page.locator(".compare__before"));
    expect(cut.width).toBeGreaterThan(0);
    await page.context().close();
  });

  it("shows both pictures without JavaScript", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(`/referenz?bild=${pair.after.id}`);
    const before = page.getByRole("img", { name: `Vorher: ${pair.after.description}` });
    const after = page.getByRole("img", { name: `Nachher: ${pair.after.description}` });
    for (const image of [before, after]) {
      await image.waitFor();
      const shown = await box(image);
      expect(shown.width).toBeGreaterThan(100);
      expect(shown.height).toBeGreaterThan(100);
    }
    expect(overlaps(await box(before), await box(after))).toBe(false);
    expect(await page.getByText("Vorher", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Nachher", { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("finds no axe violations in the viewer with the comparison, in both themes", async () => {
    for (const light of [false, true]) {
      const page = await openSettledPage(browser, PHONE);
      if (light) await chooseLightTheme(page);
      await page.goto(`/referenz?bild=${pair.after.id}`);
      await slider(page).waitFor();
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });
});

describe.each(MODES)("the home page on a phone $name", ({ javaScriptEnabled }) => {
  it("scrolls as one page: nothing scrolls inside itself, and the news start with two and 'Weitere Neuigkeiten'", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/");
    const trapped = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => {
          // The closed menu of the page without JavaScript is there, but nobody sees it.
          if (!element.checkVisibility()) return false;
          const style = getComputedStyle(element);
          const scrolls = (overflow: string) => overflow === "auto" || overflow === "scroll";
          return (
            (scrolls(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
            (scrolls(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
          );
        })
        .map((element) => element.className || element.tagName),
    );
    expect(trapped).toEqual([]);

    const shownNews = () => page.locator(".news__item").filter({ visible: true }).count();
    expect(await shownNews()).toBe(2);
    await page.getByRole("link", { name: "Weitere Neuigkeiten" }).or(page.getByRole("button", { name: "Weitere Neuigkeiten" })).click();
    await expect.poll(shownNews).toBeGreaterThan(2);
    await page.context().close();
  });
});

describe("reading on a phone", () => {
  it("shows each weekday of the footer on one line, understood hours in one tidy form", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto("/about");
    const rows = page.locator("footer .hours__row");
    expect(await rows.count()).toBe(7);
    for (const row of await rows.all()) {
      const [day, hours] = [await box(row.locator("dt")), await box(row.locator("dd"))];
      const text = (await row.textContent()) ?? "";
      expect(Math.abs(day.y - hours.y), text).toBeLessThan(4);
      expect(hours.height, text).toBeLessThan(day.height * 1.6);
    }
    expect(await rows.first().locator("dd").textContent()).toBe("08:00–12:00 · 13:00–17:00 Uhr");
    expect(await rows.last().locator("dd").textContent()).toBe("Geschlossen");
    await page.context().close();
  });

  it("sets running text at 17 px or more on every public page", async () => {
    const page = await openSettledPage(browser, PHONE);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll("main p")]
          .filter((paragraph) => (paragraph.textContent ?? "").trim().length >= 60)
          .map((paragraph) => ({ text: paragraph.textContent!.trim().slice(0, 40), size: parseFloat(getComputedStyle(paragraph).fontSize) }))
          .filter(({ size }) => size < 17),
      );
      expect(small, path).toEqual([]);
    }
    await page.context().close();
  });

  it("finds no axe violations on the changed public pages in both themes", async () => {
    for (const light of [false, true]) {
      for (const path of ["/", "/standort"]) {
        const page = await openSettledPage(browser, PHONE);
        if (light) await chooseLightTheme(page);
        await page.goto(path);
        await expectNoAxeViolations(page);
        await page.context().close();
      }
      const first = await openPage(browser, PHONE);
      if (light) await chooseLightTheme(first);
      await first.goto("/");
      await first.getByRole("dialog", { name: "Datenschutz-Präferenz" }).waitFor();
      await expectNoAxeViolations(first);
      await first.context().close();
    }
  });
});
