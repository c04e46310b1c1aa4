import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, PHONE, workerChromium } from "./browser";
import { expectSizesToMatch, openSettledPage, recordImageRequests, type UploadedReference, uploadReference } from "./pages-fixtures";
import { uniqueTitle } from "./staff-helpers";
import { FADE_MS, SLIDE_DELAY_MS } from "~/components/home/slideshow";

let browser: Browser;
/** Newest first, as the slideshow shows them. */
let slides: UploadedReference[];

beforeAll(async () => {
  browser = await workerChromium();
  const token = await apiToken();
  const uploaded: UploadedReference[] = [];
  for (const [index, name] of ["A", "B", "C"].entries()) {
    uploaded.push(
      await uploadReference(token, {
        description: uniqueTitle(`Diashow ${name}`),
        category: ["Autositze"],
        colour: index,
      }),
    );
  }
  slides = uploaded.reverse();
});

afterAll(async () => {
  await closeContexts(browser);
});

const currentSlide = (page: Page) => page.locator('[aria-roledescription="Folie"]');
const slideLabel = (page: Page) => currentSlide(page).getAttribute("aria-label");
const slideCaption = (page: Page) => currentSlide(page).locator(".slideshow__caption").textContent();
const controlsOpacity = (page: Page) =>
  page.locator(".slideshow__controls").evaluate((element) => getComputedStyle(element).opacity);

async function slideCount(page: Page): Promise<number> {
  const label = await slideLabel(page);
  return Number(/von (\d+)$/.exec(label ?? "")?.[1]);
}

/**
 * The home page once its JavaScript has taken over: only then do the slideshow's controls
 * exist, and only then do pointer, touch and keys reach it.
 */
async function openHydratedHome(page: Page) {
  await page.goto("/");
  await page.locator(".slideshow__controls").waitFor({ state: "attached" });
}

/**
 * With the page's clock installed, lets more than a slide's time pass at once and then proves
 * that the show stayed put: the next button then leads to the very next slide. A message
 * round trip first lets React render anything the timers started (its scheduler posts messages).
 */
async function expectNoAutoplay(page: Page, at: number, count: number) {
  await page.clock.runFor(SLIDE_DELAY_MS + FADE_MS);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
  );
  expect(await slideLabel(page)).toBe(`${at} von ${count}`);
  await clickControl(page, "Nächstes Bild");
  await expect.poll(() => slideLabel(page)).toBe(`${(at % count) + 1} von ${count}`);
}

/** Controls show on pointer-over, so a visitor moves the pointer onto the slideshow before clicking one. */
async function clickControl(page: Page, name: string) {
  await page.locator(".slideshow__viewport").hover();
  await page.getByRole("button", { name }).click();
}

describe("home page content", () => {
  it("shows hero, feature icons, sections, service cards, logo strip and timeline in German", async () => {
    const page = await openSettledPage(browser);
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ihre Autosattlerei in Köln");
    expect(await page.getByRole("link", { name: "Jetzt Kontaktieren" }).getAttribute("href")).toBe("/standort");
    for (const feature of ["Ergebnisorientiert", "Geprüfte Ware", "Einzigartigkeit", "Schnelle Umsetzung"]) {
      expect(await page.getByRole("heading", { name: feature }).count()).toBe(1);
    }
    for (const section of ["Neuste Projekte", "Neuigkeiten", "Unser Handwerk", "Unser Werkstattjahr"]) {
      expect(await page.getByRole("heading", { level: 2, name: section }).count()).toBe(1);
    }
    for (const card of ["Arbeitsprozesse", "Verwendete Materialien", "Leistungen", "Garantien & Qualitätssicherung"]) {
      expect(await page.getByRole("heading", { level: 3, name: card }).count()).toBe(1);
    }
    expect(await page.locator(".logo-strip__mark").count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator(".timeline__entry").count()).toBe(4);
  });

  it("offers the care guide in the timeline as a real download", async () => {
    const page = await openSettledPage(browser);
    await page.goto("/");
    const link = page.getByRole("link", { name: /^Herunterladen/ });
    expect(await link.count()).toBe(1);
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Pflegeanleitung für Leder");
  });

  it("links the hero button to the contact page", async () => {
    const page = await openSettledPage(browser);
    await page.goto("/");
    await page.getByRole("link", { name: "Jetzt Kontaktieren" }).click();
    await page.waitForURL("**/standort");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Kontakt & Standort");
  });
});

