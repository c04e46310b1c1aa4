import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { closeContexts, waitForHydration, workerChromium } from "./browser";
import { openSettledPage } from "./pages-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

it("hydrates a page served from the edge cache without any Content-Security-Policy violation", async () => {
  const page = await openSettledPage(browser);
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });

  // The session's first view sets the seen-alerts cookie and is never stored; later ones are.
  await page.goto("/referenz");
  await expect
    .poll(async () => (await page.goto("/referenz"))?.headers()[CACHE_STATUS_HEADER.toLowerCase()])
    .toBe("HIT");
  await waitForHydration(page);
  // Hydrated: the gallery's viewer is an island (decision 018), hydrated and switched, and its script came in under the policy.
  expect(await page.locator('[data-island="viewer"]').getAttribute("data-island-ready")).toBe("");
  expect(violations).toEqual([]);
});
