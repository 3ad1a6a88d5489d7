import { describe, expect, it } from "vitest";
import { pageParam } from "~/contracts/paging";
import { pageLinks, pageWindow } from "./pager";

describe("the page links", () => {
  it("show the first and last pages, those around this one, and a gap for the rest", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 40)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, "gap", 40]);
    expect(pageWindow(40, 40)).toEqual([1, "gap", 38, 39, 40]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // No gap stands for a single page: 1 2 3 4 5 6 7 … 40 rather than 1 … 3 4 5 6 7 … 40.
    expect(pageWindow(5, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 40]);
  });

  it("read the page from the address: a whole number from 1, anything else is page 1", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam("0")).toBe(1);
    expect(pageParam("-2")).toBe(1);
    expect(pageParam("2.7")).toBe(1);
    expect(pageParam("abc")).toBe(1);
  });

  it("on a phone, only this page's neighbours, with gaps of their own", () => {
    const shown = (page: number, pages: number, where: "phone" | "wide") =>
      pageLinks(page, pages)
        .filter((item) => (where === "phone" ? item.className !== "hidden sm:block" : item.className !== "sm:hidden"))
        .map((item) => ("gap" in item ? "gap" : item.page));
    expect(shown(6, 40, "wide")).toEqual(pageWindow(6, 40, 2));
    expect(shown(6, 40, "phone")).toEqual([1, "gap", 5, 6, 7, "gap", 40]);
    expect(shown(4, 40, "phone")).toEqual([1, 2, 3, 4, 5, "gap", 40]);
    expect(shown(2, 3, "phone")).toEqual([1, 2, 3]);
  });
});
