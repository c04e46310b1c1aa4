import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { UPLOAD_PAGE } from "./fixtures/upload-page";
import { COVER_INTENT } from "~/components/upload/reference-actions";
import { openSettledPage, type UploadedReference, uploadReference } from "./pages-fixtures";
import { MODES, staffPage, uniqueTitle } from "./staff-helpers";

/*
 * Issue 30: the chosen Titelbild at full strength, and the hero's words readable where they
 * stand, measured on the real pixels: a nearly white photo (the hardest case for light text)
 * is the Titelbild, the words are made transparent, the page is photographed, and the
 * brightest pixel under each line of words is held against the words' colour (WCAG AA, 4.5:1).
 */

/** Nearly white, with the test pictures' soft shade: the brightest a workshop photo gets. */
const WHITE_PHOTO = [246, 243, 236] as const;
const SCREENS = [
  { name: "390 px", options: PHONE },
  { name: "1024 px", options: { viewport: { width: 1024, height: 768 } } },
  { name: "1440 px", options: DESKTOP },
];
const WORDS = [".hero__eyebrow", ".hero__title", ".hero__slogan", ".hero__detail"];

let browser: Browser;
/** Decodes screenshots: a page with JavaScript, whichever way the page under test runs. */
let decoder: Page;
let cover: UploadedReference;

/** The Bilder page's "Als Titelbild" / "Titelbild entfernen" form, posted as staff (staff-cover.test.ts taps it). */
async function markCover(on: boolean) {
  const staff = await staffPage(browser);
  const response = await staff.request.post(UPLOAD_PAGE, { form: { intent: COVER_INTENT, id: cover.id, cover: on ? "1" : "0" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  await staff.context().close();
}

beforeAll(async () => {
  browser = await workerChromium();
  decoder = await openPage(browser);
  cover = await uploadReference(await apiToken(), { description: uniqueTitle("Heller Titel"), category: [], rgb: WHITE_PHOTO });
  await markCover(true);
});
afterAll(async () => {
  // Other files on this server see the hero with its pattern again.
  if (cover) await markCover(false);
  await closeContexts(browser);
});

type Rect = { x: number; y: number; width: number; height: number };

/** WCAG's relative luminance of an sRGB colour given as 0–255 channels. */
const luminance = (rgb: ArrayLike<number>) => {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** For each rectangle of the screenshot: its brightest pixel's luminance and its mean luminance (computed where the pixels are). */
function lightOf(png: Buffer, rects: Rect[]): Promise<{ brightest: number; mean: number }[]> {
  return decoder.evaluate(
    async ({ data, areas, luminanceSource }) => {
      // The same function as here, sent as its text: a page evaluation cannot close over it.
      const luminanceOf = new Function(`return ${luminanceSource}`)() as (rgb: ArrayLike<number>) => number;
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      return areas.map(({ x, y, width, height }) => {
        const pixels = context.getImageData(Math.round(x), Math.round(y), Math.max(1, Math.round(width)), Math.max(1, Math.round(height))).data;
        let brightest = 0;
        let sum = 0;
        for (let offset = 0; offset < pixels.length; offset += 4) {
          const value = luminanceOf(pixels.subarray(offset, offset + 3));
          brightest = Math.max(brightest, value);
          sum += value;
        }
        return { brightest, mean: sum / (pixels.length / 4) };
      });
    },
    { data: png.toString("base64"), areas: rects, luminanceSource: luminance.toString() },
  );
}

/** The hero with its Titelbild loaded, scrolled to the top. */
async function openHero(options: object, javaScriptEnabled: boolean) {
  const page = await openSettledPage(browser, { ...options, javaScriptEnabled });
  await page.goto("/");
  const picture = page.locator(".hero img.hero__picture");
  await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
  expect(await picture.getAttribute("src")).toContain(cover.id);
  return page;
}

describe.each(MODES)("the Titelbild in the hero $name", ({ javaScriptEnabled }) => {
  it.each(SCREENS)("keeps the words at 4.5:1 or more over the photo at $name", async ({ options }) => {
    const page = await openHero(options, javaScriptEnabled);
    const words = await page.evaluate(
      (selectors) =>
        selectors.map((selector) => {
          const element = document.querySelector<HTMLElement>(selector)!;
          const range = document.createRange();
          range.selectNodeContents(element);
          const rects = [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
          const colour = getComputedStyle(element).color.match(/\d+/g)!.slice(0, 3).map(Number);
          // Photographed without them, so only what lies behind them is measured.
          element.style.setProperty("color", "transparent", "important");
          return { selector, rects, colour };
        }),
      WORDS,
    );
    const shot = await page.screenshot();
    for (const { selector, rects, colour } of words) {
      const visible = rects.filter((rect) => rect.y >= 0 && rect.y + rect.height <= (options as typeof DESKTOP).viewport.height);
      expect(visible.length, selector).toBeGreaterThan(0);
      const behind = Math.max(...(await lightOf(shot, visible)).map(({ brightest }) => brightest));
      expect(contrast(luminance(colour), behind), selector).toBeGreaterThanOrEqual(4.5);
    }
    await page.context().close();
  });

  it("shows the photo at full strength: above the words on a phone, beside them on a desktop", async () => {
    const ownLight = luminance(WHITE_PHOTO.map((channel) => channel * 0.8));
    for (const { options } of [SCREENS[0], SCREENS[2]]) {
      const page = await openHero(options, javaScriptEnabled);
      const shot = await page.screenshot();
      const picture = (await page.locator(".hero img.hero__picture").boundingBox())!;
      const title = (await page.locator(".hero__title").boundingBox())!;
      const viewport = (options as typeof DESKTOP).viewport;
      // On a phone the whole picture, above the words; on a desktop the side away from the words.
      const open =
        options === PHONE
          ? { x: picture.x, y: picture.y, width: picture.width, height: picture.height }
          : { x: viewport.width * 0.8, y: picture.y, width: viewport.width * 0.2 - 1, height: picture.height };
      if (options === PHONE) expect(picture.y + picture.height).toBeLessThanOrEqual(title.y);
      const visible = { ...open, height: Math.min(open.height, viewport.height - open.y) };
      const [{ mean }] = await lightOf(shot, [visible]);
      expect(mean).toBeGreaterThanOrEqual(ownLight);
      await page.context().close();
    }
  });
});
