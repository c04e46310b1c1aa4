import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContextOptions, type Page, type Response } from "playwright-core";
import { expect, inject } from "vitest";
import { STAFF } from "./staff";

export { STAFF };

/** The server of this test worker (see global-setup.ts); files on other workers use their own. */
export const baseURL = () => {
  const urls = inject("baseURLs");
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

let workerBrowser: Promise<Browser> | undefined;

/** Debian's headless build of its Chromium (package chromium-headless-shell), and the full browser where it is missing. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

/**
 * Which Chromium runs the tests: Debian's headless shell, the same Chromium version, engine and
 * network stack as the full browser without its desktop layers, as Playwright itself runs headless
 * tests. A new context and page cost the full browser about four times the CPU (decision 026).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/**
 * The test worker's Chromium, shared by the files the worker runs one after another
 * (`isolate: false` in vitest.browser.config.ts): a launch costs about 0.8 s of CPU, and each file
 * still starts from its own contexts, closed again by `closeContexts`. Playwright ends the browser
 * with the worker's process. The flags keep it from reaching for a network this machine does not have.
 */
export async function workerChromium(): Promise<Browser> {
  const running = await workerBrowser;
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return workerBrowser;
}

/** At the end of a file: every context it opened, so the next file on this worker starts from none. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/** Pages whose app scripts a test blocks: they never hydrate, so navigations do not wait for it. */
export const pagesWithoutAppScripts = new WeakSet<Page>();

/**
 * How long a navigation, and the stylesheets it brings, may take: the server makes AVIF/WebP/JPEG
 * renditions after every upload, and on a busy two-core machine a page can wait behind that work
 * for longer than Playwright's default 30 s.
 */
const NAVIGATION_TIMEOUT_MS = 60_000;

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

export async function openPage(
  browser: Browser,
  options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: "de-DE", ...DESKTOP, ...options });
  const page = await context.newPage();
  // A navigation waits for the HTML, scripts (DOMContentLoaded) and stylesheets, not for every
  // picture: on a busy machine large pictures can outlast a test's budget, and the tests
  // about pictures wait for the pictures themselves.
  // With JavaScript, a navigation also waits for hydration: a click before it takes the
  // no-JavaScript path, and text typed before it can be replaced by React's first render.
  const hydrateAfter = async (navigation: Promise<Response | null>) => {
    const response = await navigation;
    const html = response?.headers()["content-type"]?.startsWith("text/html");
    if (html) await waitForStylesheets(page);
    if (options.javaScriptEnabled !== false && html && !pagesWithoutAppScripts.has(page)) await waitForHydration(page);
    return response;
  };
  const goto = page.goto.bind(page);
  page.goto = (url, gotoOptions) => hydrateAfter(goto(url, { waitUntil: "domcontentloaded", ...gotoOptions }));
  const reload = page.reload.bind(page);
  page.reload = (reloadOptions) => hydrateAfter(reload({ waitUntil: "domcontentloaded", ...reloadOptions }));
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return page;
}

/**
 * Waits until the page's stylesheets have loaded (the staff pages link theirs). Without scripts,
 * DOMContentLoaded does not wait for them, so a test could measure a control before it is styled.
 */
async function waitForStylesheets(page: Page) {
  // Polled from here: a page without JavaScript runs no timers, so it cannot poll itself.
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null)), {
      interval: 50,
      timeout: NAVIGATION_TIMEOUT_MS,
      // Worded like a browser wait that ran out: a stylesheet the local runtime held (decision 012)
      // meets the suite's one retry, as a held page would.
      message: `Timeout ${NAVIGATION_TIMEOUT_MS}ms exceeded waiting for the page's stylesheets`,
    })
    .toBe(true);
}

/** Whether the page carries the framework's scripts: document pages ship none (decision 018). */
export const shipsAppScripts = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"]') !== null);

/**
 * Waits until React has hydrated a page that ships the framework (at once on a document page).
 * Before that, keys, focus and pointer moves reach plain HTML without handlers, and clicks take
 * the no-JavaScript path (a real form post).
 * On a page of islands (decision 018) each island marks its container once it has hydrated and
 * switched to its JavaScript version. On a page Remix hydrates, the navigation's menu turns into a
 * JavaScript dialog in the render that follows hydration, together with every other part that
 * waits for it, so the dialog marks the moment on every page with the navigation bar; on the
 * login page, which has none, React's own mark on the body does.
 */
export async function waitForHydration(page: Page) {
  // A document page never hydrates: it works as it is.
  if (!(await shipsAppScripts(page))) return;
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll("[data-island]")];
    if (islands.length > 0) return islands.every((island) => island.hasAttribute("data-island-ready"));
    if (document.querySelector("dialog#menue")) return true;
    const reactOwns = Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber$"));
    return reactOwns && !document.querySelector("header.navbar");
    // An interval rather than animation frames, which a busy machine may hold back.
  }, undefined, { polling: 100 });
}

/** What `wrangler dev`'s proxy answers when it reloaded the worker under a request it cannot replay. */
const DEV_SERVER_RESTARTED = "Your worker restarted mid-request";

/**
 * Sends a test's own request once more when it met a reload of the dev server (seen in a few
 * runs, right after the upload tests' heavy picture work; never a state of the site): `wrangler
 * dev` replays only GETs itself. The tests' data is uniquely named, so a write that did happen
 * before the reload only leaves one more record.
 */
export async function againAfterDevRestart<R extends { status(): number; text(): Promise<string> }>(send: () => Promise<R>): Promise<R> {
  const response = await send();
  return response.status() === 503 && (await response.text()).includes(DEV_SERVER_RESTARTED) ? send() : response;
}

/** Calls the real API, for arranging data a test needs (once more after a dev-server reload). */
/** How long a test's own API call waits: the local runtime now and then holds a request far longer (decision 012). */
const API_CALL_TIMEOUT_MS = 30_000;

export async function apiCall(path: string, init: { token?: string; json?: unknown; method?: string } = {}) {
  const send = () =>
    fetch(`${baseURL()}/api/v1/${path}`, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: {
        ...(init.token ? { token: init.token } : {}),
        ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(API_CALL_TIMEOUT_MS),
    }).catch((error: unknown) => {
      // Worded like a browser wait that ran out, so the suite's one retry (decision 012) applies.
      if (error instanceof DOMException && error.name === "TimeoutError") throw new Error(`Timeout ${API_CALL_TIMEOUT_MS}ms exceeded: ${path}`);
      throw error;
    });
  let response = await send();
  if (response.status === 503 && (await response.clone().text()).includes(DEV_SERVER_RESTARTED)) response = await send();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function apiToken(): Promise<string> {
  const { token } = (await apiCall("auth/login", { json: STAFF })) as { token: string };
  return token;
}

/**
 * Opens `path` with the app's scripts held back, as on a slow phone; returns the function that lets
 * them load. The navigation itself must not wait for hydration, which is what is held back.
 */
export async function withScriptsHeldBack(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  pagesWithoutAppScripts.add(page);
  await page.goto(path);
  pagesWithoutAppScripts.delete(page);
  return release;
}
