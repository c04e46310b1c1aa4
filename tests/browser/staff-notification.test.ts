import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, openPage, waitForHydration, workerChromium } from "./browser";
import {
  expectNoAxeViolationsWithDialogs,
  inEveryAxeLook,
  loginViaForm,
  MODES,
  staffAlerts,
  staffPage,
  toasts,
  uniqueTitle,
} from "./staff-helpers";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** A year that is always ahead, but not so far that the calendar needs many clicks to reach it. */
const NEXT = new Date().getFullYear() + 1;

const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

/**
 * Enters a Berlin wall-clock time ("yyyy-MM-ddTHH:mm") the way a person would: in the
 * calendar and time field with JavaScript, in the plain datetime-local field without.
 */
async function enterDateTime(scope: Page | Locator, label: "Start Datum" | "End Datum", value: string, javaScript: boolean) {
  if (!javaScript) {
    await scope.getByLabel(label, { exact: true }).fill(value);
    return;
  }
  const [, year, month, day, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value)!;
  const group = scope.getByRole("group", { name: label, exact: true });
  const caption = `${MONTHS[Number(month) - 1]} ${year}`;
  const target = Number(year) * 12 + Number(month);
  for (let step = 0; step < 60; step += 1) {
    const shown = (await group.locator(".rdp-caption_label").textContent())!.trim();
    if (shown === caption) break;
    const [shownMonth, shownYear] = shown.split(" ");
    const current = Number(shownYear) * 12 + MONTHS.indexOf(shownMonth) + 1;
    await group.getByRole("button", { name: current > target ? "Zum vorherigen Monat" : "Zum nächsten Monat" }).click();
  }
  await group.getByRole("button", { name: new RegExp(`^(Heute, )?\\w+, ${Number(day)}\\. ${MONTHS[Number(month) - 1]} ${year}`) }).click();
  await group.getByLabel("Uhrzeit", { exact: true }).fill(time);
}

async function postAlert(
  page: Page,
  javaScript: boolean,
  alert: { title: string; text: string; from: string; to: string },
) {
  // The calendars exist only once JavaScript has taken over the plain date fields.
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("Titel").fill(alert.title);
  await page.getByLabel("Inhalt").fill(alert.text);
  await enterDateTime(page, "Start Datum", alert.from, javaScript);
  await enterDateTime(page, "End Datum", alert.to, javaScript);
  await page.getByRole("button", { name: "Posten" }).click();
}

const listItem = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

async function storedAlert(title: string) {
  return (await staffAlerts(token)).find((alert) => alert.title === title);
}

async function removeAlert(title: string) {
  const alert = await storedAlert(title);
  if (alert) await apiCall("alert/delete", { token, json: { id: alert.id } });
}

