import { describe, expect, it } from "vitest";
import { PATHS } from "~/lib/site-areas";
import { META_DESCRIPTION_MAX_LENGTH } from "~/lib/seo";
import { site } from "./helpers";
import { settledVisitor, visit } from "./visitors";

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
