import { describe, expect, it } from "vitest";
import { ENQUIRY_PHONE_PATTERN, topicFrom, topicOfCategories } from "~/lib/enquiry";

describe("topicOfCategories", () => {
  it("finds a gallery category's topic in the singular or plural, umlauts and case aside", () => {
    expect(topicOfCategories(["Lenkräder"])).toBe("Lenkrad");
    expect(topicOfCategories(["Cabrioverdecke"])).toBe("Cabrioverdeck");
    expect(topicOfCategories(["Motorradsitze"])).toBe("Motorradsitz");
    expect(topicOfCategories(["oldtimer"])).toBe("Oldtimer-Innenausstattung");
    expect(topicOfCategories(["AUTOSITZE"])).toBe("Autositze");
  });

  it("takes the first category that names one, and none for what names none or too little", () => {
    expect(topicOfCategories(["Innenausstattung", "Lenkräder"])).toBe("Lenkrad");
    expect(topicOfCategories(["Innenausstattung"])).toBeNull();
    expect(topicOfCategories(["Auto"])).toBeNull();
    expect(topicOfCategories([])).toBeNull();
  });
});

describe("topicFrom", () => {
  it("reads the link's topic regardless of case, and nothing else", () => {
    expect(topicFrom("musterberatung")).toBe("Musterberatung");
    expect(topicFrom("Lenkräder")).toBeNull();
    expect(topicFrom(null)).toBeNull();
  });
});

describe("ENQUIRY_PHONE_PATTERN", () => {
  // The browser anchors the field's pattern and reads it with the `v` flag; the server with `u`.
  const matches = (flags: string, value: string) => new RegExp(`^(?:${ENQUIRY_PHONE_PATTERN})$`, flags).test(value);

  it("reads alike in the browser and on the server: what people write, with at least six digits", () => {
    for (const flags of ["u", "v"]) {
      for (const good of ["0221 123456", "+49 (0)221 / 12 34-56", "0171.2345678"]) expect(matches(flags, good), `${flags} ${good}`).toBe(true);
      for (const bad of ["12345", "ruf mich an", "0221 12345 x"]) expect(matches(flags, bad), `${flags} ${bad}`).toBe(false);
    }
  });
});