describe.each(MODES)("Wichtige Informationen $name", ({ javaScriptEnabled }) => {
  it("posts, edits and deletes an alert", async () => {
    const page = await openPage(browser, { javaScriptEnabled });
    await loginViaForm(page);
    await page.goto("/intern/notification");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Wichtige Informationen");
    const title = uniqueTitle("Betriebsferien");

    await postAlert(page, javaScriptEnabled, {
      title,
      text: "Die Werkstatt bleibt geschlossen.",
      from: `${NEXT}-07-01T08:00`,
      to: `${NEXT}-07-15T17:30`,
    });
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    const item = listItem(page, title);
    await expect.poll(() => item.textContent()).toContain(`01.07.${NEXT} - 08:00 bis 15.07.${NEXT} - 17:30`);
    expect(await item.textContent()).toContain("Die Werkstatt bleibt geschlossen.");
    expect(await item.textContent()).toContain("Geplant");
    expect(await storedAlert(title)).toMatchObject({
      text: "Die Werkstatt bleibt geschlossen.",
      fromDate: `${NEXT}-07-01T06:00:00.000Z`,
      toDate: `${NEXT}-07-15T15:30:00.000Z`,
    });
    // The create form is empty again for the next notice.
    expect(await page.getByLabel("Titel").inputValue()).toBe("");

    // Edit: the dialog opens with all four fields prefilled.
    await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Titel").inputValue()).toBe(title);
    expect(await dialog.getByLabel("Inhalt").inputValue()).toBe("Die Werkstatt bleibt geschlossen.");
    if (javaScriptEnabled) {
      expect(await dialog.getByRole("group", { name: "Start Datum" }).textContent()).toContain(`01.07.${NEXT} - 08:00`);
      const end = dialog.getByRole("group", { name: "End Datum" });
      expect(await end.getByLabel("Uhrzeit", { exact: true }).inputValue()).toBe("17:30");
    } else {
      expect(await dialog.getByLabel("Start Datum").inputValue()).toBe(`${NEXT}-07-01T08:00`);
      expect(await dialog.getByLabel("End Datum").inputValue()).toBe(`${NEXT}-07-15T17:30`);
    }
    const edited = `${title} verlängert`;
    await dialog.getByLabel("Titel").fill(edited);
    await enterDateTime(dialog, "End Datum", `${NEXT}-08-02T12:15`, javaScriptEnabled);
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).textContent()).toContain(`01.07.${NEXT} - 08:00 bis 02.08.${NEXT} - 12:15`);
    expect(await storedAlert(edited)).toMatchObject({ fromDate: `${NEXT}-07-01T06:00:00.000Z`, toDate: `${NEXT}-08-02T10:15:00.000Z` });

    // Delete with confirmation.
    await page.getByRole("link", { name: `Löschen: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Bist du sicher, dass du diesen Alert löschen möchtest?");
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => listItem(page, edited).count()).toBe(0);
    expect(await storedAlert(edited)).toBeUndefined();
    await page.context().close();
  });

  it("refuses an end before the start at the End Datum field and writes nothing", async () => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/notification");
    const title = uniqueTitle("Falsch herum");
    await postAlert(page, javaScriptEnabled, { title, text: "Ende vor Beginn", from: `${NEXT}-05-10T12:00`, to: `${NEXT}-05-09T12:00` });
    const message = "Das End Datum muss nach dem Start Datum liegen.";
    const field = javaScriptEnabled ? page.getByRole("group", { name: "End Datum" }) : page.locator(".staff-field").filter({ has: page.getByLabel("End Datum") });
    await expect.poll(() => field.textContent()).toContain(message);
    // The entries stay as typed.
    expect(await page.getByLabel("Titel").inputValue()).toBe(title);
    expect(await storedAlert(title)).toBeUndefined();
    await page.context().close();
  });

  it.each([
    {
      change: "March (01:59 is followed by 03:00)",
      from: "2026-03-29T01:59",
      to: "2026-03-29T03:00",
      fromIso: "2026-03-29T00:59:00.000Z",
      toIso: "2026-03-29T01:00:00.000Z",
      shown: "29.03.2026 - 01:59 bis 29.03.2026 - 03:00",
    },
    {
      // 02:30 does not exist that night; like a clock, it moves on by the hour skipped.
      change: "March (02:30 does not exist)",
      from: "2026-03-29T02:30",
      to: "2026-03-29T04:00",
      fromIso: "2026-03-29T01:30:00.000Z",
      toIso: "2026-03-29T02:00:00.000Z",
      shown: "29.03.2026 - 03:30 bis 29.03.2026 - 04:00",
    },
    {
      // 02:30 happens twice; the first (summer time) is meant.
      change: "October (02:30 exists twice)",
      from: "2026-10-25T02:30",
      to: "2026-10-25T03:00",
      fromIso: "2026-10-25T00:30:00.000Z",
      toIso: "2026-10-25T02:00:00.000Z",
      shown: "25.10.2026 - 02:30 bis 25.10.2026 - 03:00",
    },
  ])("keeps Berlin time across the $change change", async ({ from, to, fromIso, toIso, shown }) => {
    const page = await staffPage(browser, { javaScriptEnabled });
    await page.goto("/intern/notification");
    const title = uniqueTitle("Zeitumstellung");
    await postAlert(page, javaScriptEnabled, { title, text: "Sommerzeit", from, to });
    await expect.poll(() => listItem(page, title).textContent()).toContain(shown);
    expect(await storedAlert(title)).toMatchObject({ fromDate: fromIso, toDate: toIso });
    await removeAlert(title);
    await page.context().close();
  });
});

describe("Wichtige Informationen in einer anderen Zeitzone", () => {
  it("enters and shows Berlin time in a browser set to New York", async () => {
    const page = await staffPage(browser, { timezoneId: "America/New_York" });
    await page.goto("/intern/notification");
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
    const title = uniqueTitle("New York");
    await postAlert(page, true, { title, text: "Zeitzone", from: "2026-03-29T01:59", to: "2026-10-25T02:30" });
    await expect.poll(() => listItem(page, title).textContent()).toContain("29.03.2026 - 01:59 bis 25.10.2026 - 02:30");
    expect(await storedAlert(title)).toMatchObject({ fromDate: "2026-03-29T00:59:00.000Z", toDate: "2026-10-25T00:30:00.000Z" });

    // The edit dialog shows the same wall-clock values back.
    await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.waitFor();
    expect(await dialog.getByRole("group", { name: "Start Datum" }).textContent()).toContain("29.03.2026 - 01:59");
    const start = dialog.getByRole("group", { name: "Start Datum" });
    expect(await start.getByLabel("Uhrzeit", { exact: true }).inputValue()).toBe("01:59");
    expect(await dialog.getByRole("group", { name: "End Datum" }).textContent()).toContain("25.10.2026 - 02:30");
    await removeAlert(title);
    await page.context().close();
  });
});

describe("Wichtige Informationen: Status", () => {
  it("marks alerts as aktiv, geplant or abgelaufen", async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const base = uniqueTitle("Status");
    const cases = [
      { title: `${base} läuft`, from: now - hour, to: now + hour, badge: "Aktiv" },
      { title: `${base} kommt`, from: now + 24 * hour, to: now + 48 * hour, badge: "Geplant" },
      { title: `${base} vorbei`, from: now - 48 * hour, to: now - 24 * hour, badge: "Abgelaufen" },
    ];
    for (const item of cases) {
      await apiCall("alert/save", {
        token,
        json: { title: item.title, text: "Status", fromDate: new Date(item.from).toISOString(), toDate: new Date(item.to).toISOString() },
      });
    }
    try {
      const page = await staffPage(browser);
      await page.goto("/intern/notification");
      for (const item of cases) {
        expect(await listItem(page, item.title).locator(".staff-badge").textContent(), item.title).toBe(item.badge);
      }
      await page.context().close();
    } finally {
      // An active alert would pop up on the public pages other test files visit.
      for (const item of cases) await removeAlert(item.title);
    }
  });
});

describe("Wichtige Informationen: Barrierefreiheit", () => {
  it("finds no axe violations on the page and in both dialogs (desktop dark, phone light, without scripts)", async () => {
    const title = uniqueTitle("Axe");
    await apiCall("alert/save", {
      token,
      json: { title, text: "Prüfung", fromDate: "2031-01-01T09:00:00.000Z", toDate: "2031-01-02T09:00:00.000Z" },
    });
    const alert = (await storedAlert(title))!;
    try {
      await inEveryAxeLook(
        (options) => staffPage(browser, options),
        (page) => expectNoAxeViolationsWithDialogs(page, "/intern/notification", alert.id),
      );
    } finally {
      await removeAlert(title);
    }
  });
});
