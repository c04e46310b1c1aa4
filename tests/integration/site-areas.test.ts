import { describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { png } from "../fixtures/images";
import { postPage, SAME_ORIGIN, site, staffCookie } from "./helpers";
import { settledVisitor, visit } from "./visitors";

/** Every spelling of a staff path that the routes accept (issue 17, 18). */
const LOGIN_SPELLINGS = ["/intern/login", "/Intern/login", "/INTERN/LOGIN", "/Intern/Login/", "/%69ntern/login"];

describe("the staff area in every spelling", () => {
  it.each(LOGIN_SPELLINGS)("%s is the staff login, in the staff shell, and never kept in the edge cache", async (path) => {
    const cookies = await settledVisitor();
    for (let view = 0; view < 2; view++) {
      const response = await visit(path, cookies);
      expect(response.status).toBe(200);
      expect(response.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).toContain('name="password"');
      // Not the public shell: no footer, no consent dialog, no important-information popup.
      expect(html).not.toContain("<footer");
      expect(html).not.toContain("Datenschutz-Präferenz");
    }
  });

  it("shows a staff page in another letter case in the staff shell, never from the cache", async () => {
    const anonymous = await site("/INTERN/news", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get(CACHE_STATUS_HEADER)).toBeNull();

    const headers = { Cookie: await staffCookie() };
    for (let view = 0; view < 2; view++) {
      const response = await site("/INTERN/news", { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).toContain('aria-label="Interne Navigation"');
      expect(html).not.toContain("<footer");
    }
  });

  it("lets a multipart upload to a mixed-case Bilder path past the 64 KB form limit, as the lower-case one", async () => {
    const cookie = await staffCookie();
    const big = png({ width: 200, height: 200 });
    expect(big.byteLength).toBeGreaterThan(64 * 1024);
    for (const path of ["/intern/uploadReference", "/Intern/UploadReference"]) {
      const form = new FormData();
      form.append("intent", "upload");
      form.append("images", new File([big], "gross.png", { type: "image/png" }));
      form.append("description", "Groß");
      const response = await postPage(path, form, { ...SAME_ORIGIN, Cookie: cookie });
      expect(response.status, path).toBe(302);
    }
  });
});
