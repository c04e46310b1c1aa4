import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, PHONE, workerChromium } from "./browser";
import { chooseLightTheme, expectNoAxeViolations, MODES, toasts, withoutAppScripts } from "./staff-helpers";
import { ACCOUNT_STAFF } from "./staff";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

type Account = { username: string; password: string };

/** A browser signed in to `account` through the real login form post. */
async function signedIn(account: Account, options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await openPage(browser, options);
  const response = await page.request.post("/intern/login", { form: account, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return page;
}

/** Whether the session in this browser still opens a staff page (without one, staff pages lead home). */
async function stillSignedIn(page: Page): Promise<boolean> {
  const response = await page.request.get("/intern/konto", { maxRedirects: 0 });
  return response.status() === 200;
}

describe.each(MODES)("Konto $name", ({ javaScriptEnabled }) => {
  // Shared, so the accessibility check below signs in with the password changed here.
  const account = javaScriptEnabled ? ACCOUNT_STAFF.withJs : ACCOUNT_STAFF.withoutJs;

  it("is linked before Abmelden and refuses a wrong current password and a mismatch at the fields", async () => {
    const page = await signedIn(account, { javaScriptEnabled });
    await page.goto("/intern/news");
    const nav = page.getByRole("navigation", { name: "Interne Navigation" });
    // Under "Mehr" (issue 39), its last link before Abmelden.
    await nav.locator("summary", { hasText: "Mehr" }).click();
    expect((await nav.getByRole("link").allTextContents()).at(-1)).toBe("Konto");
    await nav.getByRole("link", { name: "Konto" }).click();
    await page.waitForURL("**/intern/konto");
    // With JavaScript the address changes as the new page renders: wait for the page itself.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Konto");

    await page.getByLabel("Aktuelles Passwort").fill("ganz-falsches-passwort");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("Ein-neues-Passwort-1");
    await page.getByLabel("Neues Passwort wiederholen").fill("Ein-neues-Passwort-1");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect.poll(() => page.getByText("Das aktuelle Passwort stimmt nicht.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Aktuelles Passwort").getAttribute("aria-invalid")).toBe("true");
    // Passwords are never sent back into the page.
    expect(await page.getByLabel("Neues Passwort", { exact: true }).inputValue()).toBe("");

    await page.getByLabel("Aktuelles Passwort").fill(account.password);
    await page.getByLabel("Neues Passwort", { exact: true }).fill("Ein-neues-Passwort-1");
    await page.getByLabel("Neues Passwort wiederholen").fill("Ein-neues-Passwort-2");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect.poll(() => page.getByText("Die beiden neuen Passwörter stimmen nicht überein.").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Neues Passwort wiederholen").getAttribute("aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("changes the password, ends the other sessions and keeps this one; Überall abmelden ends all", async () => {
    const page = await signedIn(account, { javaScriptEnabled });
    const otherDevice = await signedIn(account);
    const changed = `${account.password}-neu`;

    await page.goto("/intern/konto");
    await page.getByLabel("Aktuelles Passwort").fill(account.password);
    await page.getByLabel("Neues Passwort", { exact: true }).fill(changed);
    await page.getByLabel("Neues Passwort wiederholen").fill(changed);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    // The login's own "Aktion Erfolgreich" may still stand: the other device's ended session proves the change.
    await expect.poll(() => stillSignedIn(otherDevice)).toBe(false);
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    account.password = changed;

    expect(await stillSignedIn(page)).toBe(true);
    const relogin = await signedIn(account);

    await page.getByRole("button", { name: "Überall abmelden" }).click();
    await page.waitForURL("**/intern/login");
    await expect.poll(() => page.getByText("Sie wurden auf allen Geräten abgemeldet.").count()).toBeGreaterThan(0);
    expect(await stillSignedIn(page)).toBe(false);
    expect(await stillSignedIn(relogin)).toBe(false);
    for (const context of [page, otherDevice, relogin].map((each) => each.context())) await context.close();
  });
});

describe("Konto: Barrierefreiheit", () => {
  it("finds no axe violations, also with errors shown", async () => {
    const account = ACCOUNT_STAFF.withJs;
    for (const [options, scripts, light] of [
      [{}, true, false],
      [PHONE, true, true],
      [{}, false, false],
    ] as const) {
      const page = await signedIn(account, options);
      if (!scripts) await withoutAppScripts(page);
      if (light) await chooseLightTheme(page);
      await page.goto("/intern/konto");
      await expectNoAxeViolations(page);
      await page.getByLabel("Aktuelles Passwort").fill("falsch-falsch-falsch");
      await page.getByLabel("Neues Passwort", { exact: true }).fill("Ein-neues-Passwort-1");
      await page.getByLabel("Neues Passwort wiederholen").fill("Ein-neues-Passwort-1");
      await page.getByRole("button", { name: "Passwort ändern" }).click();
      await expect.poll(() => page.getByText("Das aktuelle Passwort stimmt nicht.").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });
});
