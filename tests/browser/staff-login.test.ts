import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, openPage, STAFF, workerChromium } from "./browser";
import {
  expectNoAxeViolations,
  inEveryAxeLook,
  loginViaForm,
  MODES,
  newsTitles,
  plantSessionCookie,
  sessionTokenOf,
  staffPage,
  submitLogin,
  toasts,
  uniqueTitle,
} from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

const STAFF_PAGES = ["/intern/news", "/intern/opening", "/intern/notification"];

describe.each(MODES)("Anmeldung $name", ({ javaScriptEnabled }) => {
  it("logs in with Enter, lands on News with a toast, and logs out again", async () => {
    const page = await openPage(browser, { javaScriptEnabled });
    await page.goto("/intern/login");
    await expect.poll(() => page.getByRole("link", { name: "Zur Startseite" }).count()).toBe(1);
    await page.getByLabel("Benutzername").fill(STAFF.username);
    await page.getByLabel("passwort").fill(STAFF.password);
    await page.getByLabel("passwort").press("Enter");
    await page.waitForURL("**/intern/news");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");

    const token = await sessionTokenOf(page);
    // The cookie is the real session: the API accepts it as token.
    await apiCall("alert/get", { token });

    // A stored session skips the login form.
    await page.goto("/intern/login");
    expect(new URL(page.url()).pathname).toBe("/intern/news");

    // "Abmelden" in the navigation posts this form; the session ends on the server.
    const logout = await page.request.post("/intern/logout", { maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    expect(logout.headers()["location"]).toBe("/intern/login");
    await page.goto("/intern/news");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(apiCall("news/save", { token, json: { title: "x", text: "y" } })).rejects.toThrow("401");
    await page.context().close();
  });

  it("shows 'Authentication failed' and keeps the username after a wrong password", async () => {
    const page = await openPage(browser, { javaScriptEnabled });
    await page.goto("/intern/login");
    await submitLogin(page, "falsches-passwort");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Authentication failed");
    expect(await page.getByLabel("Benutzername").inputValue()).toBe(STAFF.username);
    expect(new URL(page.url()).pathname).toBe("/intern/login");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "sitzung")).toBe(false);

    // The right password still works right after (and clears the failure count).
    await page.getByLabel("passwort").fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/intern/news");
    await page.context().close();
  });
});

describe("Zugang ohne Sitzung", () => {
  // Issue 20 changed SPEC §2's container entry: with a session it is the staff start, no longer News.
  it("/intern leads to Login without a session, back to /intern after it, and shows the staff start with one", async () => {
    const visitor = await openPage(browser);
    await visitor.goto("/intern");
    expect(new URL(visitor.url()).pathname).toBe("/intern/login");
    await submitLogin(visitor);
    await visitor.waitForURL((url) => url.pathname === "/intern");
    await visitor.context().close();

    const staff = await staffPage(browser);
    await staff.goto("/intern");
    expect(new URL(staff.url()).pathname).toBe("/intern");
    for (const name of ["Anfragen", "Fotos hochladen", "Neuigkeit schreiben", "Wichtige Information", "Öffnungszeiten"]) {
      expect(await staff.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
    }
    await staff.context().close();
  });

  it("sends visitors of every staff page to the home page", async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    for (const path of STAFF_PAGES) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe("/");
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/");
    }
    // A forged cookie is no better than none.
    await plantSessionCookie(page, "ausgedacht");
    await page.goto("/intern/news");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("changes nothing when an action is posted without a session", async () => {
    const token = await apiToken();
    const page = await openPage(browser);
    const title = uniqueTitle("Ohne Sitzung");
    const hoursBefore = await apiCall("opening/get");
    const alertsBefore = (await apiCall("alert/get", { token })) as unknown[];
    const news = (await apiCall("news/get?limit=1")) as { id: string; title: string }[];

    const posts: [string, Record<string, string>][] = [
      ["/intern/news", { intent: "create", title, text: "Darf nicht erscheinen" }],
      ["/intern/news", { intent: "update", id: news[0]?.id ?? "x", title, text: "Darf nicht erscheinen" }],
      ["/intern/news", { intent: "delete", id: news[0]?.id ?? "x" }],
      ["/intern/opening", { intent: "save", monday: title, tuesday: title, wednesday: title, thursday: title, friday: title, saturday: title, sunday: title }],
      ["/intern/notification", { intent: "create", title, text: "Darf nicht erscheinen", fromDate: "2030-01-01T10:00", toDate: "2030-01-02T10:00" }],
    ];
    for (const [path, form] of posts) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toContain("/intern/login?abgelaufen=1");
    }

    expect(await newsTitles()).not.toContain(title);
    expect(((await apiCall("news/get?limit=1")) as { id: string; title: string }[])[0]).toEqual(news[0]);
    expect(await apiCall("opening/get")).toEqual(hoursBefore);
    expect(await apiCall("alert/get", { token })).toEqual(alertsBefore);
    await page.context().close();
  });

  it.each(MODES)("leads back to login with a message when the session ended mid-work ($name)", async ({ javaScriptEnabled }) => {
    const page = await openPage(browser, { javaScriptEnabled });
    await loginViaForm(page);
    // The session ends elsewhere (expiry, logout on another device) while the form is open.
    await apiCall("auth/logout", { token: await sessionTokenOf(page), json: {} });

    const title = uniqueTitle("Abgelaufen");
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Text").fill("Darf nicht gespeichert werden");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.waitForURL("**/intern/login?abgelaufen=1**");
    await expect
      .poll(() => page.getByText("Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.").count())
      .toBe(1);
    expect(await newsTitles()).not.toContain(title);

    // Logging in again returns to the page that was being worked on.
    await submitLogin(page);
    await page.waitForURL("**/intern/news");
    await page.context().close();
  });
});

describe("Barrierefreiheit", () => {
  it("finds no axe violations on the login page (desktop dark, phone light, without scripts)", async () => {
    await inEveryAxeLook(
      (options) => openPage(browser, options),
      async (page) => {
        await page.goto("/intern/login?abgelaufen=1");
        await expectNoAxeViolations(page);
      },
    );
  });
});
