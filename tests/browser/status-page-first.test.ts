import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { dayPlan, type Schedule, type SpecialDay } from "~/lib/open-status";
import type { OpeningHours } from "~/lib/opening-hours";
import { apiCall, apiToken, closeContexts, PHONE, workerChromium } from "./browser";
import { sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { unique } from "./fixtures/upload-page";
import { openSettledPage } from "./pages-fixtures";
import { chooseLightTheme, expectNoAxeViolations, MODES, withoutAppScripts } from "./staff-helpers";

/*
 * The status page leads with the one thing to do (issue 38), on a 390 px phone with and without
 * JavaScript: the waiting price and its button inside the first screen, the confirmation first
 * (and focused) after the answer, the dates as large radio cards without a month grid, no notice
 * popup over it, and axe clean.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The next open days the site can read, at their first opening. */
async function openSlots(count: number): Promise<string[]> {
  const week = (await apiCall("opening/get")) as OpeningHours;
  const special = (await apiCall("opening/special/get?limit=100")) as SpecialDay[];
  const schedule: Schedule = { week, special };
  const slots: string[] = [];
  for (let offset = 1; slots.length < count && offset < 60; offset++) {
    const plan = dayPlan(schedule, addDays(workshopDate(new Date()), offset));
    if (plan.reading.kind === "open") slots.push(`${plan.date}T${plan.reading.ranges[0].opens}`);
  }
  return slots;
}

/** An enquiry with a Richtpreis waiting (and, when asked, three proposed dates): its status page's address. */
async function pricedEnquiry({ dates = false } = {}): Promise<string> {
  const name = unique("Kundin Zuerst");
  const { location, reference } = await sendEnquiry({ thema: "Autositze", beschreibung: "Fahrersitz W124: Wange durchgesessen.", name, telefon: "0221 555123" });
  const { id } = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
  const token = await apiToken();
  const items = [
    { text: "Sitzwange Fahrersitz neu beziehen (Leder)", quantity: 1, unitPriceGross: 28900 },
    { text: "Polster aufarbeiten", quantity: 1, unitPriceGross: 6500 },
  ];
  await apiCall("enquiry/quote", { token, json: { id, kind: "richtpreis", items, validUntil: addDays(workshopDate(new Date()), 30), note: "" } });
  if (dates) await apiCall("enquiry/propose", { token, json: { id, slots: await openSlots(3) } });
  return location;
}

/** Whether the element lies wholly inside the first screen. */
async function inFirstScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** axe over the page as it is; without JavaScript axe cannot run, so the same address without the app's scripts. */
async function axeAsSeen(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return expectNoAxeViolations(page);
  const plain = await openSettledPage(browser, PHONE);
  await withoutAppScripts(plain);
  await plain.goto(page.url());
  await expectNoAxeViolations(plain);
  await plain.context().close();
}

describe.each(MODES)("the status page on a phone $name", ({ javaScriptEnabled }) => {
  it("shows the waiting price and its button in the first screen, and after the answer the confirmation first", async () => {
    const location = await pricedEnquiry();
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(location);
    const button = page.getByRole("button", { name: "Richtpreis passt – Termin vereinbaren" });
    await button.waitFor();
    expect(await page.getByText("Neu für Sie").isVisible()).toBe(true);
    expect(await inFirstScreen(page, ".status-page__total")).toBe(true);
    expect(await inFirstScreen(page, ".status-page__answer")).toBe(true);
    // The link folds away after the first visit; no "Preis anfragen" above her own enquiry.
    expect(await page.getByRole("heading", { name: "Diesen Link aufbewahren" }).count()).toBe(0);
    expect(await page.getByText("Link kopieren", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Preis anfragen" }).count()).toBe(0);

    await button.click();
    await page.waitForURL((url) => url.searchParams.get("antwort") === "annehmen");
    const confirmation = page.locator("#bestaetigung");
    await confirmation.getByText("Sie haben den Richtpreis bestätigt. Vielen Dank!").waitFor();
    // First in the page, at the top of the screen, below the sticky bar.
    const first = await page.evaluate(() => document.querySelector(".status-page")?.firstElementChild?.id);
    expect(first).toBe("bestaetigung");
    expect(await inFirstScreen(page, "#bestaetigung")).toBe(true);
    if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("bestaetigung");
    await axeAsSeen(page, javaScriptEnabled);
  });

  it("offers the dates as large radio cards without a month grid, and the chosen one with „Termin verschieben“", async () => {
    const location = await pricedEnquiry({ dates: true });
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(location);
    const choices = page.getByRole("radio");
    expect(await choices.count()).toBe(3);
    expect(await page.locator(".rdp-root, .rdp-month_grid, [role='grid']").count()).toBe(0);
    for (const card of await page.locator(".slot-choice__option").all()) {
      const box = (await card.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThan(300);
    }
    // A tap anywhere on the card chooses it.
    await page.locator(".slot-choice__option").nth(2).click({ position: { x: 280, y: 20 } });
    expect(await choices.nth(2).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Diesen Termin wählen" }).click();
    await page.waitForURL((url) => url.searchParams.get("antwort") === "termin-waehlen");
    await page.locator("#bestaetigung").getByText(/^Ihr Termin steht: (Mo|Di|Mi|Do|Fr|Sa)\., \d{1,2}\. .+, \d{2}:\d{2} Uhr\.$/).waitFor();
    await page.locator("section#termin").getByRole("button", { name: "Termin verschieben" }).waitFor();
    await axeAsSeen(page, javaScriptEnabled);
  });
});

describe("notices on a status page", () => {
  it("opens no notice popup on a status page while a notice is active, and says it as a line in „Stand“; axe clean in both themes", async () => {
    const location = await pricedEnquiry({ dates: true });
    // Visitors settled before the notice: any other page would now open it.
    const looks = [await openSettledPage(browser, PHONE), await openSettledPage(browser, PHONE), await openSettledPage(browser, PHONE)];
    await chooseLightTheme(looks[1]);
    await withoutAppScripts(looks[2]);
    const token = await apiToken();
    const title = unique("Betriebsferien");
    const now = Date.now();
    const alert = (await apiCall("alert/save", {
      token,
      json: { title, text: "Vom 24.12. bis 2.1. geschlossen.", fromDate: new Date(now - 60_000).toISOString(), toDate: new Date(now + 3_600_000).toISOString() },
    })) as { id: string };
    try {
      for (const page of looks) {
        await page.goto(location);
        await page.locator("#stand").getByText(title).waitFor();
        expect(await page.locator("dialog, [role='dialog'], [role='alertdialog']").filter({ hasText: title }).count()).toBe(0);
        await expectNoAxeViolations(page);
      }
      // The same visitor's next public page does open it: the notice is live, only the status page leaves it out.
      await looks[0].goto("/kontakt");
      await looks[0].getByRole("dialog").getByText(title).waitFor();
    } finally {
      await apiCall("alert/delete", { token, json: { id: alert.id } });
    }
  });
});