describe("slideshow of the latest projects", () => {
  it("renders the newest reference as the first slide on the server", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    expect(await slideLabel(page)).toMatch(/^1 von \d+$/);
    expect(await slideCaption(page)).toBe(slides[0].description);
    const image = currentSlide(page).locator("img");
    expect(await image.getAttribute("src")).toBe(`/images/references/${slides[0].id}-w960.jpg`);
    // Below the hero on every screen, so it never takes bandwidth from the first view.
    expect(await image.getAttribute("fetchpriority")).toBeNull();
    expect(await image.getAttribute("loading")).toBe("lazy");
    expect(await image.getAttribute("width")).toBe("1600");
    expect(await image.getAttribute("height")).toBe("900");
    // Its `sizes` is the slide's real width: the content column, less its padding.
    await expectSizesToMatch(page, image, [360, 412, 800, 1099, 1100, 1440]);
  });

  it("shows on a touch screen where the visitor is and its controls, without hovering", async () => {
    const page = await openSettledPage(browser, PHONE);
    await openHydratedHome(page);
    const count = await slideCount(page);
    const dots = page.locator(".slideshow__dots li");
    expect(await dots.count()).toBe(count);
    // The current slide's mark stands out from the others.
    const widths = await dots.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width));
    expect(widths[0]).toBeGreaterThan(widths[1]);
    expect(await controlsOpacity(page)).toBe("1");
    await page.getByRole("button", { name: "Nächstes Bild" }).tap();
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
    await expect
      .poll(() => dots.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width)))
      .toEqual([widths[1], widths[0], ...widths.slice(2)]);
    await page.context().close();
  });

  it("shows its controls on pointer-over and hides them again after 2.5 seconds", async () => {
    const page = await openSettledPage(browser);
    await openHydratedHome(page);
    await expect.poll(() => controlsOpacity(page)).toBe("0");
    await page.locator(".slideshow__viewport").hover();
    await expect.poll(() => controlsOpacity(page)).toBe("1");
    await expect.poll(() => controlsOpacity(page), { timeout: 10_000 }).toBe("0");
  });

  it("changes the slide with the next and previous buttons", async () => {
    const page = await openSettledPage(browser);
    await openHydratedHome(page);
    const count = await slideCount(page);
    expect(count).toBeGreaterThanOrEqual(3);

    await clickControl(page, "Nächstes Bild");
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
    expect(await slideCaption(page)).toBe(slides[1].description);

    await clickControl(page, "Vorheriges Bild");
    await expect.poll(() => slideLabel(page)).toBe(`1 von ${count}`);
    await clickControl(page, "Vorheriges Bild");
    await expect.poll(() => slideLabel(page)).toBe(`${count} von ${count}`);
  });

  it("is operable by keyboard: arrow keys on the slides, controls reachable with Tab", async () => {
    const page = await openSettledPage(browser);
    await openHydratedHome(page);
    const count = await slideCount(page);
    await page.locator(".slideshow__viewport").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slideLabel(page)).toBe(`1 von ${count}`);

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Vorheriges Bild");
    await expect.poll(() => controlsOpacity(page)).toBe("1");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Nächstes Bild");
    await page.keyboard.press("Enter");
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
  });

  it("plays on its own and can be paused", async () => {
    const page = await openSettledPage(browser);
    await page.clock.install();
    await openHydratedHome(page);
    const count = await slideCount(page);
    await page.clock.runFor(SLIDE_DELAY_MS);
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);

    await clickControl(page, "Diashow anhalten");
    await expect.poll(() => page.getByRole("button", { name: "Diashow abspielen" }).count()).toBe(1);
    // Pointer and focus leave, so only the pause keeps the slide (rotation also rests while they are on it).
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectNoAutoplay(page, 2, count);
  });

  it("does not play, fade or load the animation code when the visitor prefers reduced motion", async () => {
    const page = await openSettledPage(browser, { reducedMotion: "reduce" });
    await page.clock.install();
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await openHydratedHome(page);
    const count = await slideCount(page);
    // Autoplay is off, so the control offers to play rather than to pause.
    expect(await page.getByRole("button", { name: "Diashow abspielen" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Diashow anhalten" }).count()).toBe(0);
    await expectNoAutoplay(page, 1, count);
    expect(scripts.filter((url) => /slide-fade|motion-features/.test(url))).toEqual([]);
  });

  it("loads framer-motion only once a fade is about to play", async () => {
    const page = await openSettledPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await openHydratedHome(page);
    const count = await slideCount(page);
    await clickControl(page, "Nächstes Bild");
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
    expect(scripts.some((url) => url.includes("/assets/slide-fade"))).toBe(true);
    expect(scripts.some((url) => url.includes("/assets/motion-features"))).toBe(true);
  });

  it("follows a swipe on a touch screen", async () => {
    const page = await openSettledPage(browser, PHONE);
    await openHydratedHome(page);
    const count = await slideCount(page);
    const viewport = page.locator(".slideshow__viewport");
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const touch = await page.context().newCDPSession(page);
    const swipe = async (fromShare: number, toShare: number) => {
      const y = box.y + box.height / 2;
      const at = (share: number) => [{ x: box.x + box.width * share, y }];
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(fromShare) });
      for (let step = 1; step <= 6; step++) {
        const share = fromShare + ((toShare - fromShare) * step) / 6;
        await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(share) });
      }
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };

    // Less than 30 % of the width is not a swipe: after it, a full swipe moves from the first slide
    // to the second, not to the third (React applies each touch's update before the next touch).
    await swipe(0.6, 0.4);
    await swipe(0.85, 0.15);
    await expect.poll(() => slideLabel(page)).toBe(`2 von ${count}`);
    await swipe(0.15, 0.85);
    await expect.poll(() => slideLabel(page)).toBe(`1 von ${count}`);
  });

  it("loads an AVIF rendition, never the original", async () => {
    for (const device of [{}, PHONE]) {
      const page = await openSettledPage(browser, device);
      const requested = recordImageRequests(page);
      await page.goto("/");
      // The slideshow lies below the hero and loads lazily: scrolled to, as a person would.
      await currentSlide(page).locator("img").scrollIntoViewIfNeeded();
      await expect
        .poll(() => requested.some((path) => path.startsWith(`/images/references/${slides[0].id}-w`) && path.endsWith(".avif")))
        .toBe(true);
      for (const slide of slides) expect(requested).not.toContain(slide.url);
    }
  });
});
