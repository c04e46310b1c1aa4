import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, PHONE, waitForHydration, workerChromium } from "./browser";
import { expectSizesToMatch, openSettledPage, recordImageRequests, type UploadedReference, uploadReference } from "./pages-fixtures";
import { MODES, uniqueTitle } from "./staff-helpers";

let browser: Browser;
/** Twelve pictures: more than one page of ten. */
let categoryA: string;
let categoryB: string;
/** Exists, but no picture is in it any more. */
let emptyCategory: string;
let picturesA: UploadedReference[];

beforeAll(async () => {
  browser = await workerChromium();
  const token = await apiToken();
  categoryA = uniqueTitle("Galerie A");
  categoryB = uniqueTitle("Galerie B");
  emptyCategory = uniqueTitle("Galerie leer");
  picturesA = [];
  for (let index = 1; index <= 12; index++) {
    picturesA.push(
      await uploadReference(token, { description: `${categoryA} Bild ${index}`, category: [categoryA], colour: index }),
    );
  }
  await uploadReference(token, { description: `${categoryB} Bild`, category: [categoryB] });
  const moved = await uploadReference(token, {
    description: `${categoryB} verschoben`,
    category: [categoryB, emptyCategory],
  });
  await apiCall("reference/update", {
    token,
    json: { id: moved.id, description: moved.description, category: [categoryB] },
  });
});

afterAll(async () => {
  await closeContexts(browser);
});

const chip = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Kategorien" }).getByRole("link", { name, exact: true });
const galleryLinks = (page: Page) => page.locator(".gallery__link");
const descriptions = (page: Page) => page.locator(".gallery__description").allTextContents();
const summary = (page: Page) => page.locator(".gallery-summary").textContent();

describe.each(MODES)("reference gallery $name", ({ javaScriptEnabled }) => {
  it("filters by category with the chips", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled });
    await page.goto("/referenz");
    expect(await chip(page, "Alle").getAttribute("aria-current")).toBe("page");
    for (const name of [categoryA, categoryB]) expect(await chip(page, name).count()).toBe(1);
    // A category without pictures offers no chip that would lead to an empty gallery.
    expect(await chip(page, emptyCategory).count()).toBe(0);

    await chip(page, categoryA).click();
    await page.waitForURL((url) => url.searchParams.get("kategorie") === categoryA);
    await expect.poll(() => summary(page)).toBe(`12 Bilder in „${categoryA}“ · Seite 1 von 2`);
    expect(await chip(page, categoryA).getAttribute("aria-current")).toBe("page");
    const shown = await descriptions(page);
    expect(shown).toHaveLength(10);
    expect(shown.every((text) => text.startsWith(`${categoryA} Bild`))).toBe(true);

    await chip(page, categoryB).click();
    await expect.poll(() => summary(page)).toBe(`2 Bilder in „${categoryB}“`);
    expect(await page.locator(".pagination").count()).toBe(0);
  });

  it("pages by ten with Weiter, Zurück and page links", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled });
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`);
    const first = await descriptions(page);
    expect(first).toHaveLength(10);
    expect(await page.getByText("Zurück", { exact: true }).getAttribute("aria-disabled")).toBe("true");

    await page.getByRole("link", { name: "Weiter" }).click();
    await page.waitForURL((url) => url.searchParams.get("seite") === "2");
    await expect.poll(() => summary(page)).toBe(`12 Bilder in „${categoryA}“ · Seite 2 von 2`);
    const second = await descriptions(page);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second])).toEqual(new Set(picturesA.map((picture) => picture.description)));
    expect(await page.getByRole("link", { name: "Seite 2" }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("link", { name: "Zurück" }).click();
    await page.waitForURL((url) => url.searchParams.get("seite") === null);
    await expect.poll(() => descriptions(page)).toEqual(first);

    await page.getByRole("link", { name: "Seite 2" }).click();
    await expect.poll(() => descriptions(page)).toEqual(second);
  });

  it("shows the placeholder picture for a category without pictures", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled });
    // No chip leads there any more, but an old link still may.
    await page.goto(`/referenz?kategorie=${encodeURIComponent(emptyCategory)}`);
    const placeholder = page.locator(".gallery-empty img");
    await expect.poll(() => placeholder.getAttribute("src")).toBe("/platzhalter.svg");
    expect(await page.getByText(`In der Kategorie „${emptyCategory}“ gibt es noch keine Bilder.`).count()).toBe(1);
    expect(await galleryLinks(page).count()).toBe(0);
  });

  it("opens and closes the zoom view with the large picture", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled });
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}&seite=2`);
    // With JavaScript the zoom view is the enhanced dialog, which Escape closes.
    if (javaScriptEnabled) await waitForHydration(page);
    const description = (await descriptions(page))[0];
    const picture = picturesA.find((item) => item.description === description)!;
    await galleryLinks(page).first().click();

    const dialog = page.getByRole("dialog", { name: description });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("bild")).toBe(picture.id);
    const image = dialog.locator("img");
    // The large rendition (the JPEG for browsers without srcset), never the original.
    expect(await image.getAttribute("src")).toBe(`/images/references/${picture.id}-w960.jpg`);
    expect(await dialog.locator(".chip").allTextContents()).toEqual([categoryA]);
    // SPEC §9: the picture is at most 1100 px wide, even on a wide screen.
    expect((await image.boundingBox())!.width).toBeLessThanOrEqual(1100);

    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => new URL(page.url()).searchParams.get("bild")).toBe(null);
      // Focus returns once the viewer has unmounted, a moment after the URL changed.
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("gallery__link"))).toBe(true);

      await galleryLinks(page).first().click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
    }
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Schließen" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get("bild")).toBe(null);
    expect(new URL(page.url()).searchParams.get("seite")).toBe("2");
  });
});

