import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, openPage, workerChromium } from "./browser";
import { closePictureActions, openPictureActions, pictureTile, UPLOAD_PAGE, unique } from "./fixtures/upload-page";
import { uploadReference } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The hero picture's address on the home page, or null when the hero shows its pattern. */
async function heroPicture(): Promise<string | null> {
  const visitor = await openPage(browser, { javaScriptEnabled: false });
  await visitor.goto("/");
  const picture = visitor.locator(".hero img");
  const src = (await picture.count()) > 0 ? await picture.getAttribute("src") : null;
  // When there is one, it fills the first view: the largest paint, fetched first.
  if (src) expect(await picture.getAttribute("fetchpriority")).toBe("high");
  await visitor.context().close();
  return src;
}

/** Whether the grid's thumbnail carries the "Titelbild" badge. */
const isCover = async (page: Page, description: string) => (await pictureTile(page, description).getByText("Titelbild", { exact: true }).count()) === 1;

/** Taps a picture's thumbnail, then `action` in its actions, which come back showing `after`. */
async function inActions(page: Page, description: string, action: string, after: string) {
  const sheet = await openPictureActions(page, description);
  await sheet.getByRole("button", { name: `${action}: ${description}` }).click();
  await sheet.getByRole("button", { name: `${after}: ${description}` }).waitFor();
  await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
  await closePictureActions(page);
}

describe.each(MODES)("Titelbild $name", ({ javaScriptEnabled }) => {
  it("marks a picture as the home page's hero, moves the mark, and removes it again", async () => {
    const token = await apiToken();
    const first = await uploadReference(token, { description: unique("Titel eins"), category: [], colour: 1 });
    const second = await uploadReference(token, { description: unique("Titel zwei"), category: [], colour: 2 });
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto(UPLOAD_PAGE);

    await inActions(page, first.description, "Als Titelbild", "Titelbild entfernen");
    await expect.poll(() => isCover(page, first.description)).toBe(true);
    // The stored picture or one of its renditions, all named after the reference.
    expect(await heroPicture()).toContain(first.id);

    await inActions(page, second.description, "Als Titelbild", "Titelbild entfernen");
    await expect.poll(() => isCover(page, second.description)).toBe(true);
    await expect.poll(() => isCover(page, first.description)).toBe(false);
    expect(await heroPicture()).toContain(second.id);

    // Without a mark the hero falls back to its pattern (and other test files see the usual home page).
    await inActions(page, second.description, "Titelbild entfernen", "Als Titelbild");
    await expect.poll(() => isCover(page, second.description)).toBe(false);
    expect(await heroPicture()).toBeNull();
    await page.context().close();
  });
});

describe("Titelbild: Barrierefreiheit", () => {
  it("finds no axe violations on the list with a marked picture and on the home page with its hero", async () => {
    const token = await apiToken();
    const picture = await uploadReference(token, { description: unique("Titel axe"), category: [] });
    const page = await staffPage(browser);
    await page.goto(UPLOAD_PAGE);
    await inActions(page, picture.description, "Als Titelbild", "Titelbild entfernen");
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (look) => {
        for (const path of [UPLOAD_PAGE, `${UPLOAD_PAGE}?aktionen=${picture.id}`, "/"]) {
          await look.goto(path);
          await expectNoAxeViolations(look);
        }
      },
    );
    await inActions(page, picture.description, "Titelbild entfernen", "Als Titelbild");
    await page.context().close();
  });
});
