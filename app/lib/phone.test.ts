import { describe, expect, it } from "vitest";
import { dialNumber, telHref } from "~/lib/phone";

describe("dialNumber", () => {
  it("turns the number as shown into the one a tel: link dials", () => {
    expect(dialNumber("0221 123456-0")).toBe("+492211234560");
    expect(dialNumber("+49 (0)221 / 12 34 56")).toBe("+49221123456");
    expect(dialNumber("0049 221 123456")).toBe("+49221123456");
    expect(dialNumber("(0221) 123456")).toBe("+49221123456");
    expect(dialNumber("+43 1 5879999")).toBe("+4315879999");
  });

  it("refuses what cannot be dialled", () => {
    expect(dialNumber("ruf mich an")).toBeNull();
    expect(dialNumber("221 123456")).toBeNull();
    expect(dialNumber("0221")).toBeNull();
    expect(dialNumber("0221 123456 ext. 5")).toBeNull();
    expect(dialNumber("0221 1234567890123456")).toBeNull();
  });
});

describe("telHref", () => {
  it("dials the international form, or the digits of what it cannot read", () => {
    expect(telHref("0221 123456-0")).toBe("tel:+492211234560");
    expect(telHref("110")).toBe("tel:110");
  });
});
