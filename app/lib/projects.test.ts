import { describe, expect, it } from "vitest";
import { PROJECT_SLUG_MAX_LENGTH, slugOf } from "~/lib/projects";

describe("slugOf", () => {
  it("makes a project's address from German words: umlauts spelt out, other marks dropped, hyphens between", () => {
    expect(slugOf("Porsche 911 (993) Sitze neu bezogen")).toBe("porsche-911-993-sitze-neu-bezogen");
    expect(slugOf("Mercedes W124 – Lenkräder & Dachhimmel")).toBe("mercedes-w124-lenkraeder-dachhimmel");
    expect(slugOf("Citroën DS, Sitzfläche größer")).toBe("citroen-ds-sitzflaeche-groesser");
  });

  it("stays short, never ends in a hyphen, and is never empty", () => {
    const slug = slugOf(`${"Sattlerarbeit ".repeat(10)}`);
    expect(slug.length).toBeLessThanOrEqual(PROJECT_SLUG_MAX_LENGTH);
    expect(slug).not.toMatch(/-$/);
    expect(slugOf("– ✂ –")).toBe("projekt");
  });
});
