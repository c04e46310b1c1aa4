import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatNewsDate } from "~/lib/dates";
import { apiCall, apiToken, closeContexts, workerChromium } from "./browser";
import { createNews, openSettledPage } from "./pages-fixtures";
import { uniqueTitle } from "./staff-helpers";

const PAGE_SIZE = 15;
const CREATED = 20;

let browser: Browser;
let token: string;
let prefix: string;
/** Titles newest first, as the feed lists them. */
let titles: string[];
/** Their dates as the server stored them, so a run that crosses midnight still agrees. */
let dates: string[];

beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
  prefix = uniqueTitle("Feed");
  const created: { title: string; date: string }[] = [];
  for (let index = 1; index <= CREATED; index++) {
    const title = `${prefix} Nr. ${String(index).padStart(2, "0")}`;
    created.push(await createNews(token, title, `Text zu ${title}.\nZweite Zeile.`));
  }
  created.reverse();
  titles = created.map((item) => item.title);
  dates = created.map((item) => formatNewsDate(new Date(item.date)));
});

afterAll(async () => {
  await closeContexts(browser);
});

const feedTitles = (page: Page) => page.locator(".news__title").allTextContents();
const scrollFeedToEnd = (page: Page) =>
  page.locator(".news__box").evaluate((box) => (box.scrollTop = box.scrollHeight));

describe("news feed with JavaScript", () => {
  it("renders the first 15 with German dates and loads the next 15 when scrolled to the end", async () => {
    const page = await openSettledPage(browser);
    const requests: string[] = [];
    page.on("request", (request) => request.url().includes("/api/v1/news/get") && requests.push(request.url()));
    await page.goto("/");

    expect(await feedTitles(page)).toEqual(titles.slice(0, PAGE_SIZE));
    const shownDates = await page.locator(".news__date").allTextContents();
    expect(shownDates[0]).toBe(dates[0]);
    for (const date of shownDates) {
      expect(date).toMatch(/^\d{1,2}\. (Jan\.|Feb\.|März|Apr\.|Mai|Juni|Juli|Aug\.|Sept\.|Okt\.|Nov\.|Dez\.) \d{4}$/);
    }
    expect(requests).toEqual([]);

    await scrollFeedToEnd(page);
    await expect.poll(async () => (await feedTitles(page)).length, { timeout: 10_000 }).toBeGreaterThan(PAGE_SIZE);
    expect(requests.some((url) => /startAt=15\b/.test(url) && /limit=15\b/.test(url))).toBe(true);
    const shown = await feedTitles(page);
    expect(shown.filter((title) => title.startsWith(prefix))).toEqual(titles);
    const datesAfterScroll = await page.locator(".news__date").allTextContents();
    expect(datesAfterScroll[PAGE_SIZE]).toBe(dates[PAGE_SIZE]);
  });

  it("merges by id: news added meanwhile shift the pages, yet nothing shows twice", async () => {
    const page = await openSettledPage(browser);
    await page.goto("/");
    expect(await feedTitles(page)).toEqual(titles.slice(0, PAGE_SIZE));

    // The new item pushes the 15th onto the second page, which the feed already shows.
    const late = `${prefix} später`;
    const { id } = await createNews(token, late, "Erst nach dem Laden der Seite angelegt.");
    try {
      await scrollFeedToEnd(page);
      await expect.poll(async () => (await feedTitles(page)).length, { timeout: 10_000 }).toBeGreaterThan(PAGE_SIZE);

      const shown = await feedTitles(page);
      expect(new Set(shown).size).toBe(shown.length);
      expect(shown.filter((title) => title.startsWith(prefix))).toEqual(titles);
      expect(shown).not.toContain(late);
    } finally {
      await apiCall("news/delete", { token, json: { id } });
    }
  });

  it("says when there is nothing more to load", async () => {
    const page = await openSettledPage(browser);
    await page.goto("/");
    const end = page.getByText("Keine weiteren Neuigkeiten vorhanden");
    // However many news the shared database holds: keep scrolling as each page arrives.
    await expect
      .poll(
        async () => {
          await scrollFeedToEnd(page);
          return end.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it("reports a failed load in German, logs it, and recovers on retry", async () => {
    const page = await openSettledPage(browser);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto("/");
    // The network fails for this one call; the retry goes to the real server.
    await page.route("**/api/v1/news/get**", (route) => route.abort("failed"));
    await scrollFeedToEnd(page);
    const failure = page.getByText("Die Neuigkeiten konnten nicht geladen werden.");
    await expect.poll(() => failure.isVisible()).toBe(true);
    expect(errors.some((text) => text.includes("News load failure"))).toBe(true);

    await page.unroute("**/api/v1/news/get**");
    await page.getByRole("button", { name: "Erneut versuchen" }).click();
    await expect.poll(async () => (await feedTitles(page)).length, { timeout: 10_000 }).toBeGreaterThan(PAGE_SIZE);
    expect(await failure.count()).toBe(0);
  });
});

describe("news feed without JavaScript", () => {
  it("renders the first 15 on the server and links to the next 15", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    expect(await feedTitles(page)).toEqual(titles.slice(0, PAGE_SIZE));

    await page.getByRole("link", { name: "Ältere Neuigkeiten anzeigen" }).click();
    await page.waitForURL(/\?neuigkeiten=2#neuigkeiten$/);
    const second = await feedTitles(page);
    expect(second.slice(0, CREATED - PAGE_SIZE)).toEqual(titles.slice(PAGE_SIZE));
    expect(second).toHaveLength(new Set(second).size);

    await page.getByRole("link", { name: "Zu den neuesten Neuigkeiten" }).click();
    await page.waitForURL(/\/#neuigkeiten$/);
    expect(await feedTitles(page)).toEqual(titles.slice(0, PAGE_SIZE));
  });

  it("says so when a page holds no news", async () => {
    const page = await openSettledPage(browser, { javaScriptEnabled: false });
    await page.goto("/?neuigkeiten=9999");
    expect(await page.locator(".news__box").getByText("Keine Daten vorhanden", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Ältere Neuigkeiten anzeigen" }).count()).toBe(0);
  });
});
