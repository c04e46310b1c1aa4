import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, DESKTOP, PHONE, workerChromium } from "./browser";
import { openSettledPage, uploadReference } from "./pages-fixtures";
import { staffPage, uniqueTitle } from "./staff-helpers";

let browser: Browser;
let pictureId: string;
beforeAll(async () => {
  browser = await workerChromium();
  // A picture, so the gallery, its viewer, the home slideshow and the staff list have their controls.
  const picture = await uploadReference(await apiToken(), { description: uniqueTitle("Zielgröße"), category: [uniqueTitle("Ziel")] });
  pictureId = picture.id;
});
afterAll(async () => {
  await closeContexts(browser);
});

const PUBLIC_PAGES = ["/", "/about", "/impressum", "/standort", "/ledermuster", "/referenz"];
const STAFF_PAGES = [
  "/intern",
  "/intern/news",
  "/intern/opening",
  "/intern/notification",
  "/intern/uploadReference",
  "/intern/papierkorb",
  "/intern/verlauf",
  "/intern/team",
  "/intern/anfragen",
  "/intern/anfragen/vorlagen",
  "/intern/betrieb",
];

/**
 * Every visible control smaller than 24 × 24 CSS px (WCAG 2.2, 2.5.8). Links inside a
 * sentence are exempt, as the criterion allows: their size is that of the text around them.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const inSentence = (element: Element) => {
      const block = element.parentElement?.closest("p, li, dd, address, td, label, figcaption");
      if (!block || element.tagName !== "A") return false;
      const own = (element.textContent ?? "").trim();
      const around = (block.textContent ?? "").replace(own, "").trim();
      return around.length > 0;
    };
    return [...document.querySelectorAll(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || box.height === 0 || style.visibility === "hidden") return false;
        if (element.closest('[aria-hidden="true"], [inert]')) return false;
        // A file input hidden under its large label (the photo control): the label is what a thumb taps.
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
        const target = [box, ...labels.map((label) => label.getBoundingClientRect())].reduce((largest, next) =>
          next.width * next.height > largest.width * largest.height ? next : largest,
        );
        return (target.width < 24 || target.height < 24) && !inSentence(element);
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  });
}

describe.each([
  { device: "phone", options: PHONE },
  { device: "desktop", options: DESKTOP },
])("Zielgrößen ($device)", ({ options }) => {
  it("has no control smaller than 24 × 24 px on a public page, also while the heading font is missing", async () => {
    const page = await openSettledPage(browser, options);
    // The heading font may come late or not at all (font-display: optional): measure the fallback, the smaller case.
    await page.route("**/*.{woff,woff2}", (route) => route.abort());
    const found: string[] = [];
    for (const path of [...PUBLIC_PAGES, `/referenz?bild=${pictureId}`]) {
      await page.goto(path);
      found.push(...(await smallTargets(page)).map((target) => `${path}: ${target}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it("has no control smaller than 24 × 24 px on a staff page", async () => {
    const page = await staffPage(browser, options);
    const found: string[] = [];
    // The first page shows the login's toast with its close control.
    for (const path of [
      ...STAFF_PAGES,
      `/intern/uploadReference?aktionen=${pictureId}`,
      `/intern/uploadReference?bild=${pictureId}`,
      `/intern/uploadReference?bearbeiten=${pictureId}`,
    ]) {
      await page.goto(path);
      found.push(...(await smallTargets(page)).map((target) => `${path}: ${target}`));
    }
    const visitor = await openSettledPage(browser, options);
    await visitor.goto("/intern/login");
    found.push(...(await smallTargets(visitor)).map((target) => `/intern/login: ${target}`));
    expect(found).toEqual([]);
    await visitor.context().close();
    await page.context().close();
  });
});
