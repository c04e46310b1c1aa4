import { describe, expect, it } from "vitest";
import { areaOf, canonicalPath, isPath, PATHS } from "./site-areas";

describe("areas of the site, read as the routes read a path", () => {
  it("finds the staff area in every spelling Remix matches", () => {
    for (const path of ["/intern", "/intern/login", "/Intern/login", "/INTERN/news", "/Intern/Login/", "/%69ntern/login", "//intern/news", "/intern/news.data"]) {
      expect(areaOf(path), path).toBe("staff");
    }
  });

  it("keeps paths that merely start alike public", () => {
    for (const path of ["/", "/about", "/internet", "/interne", "/%2569ntern/login"]) {
      expect(areaOf(path), path).toBe("public");
    }
  });

  it("tells the API, pictures and preference forms apart in any letter case", () => {
    expect(areaOf("/api/v1/news/get")).toBe("api");
    expect(areaOf("/API/v1/news/get")).toBe("api");
    expect(areaOf("/images/references/a.jpg")).toBe("pictures");
    expect(areaOf("/einstellungen/design")).toBe("preferences");
    expect(areaOf("/Einstellungen/Design")).toBe("preferences");
    expect(areaOf("/__manifest")).toBe("framework");
  });

  it("compares named paths decoded, case-insensitively and without a trailing slash", () => {
    expect(canonicalPath("/About/")).toBe("/about");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/%zz")).toBe("/%zz");
    expect(isPath("/Intern/UploadReference/", PATHS.staffPictures)).toBe(true);
    expect(isPath("/intern/uploadreference.data", PATHS.staffPictures)).toBe(true);
    expect(isPath("/intern/uploadReference/bild", PATHS.staffPictures)).toBe(false);
  });
});
