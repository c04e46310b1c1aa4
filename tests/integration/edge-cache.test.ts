import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER, cachedPage, PageLifetime } from "~/server/worker/edge-cache.server";
import worker from "../../server";
import { addDays, workshopDate } from "~/lib/dates";
import { PATHS } from "~/lib/site-areas";
import { listCategoryCounts } from "~/server/entities/categories.server";
import { api, BASE, body, db, postPage, SAME_ORIGIN, staffCookie, staffToken, upload, uploadForm, renditionsMade } from "./helpers";
import { cachedView, cookieHeaders, SETTLED, settledVisitor, visit } from "./visitors";
import { png } from "../fixtures/images";

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("edge cache for public pages", () => {
  it("serves a second view from the cache, with a fresh nonce on every script", async () => {
    const cookies = await settledVisitor();
    const miss = await visit("/about", cookies);
    expect(miss.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    const missHtml = await miss.text();

    const hit = await cachedView("/about", cookies);
    const html = await hit.text();
    const nonce = nonceOf(hit);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(miss));
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain(nonceOf(miss)!);
    expect(html.replaceAll(nonce!, "N")).toBe(missHtml.replaceAll(nonceOf(miss)!, "N"));
  });

  it("keeps each variant's own markup however often the other was asked for", async () => {
    const dark = await settledVisitor({ theme: "dark" });
    const light = await settledVisitor({ theme: "light" });
    for (let round = 0; round < 3; round++) {
      expect(await (await visit("/standort", dark)).text()).toContain('data-theme="dark"');
      expect(await (await visit("/standort", light)).text()).toContain('data-theme="light"');
    }
    // The map's own cookie decides whether the map is part of the page.
    const withMap = await settledVisitor({ external: "true" });
    for (let round = 0; round < 2; round++) {
      expect(await (await visit("/about", dark)).text()).not.toContain("<iframe");
      expect(await (await visit("/about", withMap)).text()).toContain("<iframe");
    }
    // Without a consent choice the dialog is part of the page; with one it is not.
    for (let round = 0; round < 2; round++) {
      expect(await (await visit("/standort")).text()).toContain("Ich akzeptiere alle");
      expect(await (await visit("/standort", dark)).text()).not.toContain("Ich akzeptiere alle");
    }
  });

  it("shows a write through the API on the very next view", async () => {
    const token = await staffToken();
    const cookies = await settledVisitor();
    await cachedView("/", cookies);

    const saved = await api("news/save", { token, json: { title: "Frisch aus der Werkstatt", text: "Neu bezogen." } });
    expect(saved.status).toBe(200);
    expect(await (await visit("/", cookies)).text()).toContain("Frisch aus der Werkstatt");

    const week = { monday: "07:00 - 15:00Uhr", tuesday: "08:00 - 17:00Uhr", wednesday: "08:00 - 17:00Uhr" };
    const hours = { ...week, thursday: "08:00 - 17:00Uhr", friday: "08:00 - 17:00Uhr", saturday: "Geschlossen", sunday: "Geschlossen" };
    const savedHours = await api("opening/save", { token, json: { date: hours } });
    expect(savedHours.status, await savedHours.clone().text()).toBe(200);
    // The footer shows the understood hours in their tidy form (the page carries no Remix data with the raw text, decision 018).
    expect(await (await visit("/", cookies)).text()).toContain("07:00–15:00 Uhr");
  });

  it("shows a write through a staff page on the very next view", async () => {
    const token = await staffToken();
    const cookies = await settledVisitor();
    await cachedView("/", cookies);

    const form = new URLSearchParams({ intent: "create", title: "Über die Staff-Seite", text: "Geschrieben im internen Bereich." });
    const written = await SELF.fetch(`${BASE}/intern/news`, {
      method: "POST",
      headers: {
        ...SAME_ORIGIN,
        Cookie: await staffCookie(token),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    expect(written.status).toBeLessThan(400);
    expect(await (await visit("/", cookies)).text()).toContain("Über die Staff-Seite");
  });

  it("shows every other kind of write on the very next view: alerts, special hours, pictures, categories", async () => {
    const token = await staffToken();
    const today = workshopDate(new Date());
    let pictureId = "";
    const staffPost = async (path: string, form: Record<string, string>) =>
      postPage(path, new URLSearchParams(form), {
        ...SAME_ORIGIN,
        Cookie: await staffCookie(token),
        "Content-Type": "application/x-www-form-urlencoded",
      });
    const sitzPng = { name: "sitz.png", bytes: png({ rgb: [120, 80, 40] }), type: "image/png" };
    const writes: { path: string; write: () => Promise<Response>; complete?: () => Promise<unknown>; shows: string; gone?: string }[] = [
      {
        path: "/about",
        write: () =>
          api("alert/save", {
            token,
            json: {
              title: "Heute geschlossen",
              text: "Wegen Umbau.",
              fromDate: new Date(Date.now() - 60_000).toISOString(),
              toDate: new Date(Date.now() + 86_400_000).toISOString(),
            },
          }),
        shows: "Heute geschlossen",
      },
      {
        path: "/standort",
        write: () =>
          api("opening/special/save", {
            token,
            json: { title: "Inventur", hours: "Geschlossen", fromDate: today, toDate: addDays(today, 1) },
          }),
        shows: "Inventur",
      },
      {
        path: "/referenz",
        write: async () => {
          const uploaded = await upload(token, uploadForm([sitzPng], { description: "Frisch bezogen", category: ["Sitze"] }));
          pictureId = (await body<{ reference: { id: string }[] }>(uploaded.clone())).reference[0].id;
          return uploaded;
        },
        // A new picture is on the pages once its renditions exist: its write is complete then.
        complete: () => renditionsMade(token, pictureId),
        shows: "Frisch bezogen",
      },
      {
        path: "/referenz",
        write: () => api("reference/update", { token, json: { id: pictureId, description: "Neu beschrieben", category: ["Sitze"] } }),
        shows: "Neu beschrieben",
        gone: "Frisch bezogen",
      },
      {
        path: "/referenz",
        write: async () => {
          const { id } = (await listCategoryCounts(db())).find((category) => category.name === "Sitze")!;
          return staffPost(PATHS.staffCategories, { intent: "update", id, name: "Autositze" });
        },
        shows: "Autositze",
      },
      {
        path: "/referenz",
        write: () => api("reference/delete", { token, json: { id: pictureId } }),
        shows: "Referenzen",
        gone: "Neu beschrieben",
      },
    ];
    for (const { path, write, complete, shows, gone } of writes) {
      // A new alert makes the popup due again, so the visitor settles anew before each write.
      const cookies = await settledVisitor();
      await cachedView(path, cookies);
      const written = await write();
      expect(written.status, await written.clone().text()).toBeLessThan(400);
      await complete?.();
      const next = await (await visit(path, cookies)).text();
      expect(next, `${path} after a write showing „${shows}“`).toContain(shows);
      if (gone) expect(next).not.toContain(gone);
    }
  });

  it("never serves a page stored by another deployment, also when only its server code changed", async () => {
    const cookies = await settledVisitor();
    await cachedView("/about", cookies);
    // What the next `wrangler deploy` changes for the worker: its version id.
    const next = { ...env, CF_VERSION_METADATA: { ...env.CF_VERSION_METADATA, id: crypto.randomUUID() } };
    const viewByNext = async () => {
      const context = createExecutionContext();
      const request = new Request(`${BASE}/about`, { headers: cookieHeaders(cookies) });
      const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, next, context);
      await waitOnExecutionContext(context);
      return response.headers.get(CACHE_STATUS_HEADER);
    };
    expect(await viewByNext()).toBe("MISS");
    expect(await viewByNext()).toBe("HIT");
  });

  it("still answers a page the cache refuses to store, without an error after the answer, and renders it again next time", async () => {
    const request = new Request(`${BASE}/about?nicht-speicherbar`, { headers: cookieHeaders(await settledVisitor()) });
    let renders = 0;
    const view = async () => {
      const waits: Promise<unknown>[] = [];
      const options = { deployment: "test", nonce: "abc", lifetime: new PageLifetime(Date.now()), waitUntil: (wait: Promise<unknown>) => waits.push(wait), formToken: async () => "", sharedCookies: () => [] };
      const response = await cachedPage(request, options, async () => {
        renders += 1;
        // The Cache API refuses to store an answer that varies by everything.
        return new Response("<p>Seite</p>", { headers: { "Content-Type": "text/html; charset=utf-8", Vary: "*" } });
      });
      await Promise.all(waits);
      return response.text();
    };
    expect(await view()).toBe("<p>Seite</p>");
    expect(await view()).toBe("<p>Seite</p>");
    expect(renders).toBe(2);
  });

  it("never caches for a staff session or the staff area", async () => {
    const token = await staffToken();
    const session = await staffCookie(token);
    for (let round = 0; round < 2; round++) {
      const staffView = await SELF.fetch(`${BASE}/about`, { headers: { Cookie: session } });
      expect(staffView.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(staffView.headers.get("Cache-Control")).toBe("private, no-store");
      const staffPage = await SELF.fetch(`${BASE}/intern/news`, { headers: { Cookie: session } });
      expect(staffPage.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const withToken = await api("alert/get", { token });
    expect(withToken.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await body(withToken)).toEqual([]);
  });

  it("lets an alert appear when its start time passes, without any write", { timeout: 45_000 }, async () => {
    const token = await staffToken();
    // Far enough ahead that a busy machine still views and caches the page before it starts.
    const startsSoon = new Date(Date.now() + 12_000);
    const saved = await api("alert/save", {
      token,
      json: {
        title: "Gleich gültig",
        text: "Ab gleich.",
        fromDate: startsSoon.toISOString(),
        toDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(saved.status).toBe(200);
    const cookies = await settledVisitor();
    const before = await visit("/about", cookies);
    expect(await before.text()).not.toContain("Gleich gültig");
    // Stored once the first view is answered; from then on served from the cache…
    await cachedView("/about", cookies);
    // …but only until the alert starts (well before the 60 s every copy lives at most): then it shows.
    await expect
      .poll(async () => (await visit("/about", cookies)).text(), { timeout: 30_000, interval: 250 })
      .toContain("Gleich gültig");
  });

  it("serves a first consenting view from the cache on the second request, and still marks the alerts as seen", async () => {
    const token = await staffToken();
    await api("alert/save", {
      token,
      json: { title: "Betriebsferien", text: "Vom 24.12. bis 1.1. geschlossen.", fromDate: new Date(Date.now() - 60_000).toISOString(), toDate: new Date(Date.now() + 86_400_000).toISOString() },
    });
    // Two new visitors who have just chosen in the consent dialog: nothing seen yet.
    const newVisitor = { cookieConsent: SETTLED.consent };
    const first = await visit("/standort", newVisitor);
    expect(first.headers.get("Set-Cookie")).toMatch(/^besucht=[\w-]+;/);
    expect(await first.text()).toContain("Betriebsferien");
    const second = await cachedView("/standort", newVisitor);
    const marker = second.headers.get("Set-Cookie");
    expect(marker).toBe(first.headers.get("Set-Cookie"));
    expect(second.headers.get("X-Shared-Cookies")).toBeNull();
    expect(second.headers.get("Cache-Control")).toBe("no-cache");
    expect(await second.text()).toContain("Betriebsferien");

    // Who has seen them gets the page without the popup, and no marker.
    const seen = await visit("/standort", { ...newVisitor, besucht: decodeURIComponent(/besucht=([^;]*)/.exec(marker!)![1]) });
    expect(seen.headers.get("Set-Cookie")).toBeNull();
    expect(await seen.text()).not.toContain("Betriebsferien");
  });

  it("never lets a staff session or a toast fill or read a cached page", async () => {
    const cookies = await settledVisitor();
    const anonymous = await (await cachedView("/about", cookies)).text();
    const visitor = Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
    const session = await staffCookie();
    const staffView = await SELF.fetch(`${BASE}/about`, { headers: { Cookie: `${visitor}; ${session}` } });
    expect(staffView.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(staffView.headers.get("Cache-Control")).toBe("private, no-store");
    // The anonymous copy is still the same one: the staff view neither read nor replaced it.
    const after = await visit("/about", cookies);
    expect(after.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect((await after.text()).replace(/nonce="[^"]*"/g, "")).toBe(anonymous.replace(/nonce="[^"]*"/g, ""));

    const withToast = await SELF.fetch(`${BASE}/intern/news`, { headers: { Cookie: `${session}; hinweis=etwas` } });
    expect(withToast.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(withToast.headers.get("Cache-Control")).toBe("private, no-store");
  });

});
