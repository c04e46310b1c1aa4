import { SELF } from "cloudflare:test";
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { api, BASE, postPage, SAME_ORIGIN, staffToken } from "./helpers";
import { cachedView, settledVisitor, visit } from "./visitors";

/*
 * The findings of the second review (issue 18), each from its reproduction: every test here
 * failed on the code the review probed.
 */

/** The build's version, as the browser's own discovery requests carry it. */
const manifestVersion = async () => ((await import("../../build/server")) as unknown as ServerBuild).assets.version;

describe("route discovery", () => {
  it("refuses a path of thousands of segments at once, and answers the browser's own request", async () => {
    const version = await manifestVersion();
    const costly = await SELF.fetch(`${BASE}/__manifest?version=${version}&p=${"/a".repeat(3780)}`);
    expect(costly.status).toBe(400);
    const many = await SELF.fetch(`${BASE}/__manifest?version=${version}&${Array.from({ length: 60 }, (_, n) => `p=/x${n}`).join("&")}`);
    expect(many.status).toBe(400);

    const own = await SELF.fetch(`${BASE}/__manifest?p=${encodeURIComponent("/referenz")}&p=${encodeURIComponent("/about")}&version=${version}`);
    expect(own.status).toBe(200);
    expect(Object.keys(await own.json())).toContain("routes/_public.referenz");
  });
});

describe("the content version", () => {
  it.each([
    ["a post to an unknown path", "/x", {}],
    ["a staff form without a session", "/intern/news", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["a preference form in capitals", "/Einstellungen/design", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["a refused API write", "/api/v1/news/save", { "Content-Type": "application/json" }],
  ])("stays after %s: the cached page is still a hit", async (_, path, headers) => {
    const cookies = await settledVisitor();
    await cachedView("/about", cookies);
    const body = path.startsWith("/api") ? JSON.stringify({ title: "x", text: "y" }) : "intent=create&title=x&text=y&theme=light";
    const posted = await postPage(path, body, { ...SAME_ORIGIN, ...headers });
    expect(posted.status).toBeLessThan(500);
    expect((await visit("/about", cookies)).headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
  });

  it("changes after a real write", async () => {
    const token = await staffToken();
    const cookies = await settledVisitor();
    await cachedView("/about", cookies);
    expect((await api("opening/special/save", { token, json: { title: "Inventur", hours: "Geschlossen", fromDate: "2030-01-02", toDate: "2030-01-02" } })).status).toBe(200);
    expect((await visit("/about", cookies)).headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
  });
});

describe("the cache key", () => {
  it("keeps a crafted parameter out of the canonical copy and shares nothing with it", async () => {
    const cookies = await settledVisitor();
    const poisoned = await visit('/referenz?demo=1&~theme="><poisoned>', cookies);
    expect(poisoned.status).toBe(200);
    expect(await poisoned.text()).not.toContain("poisoned");
    const canonical = await cachedView("/referenz", cookies);
    expect(await canonical.text()).not.toContain("poisoned");
  });

  it("serves views from a shared link or an ad from the canonical copy", async () => {
    const cookies = await settledVisitor();
    const canonical = withoutNonces(await (await cachedView("/about", cookies)).text());
    for (const path of ["/about?fbclid=IwAR3x", "/about?utm_source=instagram&utm_medium=social", "/About/"]) {
      const view = await visit(path, cookies);
      expect(view.headers.get(CACHE_STATUS_HEADER), path).toBe("HIT");
      expect(withoutNonces(await view.text()), path).toBe(canonical);
    }
  });

  it("keys a page by the parameters it reads, in any order", async () => {
    const cookies = await settledVisitor();
    await cachedView("/", cookies);
    const second = await visit("/?neuigkeiten=2&utm_source=x", cookies);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    await cachedView("/?utm_campaign=y&neuigkeiten=2", cookies);
  });
});

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
