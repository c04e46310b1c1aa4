import { describe, expect, it } from "vitest";
import { isInternalPath, normalizedPath, showsFooter, showsNavbar } from "./site-areas";

describe("shell rules (SPEC §2)", () => {
  it("hides the navigation bar only on the staff login", () => {
    expect(showsNavbar("/intern/login")).toBe(false);
    expect(showsNavbar("/Intern/Login")).toBe(false);
    expect(showsNavbar("/intern/news")).toBe(true);
    expect(showsNavbar("/")).toBe(true);
  });

  it("hides the footer in the staff area and on login paths", () => {
    for (const path of ["/intern", "/intern/news", "/intern/login", "/login", "/INTERN/opening"]) {
      expect(showsFooter(path)).toBe(false);
    }
    for (const path of ["/", "/about", "/standort", "/referenz"]) expect(showsFooter(path)).toBe(true);
  });

  it("shows the internal link set on every path starting with /intern", () => {
    expect(isInternalPath("/intern/uploadReference")).toBe(true);
    expect(isInternalPath("/impressum")).toBe(false);
  });

  it("compares links case-insensitively and without a trailing slash", () => {
    expect(normalizedPath("/About/")).toBe("/about");
    expect(normalizedPath("/")).toBe("/");
  });
});
