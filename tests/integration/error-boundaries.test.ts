import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE } from "./helpers";

describe("a page whose data cannot be read", () => {
  it("shows the error inside the shell, with the navigation and the footer", async () => {
    // The gallery's filter reads the categories; the shell reads only alerts and hours.
    await env.DB.exec("DROP TABLE reference_categories; DROP TABLE categories");
    const response = await SELF.fetch(`${BASE}/referenz`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Etwas ist schiefgelaufen");
    expect(html).toMatch(/<nav[^>]*aria-label="Menü"/);
    expect(html).toContain("<footer");
    expect(html).not.toMatch(/at \w+ \(|\.server\.ts/);
  });
});
