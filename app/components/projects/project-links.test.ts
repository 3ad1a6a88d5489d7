import { describe, expect, it } from "vitest";
import { caseStudyPath, webUrl } from "./project-links";

describe("webUrl", () => {
  it("keeps web addresses and this site's own paths", () => {
    expect(webUrl(" https://example.com/a ")).toBe("https://example.com/a");
    expect(webUrl("/demo-sites/restaurant/")).toBe("/demo-sites/restaurant/");
    expect(webUrl("/concept-sites/sweet-fig-bakery/")).toBe("/concept-sites/sweet-fig-bakery/");
  });

  it("refuses script, data, protocol-relative and blank values", () => {
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "",
      "  ",
      null,
    ])
      expect(webUrl(value)).toBeUndefined();
  });
});

it("a case study is read at /blog/{slug}", () => {
  expect(caseStudyPath("sweet-fig-bakery")).toBe("/blog/sweet-fig-bakery");
});
