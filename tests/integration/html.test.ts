import { describe, expect, it } from "vitest";
import { enquiryForm, sendEnhanced } from "./enquiry-helpers";
import { site } from "./helpers";

describe("valid documents", () => {
  it.each(["/", "/referenz", "/?cookie-einstellungen=individuell", "/intern/login"])(
    "ends %s with its closing tags, with Remix's data scripts (the staff area's; public pages run no Remix) inside the body",
    async (path) => {
      const html = await (await site(path)).text();
      // Without the doctype a browser lays the page out in quirks mode.
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      expect(html.endsWith("</body></html>")).toBe(true);
      expect(html.match(/<\/html>/g)).toHaveLength(1);
      expect(html.includes("streamController.close()")).toBe(path.startsWith("/intern"));
    },
  );

  it("hands Remix's data to the browser whole, in scripts that carry the page's nonce", async () => {
    const response = await site("/intern/login");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const enqueued = [...html.matchAll(/<script nonce="([^"]+)">window\.__remixContext\.streamController\.enqueue\((.*?)\);<\/script>/g)];
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0][1]).toBe(nonce);
    // The same turbo-stream text as the page's .data, which the browser decodes the same way.
    const data: string = JSON.parse(enqueued[0][2]);
    expect(data).toContain("routes/intern.login");
    expect(html).toContain(`<script nonce="${nonce}">window.__remixContext.streamController.close();</script></body></html>`);
  });

  it("tells search engines about the workshop once per public page, outside the hydration data", async () => {
    const html = await (await site("/")).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const business = JSON.parse(scripts[0][1]);
    expect(business["@type"]).toBe("AutoRepair");
    expect(business.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(html.match(/AutoRepair/g)).toHaveLength(1);
    expect(await (await site("/_root.data")).text()).not.toContain("AutoRepair");
  });

  it("shows the always-on Essenziell checkbox without readonly, which checkboxes do not take", async () => {
    const html = await (await site("/?cookie-einstellungen=individuell")).text();
    const essential = /<input type="checkbox"[^>]*>\s*<span>\s*<strong>Essenziell/.exec(html)?.[0];
    expect(essential).toMatch(/checked=""/);
    expect(essential).toMatch(/disabled=""/);
    expect(html).not.toMatch(/readonly/i);
  });

  it.each(["/about", "/standort", "/ledermuster", "/impressum", "an enquiry's status page"])(
    "ships %s as a document: its styles inline, no framework script, no module preload, no hydration data (decision 018)",
    async (path) => {
      const html = await (await site(path.startsWith("/") ? path : await statusPagePath())).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toMatch(/rel="stylesheet"/);
      expect(head).toMatch(/<style>[^<]*--color-bg/);
      expect(html).not.toMatch(/rel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      expect(html).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html).not.toContain("__remixContext");
    },
  );

  it.each(["/", "/referenz", "/anfrage"])(
    "paints %s without waiting for a stylesheet or for JavaScript (decision 011)",
    async (path) => {
      const html = await (await site(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toMatch(/rel="stylesheet"/);
      expect(head).toMatch(/<style>[^<]*--color-bg/);
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(0);
      for (const preload of preloads) expect(preload).toMatch(/ fetchpriority="low" media="not all" /);
      // The islands' script (decision 018) is imported once the page has painted, not by static imports; no Remix.
      const moduleScript = /<script[^>]*type="module"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
      expect(moduleScript).not.toMatch(/import \* as/);
      expect(moduleScript).toMatch(/first-contentful-paint[^]*import\("\/assets\/islands\.client-/);
      expect(html).not.toContain("__remixContext");
    },
  );
});

/** The status page of a fresh enquiry (decision 021): the confirmation a customer sees after sending. */
async function statusPagePath(): Promise<string> {
  const answer = await sendEnhanced(await enquiryForm());
  return ((await answer.json()) as { location: string }).location;
}
