import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatShortDay, workshopDate } from "~/lib/dates";
import { describeReading, readDayText, WEEKDAYS } from "~/lib/opening-hours";
import { apiCall, apiToken, closeContexts, openPage, workerChromium } from "./browser";
import { expectNoAxeViolationsWithDialogs, inEveryAxeLook, MODES, staffPage, toasts, uniqueTitle } from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

interface Special {
  id: string;
  title: string;
  hours: string;
  fromDate: string;
  toDate: string;
}

// Days from Berlin's today, far enough ahead that a run crossing midnight changes nothing.
const day = (offset: number) => addDays(workshopDate(new Date()), offset);
const stored = async () => (await apiCall("opening/special/get?limit=100")) as Special[];
const listItem = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

describe.each(MODES)("Sonderzeiten $name", ({ javaScriptEnabled }) => {
  it("adds, edits and deletes a special entry with confirmation, and the footer lists it", async () => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/opening");
    const title = uniqueTitle("Betriebsferien");
    const edited = `${title} verlängert`;

    const form = page.getByRole("region", { name: "Sonderzeiten" });
    await form.getByLabel("Anlass").fill(title);
    await form.getByLabel("Von").fill(day(3));
    await form.getByLabel("Bis").fill(day(5));
    await form.getByLabel("Zeiten").fill("Geschlossen");
    await form.getByRole("button", { name: "Hinzufügen" }).click();
    await expect.poll(() => listItem(page, title).count()).toBe(1);
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await listItem(page, title).textContent()).toContain("Geschlossen");
    expect((await stored()).find((entry) => entry.title === title)).toMatchObject({ fromDate: day(3), toDate: day(5) });

    // The footer of the public site lists it above the week; the contact page, whose footer
    // leaves the hours out, lists it in the page.
    const listed = `${formatShortDay(day(3))}–${formatShortDay(day(5))} ${title}: Geschlossen`;
    const visitor = await openPage(browser, { javaScriptEnabled });
    await visitor.goto("/about");
    expect(await visitor.locator("footer").textContent()).toContain(listed);
    await visitor.goto("/standort");
    expect(await visitor.locator("main").textContent()).toContain(listed);
    await visitor.context().close();

    await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Bis").inputValue()).toBe(day(5));
    await dialog.getByLabel("Anlass").fill(edited);
    await dialog.getByLabel("Bis").fill(day(9));
    await dialog.getByLabel("Zeiten").fill("10:00 - 12:00Uhr");
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).textContent()).toContain("10:00 - 12:00Uhr");
    expect((await stored()).find((entry) => entry.title === edited)).toMatchObject({ toDate: day(9), hours: "10:00 - 12:00Uhr" });

    await page.getByRole("link", { name: `Löschen: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Bist du sicher, dass du diese Sonderzeit löschen möchtest?");
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).count()).toBe(0);
    expect((await stored()).map((entry) => entry.title)).not.toContain(edited);
    await page.context().close();
  });

  it("refuses Bis before Von in German and keeps what was typed", async () => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/opening");
    const title = uniqueTitle("Rückwärts");
    const form = page.getByRole("region", { name: "Sonderzeiten" });
    await form.getByLabel("Anlass").fill(title);
    await form.getByLabel("Von").fill(day(6));
    await form.getByLabel("Bis").fill(day(4));
    await form.getByLabel("Zeiten").fill("Geschlossen");
    await form.getByRole("button", { name: "Hinzufügen" }).click();
    await expect.poll(() => page.getByText("Bis darf nicht vor Von liegen.").count()).toBeGreaterThan(0);
    expect(await form.getByLabel("Anlass").inputValue()).toBe(title);
    expect(await form.getByLabel("Bis").getAttribute("aria-invalid")).toBe("true");
    expect((await stored()).map((entry) => entry.title)).not.toContain(title);
    await page.context().close();
  });
});

describe("Sonderzeiten: Liste und Wochentage", () => {
  it("leaves out entries that are over and shows how each weekday was understood", async () => {
    const token = await apiToken();
    const past = uniqueTitle("Vorbei");
    const current = uniqueTitle("Läuft noch");
    await apiCall("opening/special/save", { token, json: { title: past, hours: "Geschlossen", fromDate: day(-9), toDate: day(-2) } });
    await apiCall("opening/special/save", { token, json: { title: current, hours: "Geschlossen", fromDate: day(-9), toDate: day(2) } });
    const page = await staffPage(browser);
    await page.goto("/intern/opening");
    expect(await listItem(page, current).count()).toBe(1);
    expect(await listItem(page, past).count()).toBe(0);

    // The week is shared with other test files, so each field is checked against what is stored now.
    const hours = (await apiCall("opening/get")) as Record<string, string>;
    for (const { key, label } of WEEKDAYS) {
      const field = page.getByLabel(label, { exact: true });
      const note = page.locator(`[id="${await field.getAttribute("aria-describedby")}"]`);
      expect(await note.textContent(), label).toBe(describeReading(readDayText(hours[key])));
    }
    await page.context().close();
  });

  it("finds no axe violations on the page and its dialogs", async () => {
    const token = await apiToken();
    const entry = (await apiCall("opening/special/save", {
      token,
      json: { title: uniqueTitle("Inventur"), hours: "10:00 - 14:00Uhr", fromDate: day(4), toDate: day(4) },
    })) as Special;
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      (page) => expectNoAxeViolationsWithDialogs(page, "/intern/opening", entry.id),
    );
  });
});
