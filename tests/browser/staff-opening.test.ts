import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, closeContexts, openPage, PHONE, workerChromium } from "./browser";
import { expectNoAxeViolations, inEveryAxeLook, loginViaForm, MODES, staffPage, toasts, uniqueTitle } from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const DAYS = [
  ["monday", "Montag"],
  ["tuesday", "Dienstag"],
  ["wednesday", "Mittwoch"],
  ["thursday", "Donnerstag"],
  ["friday", "Freitag"],
  ["saturday", "Samstag"],
  ["sunday", "Sonntag"],
] as const;

describe.each(MODES)("Öffnungszeiten $name", ({ javaScriptEnabled }) => {
  it("shows the stored hours in seven required fields and saves new ones", async () => {
    const page = await openPage(browser, { javaScriptEnabled });
    await loginViaForm(page);
    await page.goto("/intern/opening");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Öffnungszeiten");

    const stored = (await apiCall("opening/get")) as Record<string, string>;
    for (const [key, label] of DAYS) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.inputValue(), label).toBe(stored[key]);
      expect(await field.getAttribute("required"), label).not.toBeNull();
    }

    const marker = uniqueTitle("nach Absprache");
    const wanted = Object.fromEntries(DAYS.map(([key, label]) => [key, `${label}: ${marker}`]));
    for (const [key, label] of DAYS) await page.getByLabel(label, { exact: true }).fill(wanted[key]);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await apiCall("opening/get")).toEqual(wanted);

    await page.reload();
    expect(await page.getByLabel("Sonntag", { exact: true }).inputValue()).toBe(wanted.sunday);
    await page.context().close();
  });

  it("refuses an emptied day with a German message and keeps the other entries", async () => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/opening");
    const before = await apiCall("opening/get");
    const marker = uniqueTitle("geändert");
    await page.getByLabel("Montag", { exact: true }).fill(marker);
    await page.getByLabel("Mittwoch", { exact: true }).fill("  ");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => page.getByText("Mittwoch darf nicht leer sein.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Montag", { exact: true }).inputValue()).toBe(marker);
    expect(await apiCall("opening/get")).toEqual(before);
    await page.context().close();
  });
});

describe("Öffnungszeiten auf dem Telefon", () => {
  it("shows a whole day of two ranges in every weekday field at 390 px", async () => {
    const page = await staffPage(browser, PHONE);
    await page.goto("/intern/opening");
    for (const [, label] of DAYS) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill("08:00 - 12:00 Uhr & 13:00 - 17:00 Uhr");
      const { scrollWidth, clientWidth } = await field.evaluate((input: HTMLInputElement) => ({ scrollWidth: input.scrollWidth, clientWidth: input.clientWidth }));
      expect(scrollWidth, label).toBeLessThanOrEqual(clientWidth);
    }
    await page.context().close();
  });
});

describe("Öffnungszeiten: Barrierefreiheit", () => {
  it("finds no axe violations (desktop dark, phone light, without scripts)", async () => {
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        await page.goto("/intern/opening");
        await expectNoAxeViolations(page);
      },
    );
  });
});
