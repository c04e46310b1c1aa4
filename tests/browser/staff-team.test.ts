import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_GONE } from "~/lib/activity";
import { closeContexts, openPage, PHONE, workerChromium } from "./browser";
import { unique } from "./fixtures/upload-page";
import { chooseLightTheme, expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts, withoutAppScripts } from "./staff-helpers";

/*
 * The Team page on a phone, with and without JavaScript: invite a colleague, who accepts in a
 * browser of their own and is signed in; remove them, and their session ends at once. axe on the
 * Team page, its confirmation and the invitation's page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const TEAM = "/intern/team";

const member = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

/** "Mitarbeiter einladen" on the Team page; returns the newest link as the page shows it to copy. */
async function invite(page: Page): Promise<string> {
  await page.goto(TEAM);
  const before = await page.getByLabel(/^Einladungslink/).count();
  await page.getByRole("button", { name: "Mitarbeiter einladen" }).click();
  await expect.poll(() => toasts(page).textContent()).toContain("Einladung erstellt");
  await expect.poll(() => page.getByLabel(/^Einladungslink/).count()).toBe(before + 1);
  return page.getByLabel(/^Einladungslink/).first().inputValue();
}

describe.each(MODES)("the Team page on a phone $name", ({ javaScriptEnabled }) => {
  it("invites a colleague, who accepts in a second browser and is signed in, and removes them again", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled, permissions: ["clipboard-read", "clipboard-write"] });
    const link = await invite(page);
    expect(link).toMatch(/\/intern\/einladung\/[\w-]+\.[\w-]+$/);
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Link kopieren" }).first().click();
      await page.getByRole("status").filter({ hasText: "Kopiert" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    }

    // The colleague, on a phone of their own.
    const name = unique("kollegin");
    const password = "Polster-und-Leder-2026";
    const colleague = await openPage(browser, { ...PHONE, javaScriptEnabled });
    await colleague.goto(link);
    await colleague.getByRole("heading", { name: "Einladung ins Team" }).waitFor();
    await colleague.getByLabel("Benutzername").fill(name);
    await colleague.getByLabel("Passwort", { exact: true }).fill(password);
    await colleague.getByLabel("Passwort wiederholen").fill(password);
    await colleague.getByRole("button", { name: "Konto anlegen" }).click();
    await colleague.waitForURL((url) => url.pathname === "/intern/news");
    await expect.poll(() => toasts(colleague).textContent()).toContain("Willkommen im Team");

    // The link is used up, for anyone.
    const again = await openPage(browser, { ...PHONE, javaScriptEnabled });
    expect((await again.goto(link))?.status()).toBe(410);
    await again.getByText(INVITATION_GONE).waitFor();
    await again.context().close();

    await page.goto(TEAM);
    await member(page, name).getByText("1 aktive Anmeldung").waitFor();
    await member(page, name).getByRole("link", { name: `Entfernen: ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Konto entfernen" });
    await confirm.getByText("Alle Anmeldungen dieses Kontos enden sofort", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Entfernen" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    await expect.poll(() => member(page, name).count()).toBe(0);

    // Their session ended at once: a staff page sends them home.
    expect((await colleague.request.get("/intern/news", { maxRedirects: 0 })).status()).toBe(302);
    await colleague.context().close();
    await page.context().close();
  });
});

describe("accessibility of the Team page and the invitation", () => {
  it("has no axe violations on the list, its confirmation, an open invitation and a used one, in every look", async () => {
    const setup = await staffPage(browser);
    const link = await invite(setup);
    await setup.context().close();
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        const removable = await page.goto(TEAM).then(() => page.getByRole("link", { name: /^Entfernen: / }).first());
        const paths = [TEAM];
        if ((await removable.count()) > 0) paths.push((await removable.getAttribute("href"))!);
        for (const path of paths) {
          await page.goto(path);
          if (path.includes("entfernen")) await page.getByRole("dialog").waitFor();
          await expectNoAxeViolations(page);
        }
      },
    );
    for (const [options, scripts, light] of [
      [{}, true, false],
      [PHONE, true, true],
      [{}, false, false],
    ] as const) {
      const visitor = await openPage(browser, options);
      if (!scripts) await withoutAppScripts(visitor);
      if (light) await chooseLightTheme(visitor);
      for (const path of [new URL(link).pathname, "/intern/einladung/erfunden.AAAA"]) {
        await visitor.goto(path);
        await expectNoAxeViolations(visitor);
      }
      await visitor.context().close();
    }
  });
});
