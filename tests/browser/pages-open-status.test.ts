import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, openPage, workerChromium } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

describe("open-now line", () => {
  it("stands in the footer and on the contact page", async () => {
    const token = await apiToken();
    const before = await apiCall("opening/get");
    // Open until 23:59 every day: whatever the hour, the line changes within a day.
    await apiCall("opening/save", { token, json: { date: Object.fromEntries(DAYS.map((day) => [day, "00:00 - 23:59 Uhr"])) } });
    try {
      const page = await openPage(browser);
      const line = /^Jetzt (geöffnet|geschlossen)/;
      await page.goto("/about");
      expect(await page.locator("footer").getByText(line).count()).toBe(1);
      // The contact page shows it once, in the page: its footer leaves the hours out.
      await page.goto("/standort");
      await expect.poll(() => page.getByText(line).count()).toBe(1);
      expect(await page.locator("main").getByText(line).count()).toBe(1);

      // Every public page is a document or made of islands (decision 018): as fresh as its view, and
      // the edge cache keeps no copy past the line's next change (decision 010, tested in workerd).
      await page.goto("/");
      expect(await page.locator("footer").getByText(line).count()).toBe(1);
      await page.context().close();
    } finally {
      await apiCall("opening/save", { token, json: { date: before } });
    }
  });
});
