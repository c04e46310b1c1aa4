import { SELF } from "cloudflare:test";
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { api, BASE, body, expectError, postPage, rowCount, SAME_ORIGIN, site, STAFF, staffCookie, staffToken } from "./helpers";
import { cachedView, settledVisitor, visit } from "./visitors";

/*
 * The findings of the second review (issue 18), each from its reproduction: every test here
 * failed on the code the review probed.
 */

/** The build's version, as the browser's own discovery requests carry it. */
const manifestVersion = async () =>
  // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the build exists only after `npm run build`, which the test command runs first
  // @ts-ignore
  ((await import("../../build/server")) as unknown as ServerBuild).assets.version;

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
    for (const path of ["/about?fbclid=IwAR3x", "/about?utm_source=instagram&utm_medium=social"]) {
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

/** The `name=value` part of every Set-Cookie of a response, by name. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((header) => {
      const pair = header.split(";")[0];
      return [pair.slice(0, pair.indexOf("=")), pair] as const;
    }),
  );
}

const loginFrom = (address: string, password: string, cookie?: string) =>
  api("auth/login", {
    json: { username: STAFF.username, password },
    headers: { "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) },
  });

describe("lock-out", () => {
  it("leaves a browser that signed in before signing in after guesses from six addresses, while an unknown one meets 429", async () => {
    await staffToken();
    const first = await loginFrom("198.51.100.1", STAFF.password);
    expect(first.status).toBe(200);
    const device = cookiesOf(first).get("__Host-geraet");
    expect(device).toBeTruthy();

    for (let address = 1; address <= 6; address++) {
      for (let guess = 0; guess < 5; guess++) {
        expect((await loginFrom(`203.0.113.${address}`, "falsch-geraten")).status).toBe(401);
      }
    }
    const unknown = await loginFrom("192.0.2.77", STAFF.password);
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get("Retry-After"))).toBeGreaterThan(0);

    const known = await loginFrom("192.0.2.77", STAFF.password, device);
    expect(known.status).toBe(200);
    expect(await body(known)).toHaveProperty("token");
  });

  it("counts nothing for a login that is not JSON: 415", async () => {
    await staffToken();
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await SELF.fetch(`${BASE}/api/v1/auth/login`, {
        method: "POST",
        headers: { "Content-Type": type },
        body: JSON.stringify({ username: STAFF.username, password: "falsch-geraten" }),
      });
      await expectError(response, 415);
    }
    expect(await rowCount("login_attempts")).toBe(0);
  });

  it("lets a signed-in session guess the current password no more often than the login", async () => {
    const cookie = await staffCookie();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let guess = 1; guess <= 9; guess++) {
      last = await postPage(
        "/intern/konto",
        new URLSearchParams({ intent: "password", currentPassword: `falsch-${guess}`, newPassword: "Ganz-neues-Passwort-1", repeatPassword: "Ganz-neues-Passwort-1" }),
        { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[8]).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("cookies", () => {
  it("shows a genuine toast, and nothing from a tampered one", async () => {
    const cookie = await staffCookie();
    const created = await postPage("/intern/news", new URLSearchParams({ intent: "create", title: "Neu", text: "Hallo" }), {
      ...SAME_ORIGIN,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    });
    const toast = cookiesOf(created).get("hinweis")!;
    expect(toast).toBeTruthy();
    const genuine = await site("/intern/news", { headers: { Cookie: `${cookie}; ${toast}` } });
    expect(await genuine.text()).toContain("Aktion Erfolgreich");

    const value = decodeURIComponent(toast.slice("hinweis=".length));
    const forgedText = value.replace("Aktion Erfolgreich", "Bitte melden Sie sich bei evil.example an");
    const tampered = await site("/intern/news", { headers: { Cookie: `${cookie}; hinweis=${encodeURIComponent(forgedText)}` } });
    const html = await tampered.text();
    expect(html).not.toContain("evil.example");
    expect(tampered.headers.get("Set-Cookie")).toMatch(/^hinweis=;.*Max-Age=0.*Secure/);
  });

  it("marks every cookie the site sets over HTTPS as Secure, and names the session __Host-", async () => {
    await staffToken();
    const responses = [
      await postPage("/intern/login", new URLSearchParams({ username: STAFF.username, password: STAFF.password }), {
        ...SAME_ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
      }),
      await postPage("/einstellungen/design", new URLSearchParams({ theme: "light", redirectTo: "/" }), { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }),
      await postPage("/einstellungen/cookies", new URLSearchParams({ choice: "alle", redirectTo: "/" }), { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }),
      await postPage("/einstellungen/karte", new URLSearchParams({ redirectTo: "/" }), { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }),
      await site("/about", { headers: { Cookie: "cookieConsent=%7B%22essential%22%3Atrue%2C%22external%22%3Afalse%7D" } }),
      await loginFrom("198.51.100.9", STAFF.password),
    ];
    const headers = responses.flatMap((response) => response.headers.getSetCookie());
    expect(headers.length).toBeGreaterThanOrEqual(7);
    for (const header of headers) expect(header, header).toMatch(/;\s*Secure/i);
    const login = cookiesOf(responses[0]);
    expect([...login.keys()]).toEqual(expect.arrayContaining(["__Host-sitzung", "__Host-geraet", "hinweis"]));
    expect(login.has("sitzung")).toBe(false);
  });
});
