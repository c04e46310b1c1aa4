import { axeViolations } from "./axe";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { THEME_COOKIE } from "~/lib/preferences";
import { againAfterDevRestart, apiCall, baseURL, openPage, pagesWithoutAppScripts, PHONE, STAFF } from "./browser";

/** Titles no other test (or earlier run against the shared database) can have. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

type Mode = { name: string; javaScriptEnabled: boolean };
export const MODES: Mode[] = [
  { name: "mit JavaScript", javaScriptEnabled: true },
  { name: "ohne JavaScript", javaScriptEnabled: false },
];

/** Fills in and sends the login form on the current page. */
export async function submitLogin(page: Page, password = STAFF.password) {
  await page.getByLabel("Benutzername").fill(STAFF.username);
  await page.getByLabel("passwort").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Logs in through the login form, as a staff member would. */
export async function loginViaForm(page: Page) {
  await page.goto("/intern/login");
  await submitLogin(page);
  await page.waitForURL("**/intern/news");
}

/**
 * A page whose context already holds a session cookie, obtained by posting the real
 * login form with the context's own request client (so the cookie is exactly what
 * the server sets).
 */
export async function staffPage(
  browser: Browser,
  options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const page = await openPage(browser, options);
  const response = await againAfterDevRestart(() =>
    page.request.post("/intern/login", { form: { username: STAFF.username, password: STAFF.password }, maxRedirects: 0 }),
  );
  expect(response.status()).toBe(302);
  return page;
}

/** The token inside the context's HttpOnly session cookie (`sitzung` over plain HTTP, as the tests serve). */
export async function sessionTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "sitzung");
  if (!cookie) throw new Error("Kein Sitzungs-Cookie");
  return decodeURIComponent(cookie.value);
}

/** Plants a session cookie as the server writes it, for stale or forged sessions. */
export async function plantSessionCookie(page: Page, token: string) {
  await page.context().addCookies([{ name: "sitzung", value: token, url: baseURL() }]);
}

/**
 * The page exactly as a browser without JavaScript gets it, but with scripting left on
 * for axe-core (whose timers do not run in a context with JavaScript disabled): the
 * app's own scripts are simply not loaded.
 */
export async function withoutAppScripts(page: Page) {
  pagesWithoutAppScripts.add(page);
  await page.route("**/assets/**/*.js", (route) => route.abort());
}

/** The light theme (dark is the default), chosen the way the theme switch stores it. */
export async function chooseLightTheme(page: Page) {
  await page.context().addCookies([{ name: THEME_COOKIE, value: "light", url: baseURL() }]);
}

/** The ways every staff screen is checked with axe: desktop dark, phone light, and without the app's scripts. */
const AXE_LOOKS = [
  { options: {}, scripts: true, theme: "dark" },
  { options: PHONE, scripts: true, theme: "light" },
  { options: {}, scripts: false, theme: "dark" },
] as const;

/** Runs `check` on a fresh page (made by `open`, with or without a session) in each of the axe looks. */
export async function inEveryAxeLook(
  open: (options: BrowserContextOptions) => Promise<Page>,
  check: (page: Page) => Promise<void>,
) {
  for (const { options, scripts, theme } of AXE_LOOKS) {
    const page = await open(options);
    if (!scripts) await withoutAppScripts(page);
    if (theme === "light") await chooseLightTheme(page);
    await check(page);
    await page.context().close();
  }
}

/** axe over a staff list page and its edit and delete dialogs for one item. */
export async function expectNoAxeViolationsWithDialogs(page: Page, path: string, id: string) {
  for (const search of ["", `?bearbeiten=${id}`, `?loeschen=${id}`]) {
    await page.goto(`${path}${search}`);
    if (search) await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page);
  }
}

/** No axe violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

export async function newsTitles(): Promise<string[]> {
  const items = (await apiCall("news/get?limit=50")) as { title: string }[];
  return items.map((item) => item.title);
}

export async function staffAlerts(token: string) {
  return (await apiCall("alert/get", { token })) as {
    id: string;
    title: string;
    text: string;
    fromDate: string;
    toDate: string;
  }[];
}

/** The toast region's text, which with and without JavaScript carries the action's outcome. */
export function toasts(page: Page) {
  return page.locator(".toaster");
}