/** A finger moving sideways across the middle of the screen (Chromium's touch input). */
async function swipe(page: Page, from: number, to: number) {
  const session = await page.context().newCDPSession(page);
  const y = page.viewportSize()!.height / 2;
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 8; step++) {
    const x = from + ((to - from) * step) / 8;
    await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await session.detach();
}

describe("reference gallery viewer", () => {
  const imageParam = (page: Page) => new URL(page.url()).searchParams.get("bild");

  it("opens as wide as the phone and moves on by swipe, arrow key and across the page end", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`);
    await waitForHydration(page);
    const order = await descriptions(page);
    const ids = order.map((text) => picturesA.find((picture) => picture.description === text)!.id);
    const tile = (await galleryLinks(page).first().boundingBox())!;
    await galleryLinks(page).first().click();

    const viewer = page.getByRole("dialog", { name: order[0] });
    await expect.poll(() => viewer.isVisible()).toBe(true);
    const image = viewer.getByRole("img", { name: order[0] });
    const box = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(PHONE.viewport.width);
    expect(box.width).toBeGreaterThanOrEqual(tile.width);
    expect(await viewer.getByText("Bild 1 von 12").isVisible()).toBe(true);
    // The way out is at the top.
    const close = (await viewer.getByRole("button", { name: "Schließen" }).boundingBox())!;
    expect(close.y).toBeLessThan(PHONE.viewport.height / 4);
    expect(close.x + close.width).toBeLessThanOrEqual(PHONE.viewport.width);

    // The address changes first; the viewer follows in React's next render, then takes the next key.
    const showing = async (index: number) => {
      await expect.poll(() => imageParam(page)).toBe(ids[index]);
      await expect
        .poll(() => page.getByRole("dialog", { name: order[index] }).getByRole("img", { name: order[index] }).isVisible())
        .toBe(true);
    };
    await swipe(page, 320, 60);
    await showing(1);
    await page.keyboard.press("ArrowRight");
    await showing(2);
    await page.keyboard.press("ArrowLeft");
    await showing(1);
    await swipe(page, 60, 320);
    await showing(0);

    // From the tenth picture the next one is the first of page 2, in the same filter.
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}&bild=${ids[9]}`);
    await waitForHydration(page);
    // The step to another page of the gallery loads that page (decision 018), with the viewer open.
    const pageTwo = page.waitForURL((url) => url.searchParams.get("seite") === "2", { waitUntil: "domcontentloaded" });
    await page.getByRole("dialog", { name: order[9] }).getByRole("button", { name: "Nächstes Bild" }).click();
    await pageTwo;
    await waitForHydration(page);
    await expect.poll(() => new URL(page.url()).searchParams.get("seite")).toBe("2");
    await expect.poll(() => page.getByRole("dialog").getByText("Bild 11 von 12").isVisible()).toBe(true);
    const eleventh = await page.getByRole("dialog").getByRole("img").getAttribute("alt");
    expect(picturesA.map((picture) => picture.description)).toContain(eleventh);
    expect(order).not.toContain(eleventh);

    // Escape closes; focus goes to the thumbnail of the picture last shown.
    await page.keyboard.press("Escape");
    await expect.poll(() => imageParam(page)).toBe(null);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`${eleventh} – vergrößern`);
    await page.context().close();
  });

  it("steps through the pictures by links without JavaScript", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`);
    const order = await descriptions(page);
    await galleryLinks(page).first().click();
    await page.getByRole("dialog", { name: order[0] }).waitFor();
    await page.getByRole("link", { name: "Nächstes Bild" }).click();
    await page.getByRole("dialog", { name: order[1] }).waitFor();
    await page.getByRole("link", { name: "Vorheriges Bild" }).click();
    await page.getByRole("dialog", { name: order[0] }).waitFor();
    await page.getByRole("link", { name: "Schließen" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });

  it("keeps the visitor at the gallery when paging", async () => {
    const page = await openSettledPage(browser, PHONE);
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`);
    await waitForHydration(page);
    const pager = page.getByRole("navigation", { name: "Seiten" });
    await pager.scrollIntoViewIfNeeded();
    await pager.getByRole("link", { name: "Weiter" }).click();
    await expect.poll(() => summary(page)).toBe(`12 Bilder in „${categoryA}“ · Seite 2 von 2`);
    // The filter row and the new page's first picture are on screen, not the page header.
    await expect.poll(() => page.getByRole("navigation", { name: "Kategorien" }).isVisible()).toBe(true);
    const filter = (await page.getByRole("navigation", { name: "Kategorien" }).boundingBox())!;
    // However many categories there are, the filter is one row that scrolls sideways.
    expect(filter.height).toBeLessThan(100);
    expect(filter.y).toBeGreaterThanOrEqual(0);
    expect(filter.y).toBeLessThan(PHONE.viewport.height / 2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe("reference gallery images", () => {
  it("requests AVIF renditions on screens of normal density, with fixed sizes and lazy loading below the fold", async () => {
    for (const device of [{}, PHONE]) {
      const page = await openSettledPage(browser, device);
      const requested = recordImageRequests(page);
      await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`, { waitUntil: "networkidle" });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");

      const images = await page.locator(".gallery img").evaluateAll((elements) =>
        elements.map((element) => ({
          src: element.getAttribute("src"),
          width: element.getAttribute("width"),
          height: element.getAttribute("height"),
          loading: element.getAttribute("loading"),
        })),
      );
      expect(images).toHaveLength(10);
      expect(images.every(({ width, height }) => width && height)).toBe(true);
      expect(images.slice(3).every(({ loading }) => loading === "lazy")).toBe(true);
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.every((path) => /-w\d+\.avif$/.test(path))).toBe(true);
      for (const picture of picturesA) {
        expect(requested).not.toContain(picture.url);
        expect(requested).not.toContain(picture.displayUrl);
      }
    }
  });

  it.each([2, 3])("gives a phone at %i× density each picture in view at its slot's size, in a modern format", async (density) => {
    const page = await openSettledPage(browser, { ...PHONE, deviceScaleFactor: density });
    const requested = recordImageRequests(page);
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`, { waitUntil: "networkidle" });
    // The file's own width: an <img> with srcset reports its natural size divided by the chosen density.
    const inView = await page.locator("main img").evaluateAll((images) =>
      Promise.all(
        images
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.top < innerHeight && box.bottom > 0;
          })
          .map(async (image) => {
            const element = image as HTMLImageElement;
            const file = new Image();
            file.src = element.currentSrc;
            await file.decode();
            return { source: element.currentSrc, natural: file.naturalWidth, slot: element.clientWidth * devicePixelRatio };
          }),
      ),
    );
    expect(inView.length).toBeGreaterThan(0);
    for (const { source, natural, slot } of inView) {
      expect(new URL(source).pathname, source).toMatch(/-w\d+\.(avif|webp)$/);
      expect(natural / slot, `${source}: ${natural} px for ${slot} px`).toBeGreaterThanOrEqual(0.75);
      expect(natural / slot, `${source}: ${natural} px for ${slot} px`).toBeLessThanOrEqual(2);
    }
    for (const picture of picturesA) expect(requested).not.toContain(picture.url);
  });

  it("states in `sizes` the tile's real width at every breakpoint", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}`);
    // Both sides of each column change, a phone, and beyond the column's widest.
    await expectSizesToMatch(page, page.locator(".gallery__image").first(), [360, 412, 651, 652, 800, 971, 972, 1099, 1100, 1440]);
    await page.context().close();
  });

  it("leads a page number beyond the last to the last page", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto(`/referenz?kategorie=${encodeURIComponent(categoryA)}&seite=99`);
    expect(new URL(page.url()).searchParams.get("seite")).toBe("2");
    expect(await descriptions(page)).toHaveLength(2);
  });
});
