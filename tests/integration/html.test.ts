import { describe, expect, it } from "vitest";
import { site } from "./helpers";

describe("valid documents", () => {
  it.each(["/", "/referenz", "/?cookie-einstellungen=individuell", "/intern/login"])(
    "ends %s with its closing tags, with Remix's data scripts inside the body",
    async (path) => {
      const html = await (await site(path)).text();
      expect(html.endsWith("</body></html>")).toBe(true);
      expect(html.match(/<\/html>/g)).toHaveLength(1);
      expect(html).toContain("streamController.close()");
    },
  );

  it("shows the always-on Essenziell checkbox without readonly, which checkboxes do not take", async () => {
    const html = await (await site("/?cookie-einstellungen=individuell")).text();
    const essential = /<input type="checkbox"[^>]*>\s*<span>\s*<strong>Essenziell/.exec(html)?.[0];
    expect(essential).toMatch(/checked=""/);
    expect(essential).toMatch(/disabled=""/);
    expect(html).not.toMatch(/readonly/i);
  });
});
