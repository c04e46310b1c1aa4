import { describe, expect, it } from "vitest";
import type { OpeningHours } from "~/lib/opening-hours";
import { openingHoursSpecification } from "~/lib/seo";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { dialNumber } from "~/lib/phone";
import { baseURL, openPage, workerChromium } from "./browser";
import { settleShell } from "./shell-helpers";

const ALIASES: [string, string][] = [
  ["/ueberuns-service", "/about"],
  ["/ueberuns", "/about"],
  ["/service", "/about"],
  ["/leistung", "/about"],
  ["/datenschutz", "/impressum"],
  ["/impressum-und-datenschutz", "/impressum"],
  ["/legal", "/impressum"],
  ["/mprint", "/impressum"],
  ["/data-privacy", "/impressum"],
  ["/impresum", "/impressum"],
  ["/kontakt", "/standort"],
  ["/Kontakt", "/standort"],
  ["/contact", "/standort"],
  ["/leder", "/ledermuster"],
  ["/muster", "/ledermuster"],
  ["/bilder", "/referenz"],
  ["/galerie", "/referenz"],
];

const get = (path: string, init: RequestInit = {}) => fetch(`${baseURL()}${path}`, { redirect: "manual", ...init });

describe("aliases (SPEC §2 route table)", () => {
  it.each(ALIASES)("%s answers a permanent redirect to %s", async (alias, target) => {
    const response = await get(alias);
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("Location") ?? "", baseURL()).pathname).toBe(target);
  });

  it("match in any letter case and keep the query string", async () => {
    const response = await get("/GALERIE?kategorie=Lenkr%C3%A4der");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/referenz?kategorie=Lenkr%C3%A4der");
    expect((await get("/KONTAKT/")).headers.get("Location")).toBe("/standort");
  });
});

describe("unknown paths", () => {
  it("fall back to the home page", async () => {
    const response = await get("/gibt-es-nicht/auch-nicht");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");

    const page = await openPage(await workerChromium(), { javaScriptEnabled: false });
    try {
      await settleShell(page.context());
      await page.goto("/irgendwas");
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.locator("header.navbar").count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it("leave unknown API paths to the API", async () => {
    const response = await get("/api/v1/gibt-es-nicht");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows the site, keeps crawlers out of the staff area and the API, and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    expect(text).toContain("Disallow: /intern");
    expect(text).toContain("Disallow: /api");
    expect(text).toContain(`Sitemap: ${DEMO.website}/sitemap.xml`);
  });

  it("sitemap.xml lists exactly the canonical public pages", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("xml");
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // Published project pages follow the fixed pages (issue 40); other test files publish some on this server.
    const projectPrefix = new URL("/referenz/projekt/", DEMO.website).href;
    expect(locations.filter((location) => !location.startsWith(projectPrefix))).toEqual(
      ["/", "/about", "/referenz", "/ledermuster", "/standort", "/anfrage", "/impressum"].map((path) => new URL(path, DEMO.website).href),
    );
    for (const location of locations.filter((each) => each.startsWith(projectPrefix))) {
      expect((await get(new URL(location).pathname)).status).toBe(200);
    }
  });
});

describe("preference forms", () => {
  it("never send the visitor to another site", async () => {
    for (const redirectTo of ["//example.org/falle", "https://example.org/", "/\\example.org", "javascript:alert(1)"]) {
      const response = await get("/einstellungen/cookies", {
        method: "POST",
        body: new URLSearchParams({ wahl: "alle", redirectTo }),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("are refused when posted from another site", async () => {
    const response = await get("/einstellungen/design", {
      method: "POST",
      headers: { Origin: "https://example.org" },
      body: new URLSearchParams({ theme: "light", redirectTo: "/" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("structured data", () => {
  it("the page carries LocalBusiness data with the address and readable opening hours", async () => {
    const html = await (await get("/")).text();
    const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.address).toMatchObject({ streetAddress: DEMO.street, addressLocality: "Köln" });
    expect(data.telephone).toBe(dialNumber(DEMO.phone));
    const hours = (await (await get("/api/v1/opening/get")).json()) as OpeningHours;
    const expected = openingHoursSpecification(hours);
    expect(data.openingHoursSpecification).toEqual(expected.length > 0 ? expected : undefined);
    expect(html).toMatch(/<html lang="de"/);
  });
});
