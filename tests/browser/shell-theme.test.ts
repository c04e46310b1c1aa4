import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, DESKTOP, openPage, PHONE, waitForHydration, workerChromium } from "./browser";
import { cookie, settleShell } from "./shell-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const themeSwitch = (page: Page) => page.locator("footer").getByRole("button", { name: "Dunkles Design" });
const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The theme must be in the server's HTML itself, so the page never flashes the wrong colours. */
async function serverTheme(page: Page, path = "/"): Promise<string | undefined> {
  const response = await page.goto(path);
  return /<html[^>]*data-theme="(\w+)"/.exec((await response?.text()) ?? "")?.[1];
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("theme switch (%s)", (_name, device) => {
  it("is dark by default and switches to light at once with JavaScript, persisted across reloads", async () => {
    const page = await openPage(browser, device);
    await settleShell(page.context());
    expect(await serverTheme(page)).toBe("dark");
    expect(await themeSwitch(page).getAttribute("aria-pressed")).toBe("true");
    const darkBackground = await background(page);
    await waitForHydration(page);

    await themeSwitch(page).click();
    await expect.poll(() => shownTheme(page)).toBe("light");
    expect(await background(page)).not.toBe(darkBackground);
    expect(await themeSwitch(page).getAttribute("aria-pressed")).toBe("false");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    expect((await cookie(page.context(), "theme"))?.value).toBe("light");

    expect(await serverTheme(page, "/impressum")).toBe("light");
    await waitForHydration(page);
    await themeSwitch(page).click();
    await expect.poll(() => shownTheme(page)).toBe("dark");
    expect(await serverTheme(page)).toBe("dark");
    await page.context().close();
  });

  it("works as a form without JavaScript and returns to the same page", async () => {
    const page = await openPage(browser, { ...device, javaScriptEnabled: false });
    await settleShell(page.context());
    await page.goto("/impressum");
    await themeSwitch(page).click();
    await page.waitForURL((url) => url.pathname === "/impressum");
    expect(await shownTheme(page)).toBe("light");
    expect(await themeSwitch(page).getAttribute("aria-pressed")).toBe("false");
    expect(await serverTheme(page, "/")).toBe("light");
    await page.context().close();
  });
});

it("a theme stored only in localStorage applies before the first paint", async () => {
  const page = await openPage(browser, DESKTOP);
  await settleShell(page.context());
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.context().clearCookies({ name: "theme" });
  await page.reload();
  expect(await shownTheme(page)).toBe("light");
  expect((await cookie(page.context(), "theme"))?.value).toBe("light");
  await expect.poll(() => themeSwitch(page).getAttribute("aria-pressed")).toBe("false");
  await page.context().close();
});
