import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeContexts, openPage, workerChromium } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

it("serves a German page from the worker", async () => {
  const page = await openPage(browser);
  await page.goto("/");
  expect(await page.getAttribute("html", "lang")).toBe("de");
});
