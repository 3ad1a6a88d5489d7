import { describe, expect, it } from "vitest";
import { htmlToText, registerSearchSource, searchSite } from "./site-search.server";

describe("htmlToText", () => {
  it("keeps the visible text of <main> only", () => {
    const html = `<header>Menu</header><main><h1>Web &amp; design</h1><script>var x=1</script><svg><text>icon</text></svg><p>Hello   there</p></main><footer>f</footer>`;
    expect(htmlToText(html)).toBe("Web & design Hello there");
  });
});

describe("searchSite", () => {
  registerSearchSource(async () => [
    {
      path: "/blog/tide-tables",
      title: "Tide tables for surf schools",
      description: "Showing tides on a website",
      text: "Narragansett swell and tide charts",
    },
  ]);

  it("finds registered documents matching every word, title hits first", async () => {
    const results = await searchSite("tide narragansett");
    expect(results[0]?.path).toBe("/blog/tide-tables");
  });

  it("finds static pages by their registry metadata", async () => {
    const results = await searchSite("newport");
    expect(results.map((r) => r.path)).toContain("/newport-web-design");
  });

  it("ignores empty and symbol-only queries and caps long ones", async () => {
    expect(await searchSite("   ")).toEqual([]);
    expect(await searchSite("!!! ???")).toEqual([]);
    expect(await searchSite("x".repeat(10_000))).toEqual([]);
  });
});
