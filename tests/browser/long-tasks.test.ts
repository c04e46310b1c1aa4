import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, PHONE, workerChromium } from "./browser";

/*
 * Issue 41: after the home page's load, nothing holds the main thread longer than 50 ms (a long
 * task) on a phone's CPU: only the islands hydrate (decision 018), each in a transition, and the
 * switch to their JavaScript versions is a transition too. Measured with Chromium's own long-task
 * entries, which it records from the page's start (`buffered`).
 */

let browser: Browser;

beforeAll(async () => {
  browser = await workerChromium();
});

afterAll(async () => {
  await closeContexts(browser);
});

/** Lighthouse's mobile preset slows the CPU by this factor. */
const PHONE_SLOWDOWN = 4;

interface Task {
  start: number;
  duration: number;
}

/** Every long task of the page from its first script on, with the moment of the load event. */
async function tracedLoad(page: Page, path: string): Promise<{ load: number; tasks: Task[] }> {
  await page.addInitScript(() => {
    const tasks: Task[] = [];
    (window as unknown as { longTasks: Task[] }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  // A mid-range phone, as Lighthouse's mobile run assumes it: four times slower than this machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_SLOWDOWN });
  await page.goto(path);
  // Until the page has nothing left to do: the switch after hydration, the pictures' decoding.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  return page.evaluate(() => ({
    load: performance.getEntriesByType("navigation")[0]?.toJSON().loadEventStart as number,
    tasks: (window as unknown as { longTasks: Task[] }).longTasks,
  }));
}

describe("the main thread after the load", () => {
  it("has no long task after the load of the home page on a slow phone, and its islands work", async () => {
    const page = await openPage(browser, PHONE);
    const { load, tasks } = await tracedLoad(page, "/");
    expect(load).toBeGreaterThan(0);
    expect(tasks.filter((task) => task.start + task.duration > load)).toEqual([]);
    // Hydrated (openPage waited for every island's mark), the slideshow answers its controls.
    await page.locator(".slideshow__controls").waitFor({ state: "attached" });
  });
});
