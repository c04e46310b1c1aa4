import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, PHONE, workerChromium } from "./browser";
import { openPictureActions, storedReference, unique, UPLOAD_PAGE } from "./fixtures/upload-page";
import { createNews, uploadReference } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

/*
 * The Papierkorb on a phone, with and without JavaScript: a picture deleted by mistake comes
 * back as it was; an entry deleted for good asks first and is gone. axe on the Papierkorb and
 * the Verlauf.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const TRASH = "/intern/papierkorb";
const LOG = "/intern/verlauf";

const entry = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

interface TrashEntry {
  id: string;
  title: string;
}
const trashEntries = async () => (await apiCall("trash/get", { token: await apiToken() })) as TrashEntry[];

/** On a phone the staff links are behind "Menü" (a <details> without JavaScript, a dialog with it). */
async function openFromMenu(page: Page, name: string, path: string) {
  await page.getByText("Menü", { exact: true }).first().click();
  await page.getByRole("link", { name, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === path);
}

describe.each(MODES)("the Papierkorb on a phone $name", ({ javaScriptEnabled }) => {
  it("brings a picture deleted by mistake back, as it was", async () => {
    const description = unique("Versehentlich gelöscht");
    const picture = await uploadReference(await apiToken(), { description, category: [unique("Kategorie")] });
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(UPLOAD_PAGE);

    const actions = await openPictureActions(page, description);
    await actions.getByRole("link", { name: `Löschen: ${description}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Es kommt in den Papierkorb und lässt sich dort 30 Tage lang wiederherstellen.").waitFor();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Im Papierkorb");
    await expect.poll(() => entry(page, description).count()).toBe(0);
    expect(await storedReference((reference) => reference.id === picture.id)).toBeUndefined();

    await openFromMenu(page, "Papierkorb", TRASH);
    const trashed = entry(page, description);
    // What it was: the picture itself, from its own renditions.
    await expect
      .poll(() => trashed.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await trashed.getByRole("button", { name: `Wiederherstellen: Bild „${description}“` }).click();
    await expect.poll(() => toasts(page).textContent()).toContain(`Bild „${description}“ ist wiederhergestellt.`);
    await expect.poll(() => entry(page, description).count()).toBe(0);

    expect(await storedReference((reference) => reference.id === picture.id)).toEqual(expect.objectContaining(picture));
    await page.goto(UPLOAD_PAGE);
    await entry(page, description).first().waitFor();
    await page.context().close();
  });

  it("deletes an entry for good only after asking", async () => {
    const token = await apiToken();
    const title = unique("Endgültig weg");
    const news = await createNews(token, title, "Kommt nicht wieder.");
    await apiCall("news/delete", { token, json: { id: news.id } });
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(TRASH);

    await entry(page, title).getByRole("link", { name: `Endgültig löschen: Neuigkeit „${title}“` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Das lässt sich nicht rückgängig machen.").waitFor();
    await confirm.getByRole("link", { name: "Abbrechen" }).or(confirm.getByRole("button", { name: "Abbrechen" })).click();
    await confirm.waitFor({ state: "detached" });
    expect((await trashEntries()).some((item) => item.id === news.id)).toBe(true);

    await entry(page, title).getByRole("link", { name: `Endgültig löschen: Neuigkeit „${title}“` }).click();
    await page.getByRole("dialog", { name: "Löschbestätigung" }).getByRole("button", { name: "Endgültig löschen" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    await expect.poll(() => entry(page, title).count()).toBe(0);
    expect((await trashEntries()).some((item) => item.id === news.id)).toBe(false);
    await page.context().close();
  });
});

describe("the Verlauf", () => {
  it("shows who deleted and restored what, and filters by person", async () => {
    const token = await apiToken();
    const title = unique("Im Verlauf");
    const news = await createNews(token, title, "Text");
    await apiCall("news/delete", { token, json: { id: news.id } });
    await apiCall("trash/restore", { token, json: { id: news.id } });
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(LOG);
    for (const summary of ["Neuigkeit wiederhergestellt", "Neuigkeit gelöscht", "Neuigkeit angelegt"]) {
      await entry(page, summary).filter({ hasText: title }).first().waitFor();
    }
    await page.getByLabel("Person").selectOption("werkstatt");
    await page.getByRole("button", { name: "Anzeigen" }).click();
    await page.waitForURL((url) => url.searchParams.get("person") === "werkstatt");
    await page.getByRole("heading", { name: /Einträge von werkstatt/ }).waitFor();
    await page.context().close();
  });
});

describe("accessibility of the Papierkorb and the Verlauf", () => {
  it("has no axe violations, with an entry and its confirmation, in every look", async () => {
    const token = await apiToken();
    const picture = await uploadReference(token, { description: unique("Axe im Papierkorb"), category: [] });
    await apiCall("reference/delete", { token, json: { id: picture.id } });
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        for (const path of [TRASH, `${TRASH}?loeschen=${picture.id}`, LOG]) {
          await page.goto(path);
          if (path.includes("loeschen")) await page.getByRole("dialog").waitFor();
          await expectNoAxeViolations(page);
        }
      },
    );
  });
});
