import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, openPage, waitForHydration, workerChromium } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

describe("open-now line", () => {
  it("stands in the footer and on the contact page, and a hydrated page fetches it again when it changes", async () => {
    const token = await apiToken();
    const before = await apiCall("opening/get");
    // Open until 23:59 every day: whatever the hour, the line changes within a day.
    await apiCall("opening/save", { token, json: { date: Object.fromEntries(DAYS.map((day) => [day, "00:00 - 23:59 Uhr"])) } });
    try {
      const page = await openPage(browser);
      await page.clock.install();
      const line = /^Jetzt (geöffnet|geschlossen)/;
      await page.goto("/about");
      expect(await page.locator("footer").getByText(line).count()).toBe(1);
      // The contact page shows it once, in the page: its footer leaves the hours out.
      await page.goto("/standort");
      await expect.poll(() => page.getByText(line).count()).toBe(1);
      expect(await page.locator("main").getByText(line).count()).toBe(1);

      // A page that hydrates fetches it again when it changes; a document page is as fresh as its view (decision 018).
      await page.goto("/");
      await waitForHydration(page);

      // Special entries left by other files may move the next change beyond a day: go exactly there.
      const changesAt = await page.evaluate(
        () =>
          (window as unknown as { __remixContext: { state: { loaderData: Record<string, { opening: { statusChangesAt: string | null } }> } } })
            .__remixContext.state.loaderData["routes/_public"].opening.statusChangesAt,
      );
      expect(changesAt).not.toBeNull();
      const untilChange = Date.parse(changesAt!) - (await page.evaluate(() => Date.now()));
      const refetch = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"));
      await page.clock.fastForward(Math.max(0, untilChange) + 2_000);
      await refetch;
      await page.context().close();
    } finally {
      await apiCall("opening/save", { token, json: { date: before } });
    }
  });
});
