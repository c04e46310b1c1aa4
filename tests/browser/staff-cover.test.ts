import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, openPage, workerChromium } from "./browser";
import { UPLOAD_PAGE, unique } from "./fixtures/upload-page";
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

const card = (page: Page, description: string) => page.getByRole("listitem").filter({ hasText: description });

describe.each(MODES)("Titelbild $name", ({ javaScriptEnabled }) => {
  it("marks a picture as the home page's hero, moves the mark, and removes it again", async () => {
    const token = await apiToken();
    const first = await uploadReference(token, { description: unique("Titel eins"), category: [], colour: 1 });
    const second = await uploadReference(token, { description: unique("Titel zwei"), category: [], colour: 2 });
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto(UPLOAD_PAGE);

    await page.getByRole("button", { name: `Als Titelbild: ${first.description}` }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    await expect.poll(() => card(page, first.description).getByText("Titelbild", { exact: true }).count()).toBe(1);
    // The stored picture or one of its renditions, all named after the reference.
    expect(await heroPicture()).toContain(first.id);

    await page.getByRole("button", { name: `Als Titelbild: ${second.description}` }).click();
    await expect.poll(() => card(page, second.description).getByText("Titelbild", { exact: true }).count()).toBe(1);
    expect(await card(page, first.description).getByText("Titelbild", { exact: true }).count()).toBe(0);
    expect(await heroPicture()).toContain(second.id);

    // Without a mark the hero falls back to its pattern (and other test files see the usual home page).
    await page.getByRole("button", { name: `Titelbild entfernen: ${second.description}` }).click();
    await expect.poll(() => card(page, second.description).getByText("Titelbild", { exact: true }).count()).toBe(0);
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
    await page.getByRole("button", { name: `Als Titelbild: ${picture.description}` }).click();
    await expect.poll(() => card(page, picture.description).getByText("Titelbild", { exact: true }).count()).toBe(1);
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (look) => {
        for (const path of [UPLOAD_PAGE, "/"]) {
          await look.goto(path);
          await expectNoAxeViolations(look);
        }
      },
    );
    await page.getByRole("button", { name: `Titelbild entfernen: ${picture.description}` }).click();
    await expect.poll(() => card(page, picture.description).getByText("Titelbild", { exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
