import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { expect, vi } from "vitest";
import { apiCall, baseURL, openPage } from "./browser";
import { testPng } from "./png";
import { settleShell } from "./shell-helpers";

export interface UploadedReference {
  id: string;
  url: string;
  displayUrl: string;
  thumbnailUrl: string;
  /** The server's renditions (AVIF, WebP, JPEG srcsets). */
  sources: { type: string; srcSet: string }[];
  description: string;
  category: string[];
}

const COLOURS = [
  [176, 98, 46],
  [44, 41, 40],
  [118, 28, 40],
  [222, 200, 166],
] as const;

/**
 * Uploads one picture through the API's multipart call and waits for the server's
 * renditions (480 and 960 px; small originals keep the local AVIF encoding quick).
 */
export async function uploadReference(
  token: string,
  {
    description,
    category,
    colour = 0,
    rgb = COLOURS[colour % COLOURS.length],
  }: { description: string; category: string[]; colour?: number; rgb?: readonly [number, number, number] },
): Promise<UploadedReference> {
  const form = new FormData();
  const name = `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}.png`;
  form.append("images", new Blob([await testPng(960, 540, rgb)], { type: "image/png" }), name);
  form.append("metadata", JSON.stringify({ filename: name, description, category }));
  const response = await fetch(`${baseURL()}/api/v1/reference/save`, {
    method: "POST",
    headers: { token },
    body: form,
  });
  if (!response.ok) throw new Error(`reference/save: ${response.status} ${await response.text()}`);
  const [saved] = ((await response.json()) as { reference: UploadedReference[] }).reference;
  const current = async () =>
    ((await apiCall("reference/get?limit=50", { token })) as { reference: UploadedReference[] }).reference.find(
      (reference) => reference.id === saved.id,
    );
  // vi.waitFor, as this runs in beforeAll, where expect.poll is not available.
  return vi.waitFor(
    async () => {
      const reference = await current();
      if (reference?.sources.length !== 3) throw new Error(`Noch keine verkleinerten Fassungen für ${saved.id}`);
      return reference;
    },
    { timeout: 30_000, interval: 100 },
  );
}

export async function createNews(token: string, title: string, text: string) {
  return (await apiCall("news/save", { token, json: { title, text } })) as { id: string; title: string; date: string };
}

/** A visitor who already chose in the consent dialog and saw the alerts, so nothing covers the page. */
export async function openSettledPage(
  browser: Browser,
  options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const page = await openPage(browser, options);
  await settleShell(page.context());
  return page;
}

/** Every URL under /images/ the page requests. */
export function recordImageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/images/")) urls.push(pathname);
  });
  return urls;
}

/** True while the element is horizontally wider than the viewport would allow. */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);
}

/**
 * At each viewport width, the width the image's `sizes` states (its first entry whose media
 * query matches, resolved by the browser) is the width the image really has, within a pixel.
 */
export async function expectSizesToMatch(page: Page, image: Locator, viewportWidths: number[]) {
  for (const width of viewportWidths) {
    await page.setViewportSize({ width, height: 900 });
    const { stated, actual } = await image.evaluate((element) => {
      const entries = element.getAttribute("sizes")!.split(/,\s*(?![^(]*\))/);
      const length =
        entries.map((entry) => /^(\([^)]*\))\s+(.+)$/.exec(entry)).find((match) => match && matchMedia(match[1]).matches)?.[2] ??
        entries[entries.length - 1];
      const probe = document.createElement("div");
      probe.style.width = length;
      document.body.appendChild(probe);
      const stated = probe.getBoundingClientRect().width;
      probe.remove();
      return { stated, actual: element.getBoundingClientRect().width };
    });
    expect(Math.abs(stated - actual), `${width} px: sizes ${stated}, image ${actual}`).toBeLessThanOrEqual(1);
  }
}
