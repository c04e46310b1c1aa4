import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, openPage, waitForHydration, workerChromium } from "./browser";
import {
  expectNoAxeViolationsWithDialogs,
  inEveryAxeLook,
  loginViaForm,
  MODES,
  newsTitles,
  staffPage,
  toasts,
  uniqueTitle,
} from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const listItem = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

describe.each(MODES)("Neuigkeiten $name", ({ javaScriptEnabled }) => {
  it("creates, edits and deletes a news item with confirmation", async () => {
    const page = await openPage(browser, { javaScriptEnabled });
    await loginViaForm(page);
    const title = uniqueTitle("Betriebsurlaub");
    const edited = `${title} (geändert)`;

    // Create
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Text").fill("Vom 1. bis 14. August geschlossen.");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => listItem(page, title).count()).toBe(1);
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await page.getByLabel("Titel").inputValue()).toBe("");
    expect(await newsTitles()).toContain(title);

    // Edit: the dialog opens prefilled; Abbrechen changes nothing.
    await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Titel").inputValue()).toBe(title);
    expect(await dialog.getByLabel("Text").inputValue()).toBe("Vom 1. bis 14. August geschlossen.");
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    await dialog.waitFor();
    await dialog.getByLabel("Titel").fill(edited);
    await dialog.getByLabel("Text").fill("Vom 1. bis 21. August geschlossen.");
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).textContent()).toContain("Vom 1. bis 21. August geschlossen.");
    expect(await newsTitles()).toContain(edited);
    expect(await newsTitles()).not.toContain(title);

    // Delete with confirmation.
    await page.getByRole("link", { name: `Löschen: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Bist du sicher, dass du diese Nachricht löschen möchtest?");
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).count()).toBe(0);
    expect(await newsTitles()).not.toContain(edited);
    await page.context().close();
  });

  it("refuses an empty text with a German message and keeps the title", async () => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/news");
    const title = uniqueTitle("Ohne Text");
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Text").fill("   ");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => page.getByText("Text darf nicht leer sein.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Titel").inputValue()).toBe(title);
    expect(await page.getByLabel("Text").getAttribute("aria-invalid")).toBe("true");
    expect(await newsTitles()).not.toContain(title);
    await page.context().close();
  });
});

describe("Neuigkeiten mit Tastatur", () => {
  it("opens the dialogs from the keyboard, traps focus in them and returns it to the opener", async () => {
    const token = await apiToken();
    const title = uniqueTitle("Tastatur");
    await apiCall("news/save", { token, json: { title, text: "Mit der Tastatur bearbeitet" } });
    const page = await staffPage(browser);
    await page.goto("/intern/news");
    // Escape and focus return are JavaScript's part: before hydration the keys reach plain HTML.
    await waitForHydration(page);

    const pencil = page.getByRole("link", { name: `Bearbeiten: ${title}` });
    await pencil.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("title");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Bearbeiten: ${title}`);

    // Edit by keyboard only; focus comes back to the pencil after saving.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(`${title}!`);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Bearbeiten: ${title}!`);

    // Delete: focus starts on Abbrechen, Tab reaches Löschen, and lands on the list heading afterwards.
    await page.getByRole("link", { name: `Löschen: ${title}!` }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Abbrechen");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Löschen");
    await page.keyboard.press("Tab");
    // Focus stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Liste der Aktuellen Neuigkeiten");
    expect(await newsTitles()).not.toContain(`${title}!`);
    await page.context().close();
  });
});

describe("Neuigkeiten: lange Liste", () => {
  it("shows 15 items and loads more by link, landing on the first new one", async () => {
    const token = await apiToken();
    const prefix = uniqueTitle("Liste");
    // Enough items that the first page is certainly full and the list goes on.
    for (let index = 0; index < 16; index += 1) {
      await apiCall("news/save", { token, json: { title: `${prefix} ${index}`, text: "Eintrag" } });
    }
    for (const javaScriptEnabled of [true, false]) {
      const page = await staffPage(browser, { javaScriptEnabled });
      await page.goto("/intern/news");
      const mine = page.locator(".staff-list__item").filter({ hasText: prefix });
      expect(await page.locator(".staff-list__item").count()).toBe(15);
      expect(await mine.count()).toBe(15);
      await page.getByRole("link", { name: "Weitere laden" }).click();
      await page.waitForURL("**/intern/news?seite=2#neuigkeit-*");
      // With JavaScript the address changes just before the list re-renders.
      await expect.poll(() => mine.count()).toBe(16);
      const target = decodeURIComponent(new URL(page.url()).hash.slice(1));
      expect(await page.locator(".staff-list__item").nth(15).getAttribute("id")).toBe(target);
      await page.context().close();
    }
  });
});

describe("Neuigkeiten: Barrierefreiheit", () => {
  it("finds no axe violations on the page and in both dialogs (desktop dark, phone light, without scripts)", async () => {
    const token = await apiToken();
    const title = uniqueTitle("Axe");
    await apiCall("news/save", { token, json: { title, text: "Prüfung" } });
    const [item] = (await apiCall("news/get?limit=1")) as { id: string }[];
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      (page) => expectNoAxeViolationsWithDialogs(page, "/intern/news", item.id),
    );
  });
});
