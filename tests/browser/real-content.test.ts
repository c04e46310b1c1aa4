import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { alertListKey } from "~/lib/preferences";
import { COVER_INTENT } from "~/components/upload/reference-actions";
import { PHONE, waitForHydration, workerChromium, closeContexts } from "./browser";
import { REAL_CONTENT_BUSINESS } from "./fixtures/real-content";
import { UPLOAD_PAGE } from "./fixtures/upload-page";
import { startServer } from "./global-setup";
import { testPng } from "./png";
import { consentValue } from "./shell-helpers";
import { MODES } from "./staff-helpers";
import { STAFF } from "./staff";

/*
 * Issue 39: the home page with a real workshop's content stays within 5,000 px on a 390 px phone,
 * and the enquiry form within 2,000 px. The demo content of `npm start` (its news, its pictures),
 * then the record filled with long but allowed values, a Titelbild, three chosen pictures and one
 * before/after pair, on a server of its own, so no other file's writes change the measure.
 */

const DEMO_SERVER_START_MS = 360_000;

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let token: string;

async function api(path: string, json?: unknown) {
  const response = await fetch(`${server.baseURL}/api/v1/${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { ...(token ? { token } : {}), "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

type Stored = { id: string; description: string; sources: unknown[] };

/** One picture through the API, its renditions made. */
async function upload(description: string, rgb: readonly [number, number, number]): Promise<Stored> {
  const form = new FormData();
  const name = `echt-${Math.random().toString(36).slice(2, 9)}.png`;
  form.append("images", new Blob([await testPng(960, 540, rgb)], { type: "image/png" }), name);
  form.append("metadata", JSON.stringify({ filename: name, description, category: [] }));
  const response = await fetch(`${server.baseURL}/api/v1/reference/save`, { method: "POST", headers: { token }, body: form });
  if (!response.ok) throw new Error(`reference/save: ${response.status} ${await response.text()}`);
  const [saved] = ((await response.json()) as { reference: Stored[] }).reference;
  return vi.waitFor(
    async () => {
      const { reference } = (await api("reference/get?limit=50")) as { reference: Stored[] };
      const stored = reference.find((candidate) => candidate.id === saved.id);
      if (stored?.sources.length !== 3) throw new Error(`Noch keine verkleinerten Fassungen für ${saved.id}`);
      return stored;
    },
    { timeout: 30_000, interval: 200 },
  );
}

/** A visitor who chose in the consent dialog and saw the notices: nothing covers the page. */
async function visitor(javaScriptEnabled: boolean): Promise<BrowserContext> {
  const alerts = (await api("alert/get")) as unknown as { id: string }[];
  const context = await browser.newContext({ ...PHONE, baseURL: server.baseURL, locale: "de-DE", javaScriptEnabled });
  await context.addCookies([
    { name: "cookieConsent", value: consentValue({ essential: true, external: false }), url: server.baseURL },
    { name: "besucht", value: alertListKey(alerts.map((alert) => alert.id)), url: server.baseURL },
  ]);
  return context;
}

beforeAll(async () => {
  browser = await workerChromium();
  server = await startServer({ demo: true });
  token = ((await api("auth/login", STAFF)) as { token: string }).token;
  await api("business/update", REAL_CONTENT_BUSINESS);
  const cover = await upload("Titelbild: Werkstatt in Ehrenfeld", [150, 96, 60]);
  const before = await upload("Vorher: Fahrersitz eines Mercedes W123, Leder gerissen", [70, 58, 48]);
  const chosen = [
    await upload("Fahrersitz eines Mercedes W123 in cognacfarbenem Leder neu bezogen", [176, 98, 46]),
    await upload("Cabrioverdeck eines VW Käfer in schwarzem Sonnenland-Stoff", [44, 41, 40]),
    await upload("Lenkrad eines Porsche 911 in Glattleder mit roter Naht", [118, 28, 40]),
  ];
  for (const picture of chosen) await api("reference/update", { id: picture.id, description: picture.description, category: [], featured: true });
  await api("reference/update", { id: chosen[0].id, description: chosen[0].description, category: [], beforeId: before.id });
  // "Als Titelbild" is the Bilder page's form, posted as staff.
  const staff = await browser.newContext({ baseURL: server.baseURL, locale: "de-DE" });
  expect((await staff.request.post("/intern/login", { form: STAFF, maxRedirects: 0 })).status()).toBe(302);
  const marked = await staff.request.post(UPLOAD_PAGE, { form: { intent: COVER_INTENT, id: cover.id, cover: "1" }, maxRedirects: 0 });
  expect(marked.status()).toBe(302);
  await staff.close();
}, DEMO_SERVER_START_MS);
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
});

describe.each(MODES)("a phone with real content $name", ({ javaScriptEnabled }) => {
  it("shows the home page in at most 5,000 px: the Titelbild, the master's words, three pictures and the lone pair in a section of its own", async () => {
    const context = await visitor(javaScriptEnabled);
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(REAL_CONTENT_BUSINESS.heroTitle);
    expect(await page.locator(".hero img.hero__picture").count()).toBe(1);
    expect(await page.locator(".slideshow__dot").count()).toBe(3);
    const pair = page.getByRole("region", { name: "Vorher und nachher" });
    expect(await pair.locator(".home-pairs__item").count()).toBe(1);
    const strip = page.getByRole("region", { name: "Warum Sie uns vertrauen können" });
    expect(await strip.locator(".trust-strip__words").textContent()).toBe(REAL_CONTENT_BUSINESS.masterText);
    expect(await strip.getByRole("link", { name: "Mehr über uns" }).getAttribute("href")).toBe("/about");
    // The body text keeps its reading size.
    expect(await page.locator(".hero__detail").evaluate((element) => getComputedStyle(element).fontSize)).toBe("17px");
    // Measured settled: the heading font in and, with JavaScript, the page hydrated.
    if (javaScriptEnabled) await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(5000);
    await context.close();
  });

  it("keeps the enquiry form without photos within 2,000 px", async () => {
    const context = await visitor(javaScriptEnabled);
    const page = await context.newPage();
    await page.goto("/anfrage");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    const form = await page.locator("form.enquiry-form").boundingBox();
    expect(form!.height).toBeLessThanOrEqual(2000);
    await context.close();
  });
});
