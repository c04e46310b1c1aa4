import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, DESKTOP, openPage, PHONE, waitForHydration, workerChromium } from "./browser";
import { PHOTO_PICKER_LABEL } from "~/components/upload/photo-picker";
import { sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { drawnImage } from "./fixtures/images";
import { UPLOAD_PAGE } from "./fixtures/upload-page";
import { chooseLightTheme, MODES, staffAlerts, staffPage, submitLogin, toasts, uniqueTitle } from "./staff-helpers";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The painted colour behind an element: its own background, else the nearest ancestor's. */
function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") return colour;
    }
    return "rgb(255, 255, 255)";
  });
}

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

describe.each([
  { name: "Telefon, hell", options: PHONE, light: true },
  { name: "Desktop, dunkel", options: DESKTOP, light: false },
])("Toasts ($name)", ({ options, light }) => {
  it("shows the save's outcome inside the viewport, in its own colour, and hides it after about 5 s", async () => {
    const page = await staffPage(browser, options);
    if (light) await chooseLightTheme(page);
    await page.goto("/intern/opening");
    // The first view showed the login's own toast; a second view starts without one.
    await page.reload();
    await waitForHydration(page);
    expect(await toasts(page).textContent()).toBe("");
    await page.getByRole("button", { name: "Speichern" }).click();

    const box = toasts(page).locator("> *").filter({ hasText: "Aktion Erfolgreich" });
    await box.waitFor({ state: "visible" });
    const shownAt = Date.now();
    await expectInsideViewport(page, box);
    expect(await backgroundOf(box)).not.toBe(await backgroundOf(page.locator("body")));
    // The close control is a target a finger can hit.
    const close = (await box.getByRole("button", { name: "Hinweis schließen" }).boundingBox())!;
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);

    // Moved away so a hover does not pause the countdown.
    await page.mouse.move(0, 0);
    await expect.poll(() => box.isVisible()).toBe(false);
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await page.context().close();
  });
});

/**
 * Waits for the save's toast, then, in the same moment of the page (a toast lasts 5 s, which a
 * busy machine can spend between two round trips), reads where it is and hit-tests the controls a
 * finger reaches at their centre without it (`elementFromPoint`: in the viewport, not under the
 * sticky navigation bar) that it reaches no more with the toast showing. The toast's own close
 * button is not among them. Expects none; returns where the toast is.
 */
async function expectNothingUnderToast(page: Page) {
  const handle = await page.waitForFunction((text) => {
    const toaster = document.querySelector<HTMLElement>(".toaster");
    const toast = [...(toaster?.children ?? [])].filter((child) => child.textContent?.includes(text) && child.checkVisibility()).pop();
    if (!toaster || !toast) return null;
    const { x, y, width, height } = toast.getBoundingClientRect();
    const centre = (control: Element) => {
      const box = control.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2] as const;
    };
    const reached = (control: Element) => {
      const [cx, cy] = centre(control);
      const hit = cx >= 0 && cy >= 0 && cx <= innerWidth && cy <= innerHeight ? document.elementFromPoint(cx, cy) : null;
      return hit !== null && (hit === control || control.contains(hit) || hit.contains(control));
    };
    const controls = [...document.querySelectorAll("button, a.button, summary, input, textarea, select, .menu__toggle")].filter(
      (control) => !toaster.contains(control),
    );
    toaster.style.visibility = "hidden";
    const reachable = controls.filter(reached);
    toaster.style.visibility = "";
    const covered = reachable
      .filter((control) => !reached(control))
      .map((control) => control.textContent?.trim() || control.getAttribute("aria-label") || control.getAttribute("name") || control.tagName);
    return { box: { x, y, width, height }, covered };
  }, "Aktion Erfolgreich");
  const { box, covered } = (await handle.jsonValue())!;
  expect(covered).toEqual([]);
  return box;
}

describe.each(MODES)("Toasts auf dem Telefon $name", ({ javaScriptEnabled }) => {
  it("cover no button after a save at the foot of a form, nor after a tap in the middle of the enquiry card, nor the menu button", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/intern/opening");
    const save = page.getByRole("button", { name: "Speichern" }).first();
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expectNothingUnderToast(page);

    const { reference } = await sendEnquiry({ thema: "Lenkrad", beschreibung: "Lenkrad neu beziehen.", name: uniqueTitle("Toast"), telefon: "0221 123456" });
    const { id } = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
    await page.goto(`/intern/anfragen?anfrage=${id}`);
    const answered = page.getByRole("button", { name: "Beantwortet" });
    await answered.scrollIntoViewIfNeeded();
    await answered.click();
    await expectNothingUnderToast(page);
    await page.context().close();
  });
});

