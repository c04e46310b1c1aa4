import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("offers every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it("keeps first, last and the current page's neighbours, with gaps between", () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, null, 9]);
    expect(pageWindow(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageWindow(9, 9)).toEqual([1, null, 8, 9]);
  });

  it("marks no gap where the pages meet", () => {
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, null, 9]);
    expect(pageWindow(7, 9)).toEqual([1, null, 6, 7, 8, 9]);
  });
});
