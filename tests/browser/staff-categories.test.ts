import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, workerChromium } from "./browser";
import { PATHS } from "~/lib/site-areas";
import { unique } from "./fixtures/upload-page";
import { uploadReference } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** "Kategorien verwalten", linked from the Bilder page. */
const CATEGORIES_PAGE = PATHS.staffCategories;
const categoryList = (page: Page) => page.getByRole("region", { name: "Kategorien" });
const categoryItem = (page: Page, name: string) =>
  categoryList(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
const allCategories = async (token: string) => ((await apiCall("reference/categories", { token })) as { categories: string[] }).categories;
const publicCategories = async () => ((await apiCall("reference/categories")) as { categories: string[] }).categories;

describe.each(MODES)("Kategorien $name", ({ javaScriptEnabled }) => {
  it("renames onto an existing name, which merges the two, and deletes a category keeping its pictures", async () => {
    const token = await apiToken();
    const single = unique("Lenkrad");
    const plural = unique("Lenkräder");
    const first = await uploadReference(token, { description: unique("Bild eins"), category: [single] });
    const second = await uploadReference(token, { description: unique("Bild zwei"), category: [plural] });

    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto(CATEGORIES_PAGE);
    expect(await categoryItem(page, single).textContent()).toContain("1 Bild");

    await categoryItem(page, single).getByRole("link", { name: `Umbenennen: ${single}` }).click();
    const dialog = page.getByRole("dialog", { name: "Kategorie umbenennen" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Neuer Name").inputValue()).toBe(single);
    await dialog.getByLabel("Neuer Name").fill(plural.toUpperCase());
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    await expect.poll(() => categoryItem(page, single).count()).toBe(0);
    expect(await categoryItem(page, plural).textContent()).toContain("2 Bilder");
    const names = await allCategories(token);
    expect(names).toContain(plural);
    expect(names).not.toContain(single);

    await categoryItem(page, plural).getByRole("link", { name: `Löschen: ${plural}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Bist du sicher, dass du diese Kategorie löschen möchtest?");
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => categoryItem(page, plural).count()).toBe(0);
    expect(await allCategories(token)).not.toContain(plural);
    const stored = (await apiCall("reference/get?limit=50")) as { reference: { id: string; category: string[] }[] };
    for (const id of [first.id, second.id]) expect(stored.reference.find((item) => item.id === id)?.category).toEqual([]);
    await page.context().close();
  });

  it("refuses an empty name in German", async () => {
    const token = await apiToken();
    const name = unique("Verdeck");
    await uploadReference(token, { description: unique("Verdeckbild"), category: [name] });
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto(CATEGORIES_PAGE);
    await categoryItem(page, name).getByRole("link", { name: `Umbenennen: ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Kategorie umbenennen" });
    await dialog.waitFor();
    await dialog.getByLabel("Neuer Name").fill("   ");
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await expect.poll(() => dialog.getByText("Neuer Name darf nicht leer sein.").count()).toBe(1);
    expect(await allCategories(token)).toContain(name);
    await page.context().close();
  });
});

describe("Kategorien für Besucher", () => {
  it("offers visitors only categories with pictures, staff all of them", async () => {
    const token = await apiToken();
    const kept = unique("Sitze");
    const emptied = unique("Türverkleidung");
    const picture = await uploadReference(token, { description: unique("Sitzbild"), category: [kept, emptied] });
    await apiCall("reference/update", { token, json: { id: picture.id, description: "Sitzbild", category: [kept] } });
    expect(await publicCategories()).toContain(kept);
    expect(await publicCategories()).not.toContain(emptied);
    expect(await allCategories(token)).toContain(emptied);

    const page = await staffPage(browser);
    await page.goto("/referenz");
    const filter = page.getByRole("navigation", { name: "Kategorien" });
    expect(await filter.getByRole("link", { name: kept }).count()).toBe(1);
    expect(await filter.getByRole("link", { name: emptied }).count()).toBe(0);
    await page.context().close();
  });

  it("finds no axe violations in the Kategorien section and its dialogs", async () => {
    const token = await apiToken();
    const name = unique("Himmel");
    await uploadReference(token, { description: unique("Himmelbild"), category: [name] });
    const page = await staffPage(browser);
    await page.goto(CATEGORIES_PAGE);
    const renameHref = await categoryItem(page, name).getByRole("link", { name: `Umbenennen: ${name}` }).getAttribute("href");
    const deleteHref = await categoryItem(page, name).getByRole("link", { name: `Löschen: ${name}` }).getAttribute("href");
    await page.context().close();
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (look) => {
        for (const href of [CATEGORIES_PAGE, renameHref!, deleteHref!]) {
          await look.goto(href);
          if (href !== CATEGORIES_PAGE) await look.getByRole("dialog").waitFor();
          await expectNoAxeViolations(look);
        }
      },
    );
  });
});