describe("Toasts und die Vorschau der Bilder", () => {
  it("leave the preview's action bar free when it opens again right after an upload", async () => {
    const page = await staffPage(browser, PHONE);
    await page.goto(UPLOAD_PAGE);
    const jpeg = await drawnImage(page, { width: 320, height: 240, type: "image/jpeg" });
    const chooser = page.getByLabel(PHOTO_PICKER_LABEL);
    const preview = page.getByRole("dialog", { name: "Vorschau der ausgewählten Bilder" });
    await page.getByLabel("Globale Beschreibung verwenden").check();
    await chooser.setInputFiles([{ name: "erstes.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await preview.getByLabel("Globale Beschreibung").fill(uniqueTitle("Toast Vorschau"));
    await preview.getByRole("button", { name: "Hochladen", exact: true }).click();
    await preview.waitFor({ state: "hidden" });
    // Where the toast is: fixed in the viewport, so it is there for as long as it shows.
    const toast = await expectNothingUnderToast(page);

    // At once the next photo, while the toast (usually still) shows.
    await chooser.setInputFiles([{ name: "zweites.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await preview.getByRole("button", { name: "Abbrechen" }).waitFor();
    for (const name of ["Abbrechen", "Hochladen"]) {
      const box = (await preview.getByRole("button", { name, exact: true }).boundingBox())!;
      const apart = box.y >= toast.y + toast.height || box.y + box.height <= toast.y || box.x >= toast.x + toast.width || box.x + box.width <= toast.x;
      expect(apart, name).toBe(true);
      // And a finger on its centre reaches it (hit-tested, whether the toast still shows or not).
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim() ?? null, [
        box.x + box.width / 2,
        box.y + box.height / 2,
      ]);
      expect(hit, name).toBe(name);
    }
    await page.context().close();
  });
});

describe("Toasts nach Seitenwechsel", () => {
  it("shows only the new page view's message after a wrong and then a right password", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto("/intern/login");
    await submitLogin(page, "falsches-passwort");
    await expect.poll(() => toasts(page).textContent()).toContain("Authentication failed");
    await submitLogin(page);
    await page.waitForURL("**/intern/news");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(await toasts(page).textContent()).not.toContain("Authentication failed");
    await page.context().close();
  });
});

describe("Fehler an Feldern", () => {
  it("marks an invalid field, describes it with the message and shows it with a visible border", async () => {
    const page = await staffPage(browser, PHONE);
    await page.goto("/intern/news");
    await waitForHydration(page);
    expect(await toasts(page).textContent()).toContain("Aktion Erfolgreich");
    const title = uniqueTitle("Leerer Text");
    await page.getByLabel("Titel").fill(title);
    // Spaces pass the browser's required check; the server refuses them.
    await page.getByLabel("Text").fill("   ");
    const untouchedBorder = await page.getByLabel("Titel").evaluate((element) => getComputedStyle(element).borderTopColor);
    await page.getByRole("button", { name: "Speichern" }).click();

    const field = page.getByLabel("Text");
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby"))!.split(" ");
    const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(messages.join(" ")).toContain("Text darf nicht leer sein.");
    const message = page.locator(`[id="${describedBy.at(-1)}"]`);
    expect(await message.isVisible()).toBe(true);
    expect(await message.locator("svg").count()).toBe(1);

    const style = await field.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { width: parseFloat(computed.borderTopWidth), colour: computed.borderTopColor, style: computed.borderTopStyle };
    });
    expect(style.style).toBe("solid");
    expect(style.width).toBeGreaterThanOrEqual(1);
    expect(style.colour).not.toBe(untouchedBorder);
    expect(await message.evaluate((element) => getComputedStyle(element).color)).toBe(style.colour);
    // The refusal replaces the login's "Aktion Erfolgreich" this page view opened with.
    await expect.poll(() => toasts(page).textContent()).toContain("Text darf nicht leer sein.");
    expect(await toasts(page).textContent()).not.toContain("Aktion Erfolgreich");
    await page.context().close();
  });
});

const BERLIN_DAY = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "numeric", month: "numeric", year: "numeric" });

describe("Wichtige Information auf dem Telefon", () => {
  it("posts a notice with start and end by choosing two days", async () => {
    const page = await staffPage(browser, PHONE);
    await page.goto("/intern/notification");
    await waitForHydration(page);
    const title = uniqueTitle("Zwei Tage");
    let taps = 0;
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.tap();
    };

    await tap(page.getByLabel("Titel"));
    await page.keyboard.type(title);
    await tap(page.getByLabel("Inhalt"));
    await page.keyboard.type("Nur zwei Tage gewählt.");

    // On a phone the dates are compact fields with quick days (no month calendars, issue 20).
    const start = page.getByRole("group", { name: "Start Datum" });
    const end = page.getByRole("group", { name: "End Datum" });
    expect(await start.locator(".rdp-root").isVisible()).toBe(false);
    await tap(start.getByRole("button", { name: "Heute", exact: true }));
    await tap(end.getByRole("button", { name: "In einer Woche", exact: true }));

    const summary = page.getByText(/^Sichtbar vom /);
    await expect.poll(() => summary.textContent()).toMatch(/^Sichtbar vom \d\d\.\d\d\.\d{4} - \d\d:\d\d bis \d\d\.\d\d\.\d{4} - 23:59$/);
    await tap(page.getByRole("button", { name: "Posten" }));
    // The login's own "Aktion Erfolgreich" may still stand, so the toast alone proves nothing yet.
    await expect.poll(() => page.getByText(title).count()).toBeGreaterThan(0);
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect(taps).toBeLessThanOrEqual(8);

    const stored = (await staffAlerts(token)).find((alert) => alert.title === title);
    try {
      expect(stored).toBeDefined();
      const inAWeek = BERLIN_DAY.format(new Date(Date.now() + 7 * 24 * 60 * 60_000));
      expect(BERLIN_DAY.format(new Date(stored!.toDate))).toBe(inAWeek);
      expect(Math.abs(new Date(stored!.fromDate).getTime() - Date.now())).toBeLessThan(30 * 60_000);
    } finally {
      if (stored) await apiCall("alert/delete", { token, json: { id: stored.id } });
    }

    // From 600 px the calendars are there: the chosen day is filled differently from today.
    await page.setViewportSize({ width: 768, height: 1024 });
    await end.getByRole("button", { name: "Morgen", exact: true }).click();
    const chosen = end.locator(".rdp-selected button");
    const today = end.getByRole("button", { name: /^Heute, / });
    await chosen.waitFor();
    if ((await today.count()) > 0) expect(await backgroundOf(chosen)).not.toBe(await backgroundOf(today));
    await page.context().close();
  });
});
