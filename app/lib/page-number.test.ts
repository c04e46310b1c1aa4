import { describe, expect, it } from "vitest";
import { pageNumber, pageRows } from "./page-number";

describe("pageNumber", () => {
  it.each([
    ["seite=3", 3],
    ["seite=1", 1],
    ["", 1],
    ["seite=0", 1],
    ["seite=-2", 1],
    ["seite=2.5", 1],
    ["seite=abc", 1],
    ["seite=999999", 100_000],
  ])("reads %s as page %i", (query, page) => {
    expect(pageNumber(new URLSearchParams(query))).toBe(page);
  });

  it("reads another parameter name with the same meaning", () => {
    expect(pageNumber(new URLSearchParams("neuigkeiten=2"), "neuigkeiten")).toBe(2);
  });

  it("turns page N into the rows it holds", () => {
    expect(pageRows(3, 10)).toEqual({ startAt: 20, limit: 10 });
  });
});
