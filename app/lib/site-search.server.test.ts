import { describe, expect, it } from "vitest";
import type { Post } from "~/contracts/post-content";
import { htmlToText, postDocuments, registerSearchSource, searchSite } from "./site-search.server";

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

describe("published posts as documents", () => {
  const post = (over: Partial<Post>): Post => ({
    id: 1,
    title: "Title",
    slug: "slug",
    content: "",
    excerpt: null,
    featured_image: null,
    status: "published",
    post_type: "blog",
    seo_title: null,
    seo_description: null,
    tags: null,
    published_at: "2026-01-01T00:00:00.000Z",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    view_count: 0,
    ...over,
  });
  const docs = postDocuments([
    post({
      slug: "chowder-menus",
      title: "Menus that sell chowder",
      content: "## Galilee\n\nPut the **quahog** specials first.",
    }),
    post({
      slug: "bait-shop",
      title: "Bait shop site",
      post_type: "portfolio",
      content: JSON.stringify({
        description: "Tide times for Point Judith anglers",
        tech_stack: ["Astro"],
        featured: true,
      }),
    }),
    post({ slug: "study", post_type: "case_study", content: "quahog" }),
  ]);

  it("maps articles (blog posts, case studies) to /blog/{slug} with the body's text, and projects to their case study", () => {
    expect(docs.map((d) => d.path)).toEqual(["/blog/chowder-menus", "/blog/bait-shop", "/blog/study"]);
    expect(docs[0]!.text).toContain("Put the quahog specials first.");
    expect(docs[0]!.text).not.toContain("**");
    expect(docs[1]!.description).toBe("Tide times for Point Judith anglers");
  });

  it("are searched with the static pages", async () => {
    expect((await searchSite("quahog specials", docs)).map((r) => r.path)).toEqual(["/blog/chowder-menus"]);
    expect((await searchSite("point judith", docs)).map((r) => r.path)).toContain("/blog/bait-shop");
  });
});
