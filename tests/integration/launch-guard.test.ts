import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { businessFieldId } from "~/lib/business";
import { PATHS } from "~/lib/site-areas";
import { META_DESCRIPTION_MAX_LENGTH } from "~/lib/seo";
import { api, site, staffCookie, staffToken } from "./helpers";
import { cachedView, cookieHeaders, settledVisitor, visit } from "./visitors";

/* Issue 39: what outside validators and search engines find on the public pages. */

const PUBLIC_PAGES = ["/", "/about", "/impressum", PATHS.contact, "/ledermuster", "/referenz", PATHS.enquiry];

const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const decoded = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

describe("links and metadata of every public page", () => {
  it.each(PUBLIC_PAGES)("%s links /standort directly, never the /kontakt alias, and describes itself in at most 160 characters", async (path) => {
    const response = await visit(path, await settledVisitor());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/standort"');
    expect(html).not.toMatch(/href="\/kontakt"/i);
    const description = descriptionOf(html);
    expect(description).toBeTruthy();
    expect(decoded(description!).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
    expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]+"/);
  });

  it("/kontakt still answers a permanent redirect to /standort", async () => {
    const response = await site("/kontakt", { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("Location")!, "https://x.test").pathname).toBe(PATHS.contact);
  });
});

/** The workshop's own values for every field the Impressum needs that the demo fills with a stand-in or leaves empty. */
const OWN_IMPRESSUM = {
  name: "Sattlerei Krämer e. K.",
  owner: "Thomas Krämer",
  masterTitle: "Sattlermeister (Fahrzeugsattler)",
  street: "Venloer Straße 300",
  phone: "0221 5544330",
  email: "post@sattlerei-kraemer.de",
  representative: "Thomas Krämer (Inhaber)",
  vatId: "DE123456789",
  chamberNumber: "12345",
  contentResponsible: "Thomas Krämer, Venloer Straße 300, 50823 Köln",
};

const BAND = "Die Website zeigt noch Beispieldaten";

describe("the launch guard", () => {
  it("keeps a deployed site out of search engines while the Impressum holds the demo's stand-ins, and shows staff the band", async () => {
    const visitor = await settledVisitor();
    // The test's host (werkstatt.test) is a deployed site's.
    for (const path of PUBLIC_PAGES) {
      const response = await visit(path, visitor);
      expect(response.headers.get("X-Robots-Tag"), path).toBe("noindex");
    }
    // Served from the edge cache too, until the record changes.
    expect((await cachedView("/", visitor)).headers.get("X-Robots-Tag")).toBe("noindex");
    // The local demo (npm start) stays indexable.
    const local = await SELF.fetch("http://localhost:8787/", { headers: cookieHeaders(visitor) });
    expect(local.status).toBe(200);
    expect(local.headers.get("X-Robots-Tag")).toBeNull();

    const token = await staffToken();
    const cookie = await staffCookie(token);
    const staff = await (await site(PATHS.staffNews, { headers: { Cookie: cookie } })).text();
    expect(staff).toContain(BAND);
    // It links the first field still missing.
    expect(staff).toContain(`href="${PATHS.staffBusiness}#${businessFieldId("name")}"`);

    const saved = await api("business/update", { token, json: OWN_IMPRESSUM });
    expect(saved.status).toBe(200);
    for (const path of PUBLIC_PAGES) {
      const response = await visit(path, visitor);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Robots-Tag"), path).toBeNull();
      expect(await response.text(), path).not.toMatch(/<meta name="robots"/);
    }
    expect(await (await site(PATHS.staffNews, { headers: { Cookie: cookie } })).text()).not.toContain(BAND);
  });
});
