import { describe, expect, it } from "vitest";
import { mapEmbedUrl, reviewsReadUrl, whatsappHref } from "~/lib/business";
import { missingForImpressum } from "~/lib/business-fields";
import { DEMO_BUSINESS } from "~/lib/site-config";

describe("whatsappHref", () => {
  it("is a plain wa.me link with the digits, or nothing", () => {
    expect(whatsappHref("0171 2345678")).toBe("https://wa.me/491712345678");
    expect(whatsappHref("")).toBeNull();
  });
});

describe("mapEmbedUrl", () => {
  it("shows the saved position, or the address when there is none", () => {
    expect(mapEmbedUrl(DEMO_BUSINESS)).toBe("https://www.google.com/maps?q=50.93749,6.96031&z=15&output=embed");
    expect(mapEmbedUrl({ ...DEMO_BUSINESS, latitude: null, longitude: null })).toContain(
      `q=${encodeURIComponent("Autosattlerei Meisterbetrieb, Musterstraße 12, 50667 Köln")}`,
    );
  });
});

describe("missingForImpressum", () => {
  it("names every Impressum field still at the demo's stand-in or empty", () => {
    expect(missingForImpressum(DEMO_BUSINESS, DEMO_BUSINESS).map((spec) => spec.key)).toEqual([
      "name",
      "owner",
      "masterTitle",
      "street",
      "phone",
      "email",
      "representative",
      "vatId",
      "chamberNumber",
      "contentResponsible",
    ]);
  });

  it("names nothing once each is the workshop's own; an empty USt-IdNr is no gap", () => {
    const own = {
      ...DEMO_BUSINESS,
      name: "Sattlerei Beispiel e. K.",
      owner: "Erika Beispiel",
      masterTitle: "Sattlermeisterin",
      street: "Lederweg 3",
      phone: "0221 998877",
      email: "post@sattlerei-beispiel.de",
      representative: "Erika Beispiel",
      vatId: "",
      chamberNumber: "12345",
      contentResponsible: "Erika Beispiel, Lederweg 3, 50667 Köln",
    };
    expect(missingForImpressum(own, DEMO_BUSINESS)).toEqual([]);
    expect(missingForImpressum({ ...own, chamber: "" }, DEMO_BUSINESS).map((spec) => spec.key)).toEqual(["chamber"]);
  });
});

describe("reviewsReadUrl", () => {
  it("prefers the reading address, falls back to the Google profile, else none", () => {
    const read = "https://www.google.com/search?q=bewertungen";
    const profile = "https://maps.google.com/?cid=1";
    expect(reviewsReadUrl({ googleReviewsReadUrl: read, googleProfileUrl: profile })).toBe(read);
    expect(reviewsReadUrl({ googleReviewsReadUrl: "", googleProfileUrl: profile })).toBe(profile);
    expect(reviewsReadUrl({ googleReviewsReadUrl: "", googleProfileUrl: "" })).toBeNull();
  });
});
