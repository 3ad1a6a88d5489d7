import { describe, expect, it } from "vitest";
import type { Post } from "~/contracts/post-content";
import { toBlogArticle, toBlogCard } from "./blog-data.server";
import { wrapTables } from "~/lib/content/markdown";
import { blogPath, parseBlogFilter, VIEW_COUNT_SHOWN_FROM, viewsLabel } from "./format";
import { pageWindow, parsePageParam } from "./paging";
import { shareTargets } from "./share-targets";

const post = (over: Partial<Post> = {}): Post => ({
  id: 1,
  title: "What a website costs",
  slug: "what-it-costs",
  content: "## Costs\n\nDesign, hosting and a **domain**.\n\n| a | b |\n|---|---|\n| 1 | 2 |",
  excerpt: null,
  featured_image: null,
  status: "published",
  post_type: "blog",
  seo_title: null,
  seo_description: null,
  tags: "pricing, hosting, domains, seo",
  published_at: "2026-03-04T15:00:00.000Z",
  created_at: "2026-03-04T15:00:00.000Z",
  updated_at: "2026-03-05T15:00:00.000Z",
  view_count: 7,
  ...over,
});

describe("?page=", () => {
  it("is a whole number of at least 1, anything else page 1", () => {
    expect(parsePageParam("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "abc", "2.5", "1e3", "99999999999999999999"])
      expect(parsePageParam(bad), String(bad)).toBe(1);
  });
  it("page 1 is /blog itself", () => {
    expect(blogPath(1)).toBe("/blog");
    expect(blogPath(4)).toBe("/blog?page=4");
    expect(blogPath(1, "case-studies")).toBe("/blog?type=case-studies");
    expect(blogPath(2, "case-studies")).toBe("/blog?type=case-studies&page=2");
    expect(parseBlogFilter("case-studies")).toBe("case-studies");
    expect(parseBlogFilter("portfolio")).toBe("articles");
    expect(parseBlogFilter(null)).toBe("articles");
  });
  it("shows the ends and two pages either side, with gaps", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, null, 20]);
  });
});

describe("blog loader data", () => {
  it("cards carry an excerpt from the body when none is set, reading time, tags, and no image when the post has none", () => {
    const card = toBlogCard(post());
    expect(card.excerpt).toBe("Costs Design, hosting and a domain. a b 1 2");
    expect(card.minutes).toBe(1);
    expect(card.tags).toEqual(["pricing", "hosting", "domains", "seo"]);
    expect(card.image).toBeNull();
    expect(toBlogCard(post({ featured_image: "photo.webp" })).image).toBe("/assets/images/projects/photo.webp");
    expect(toBlogCard(post({ excerpt: "Own words" })).excerpt).toBe("Own words");
  });
  it("articles carry sanitized HTML with scrollable tables, never the raw body", () => {
    const article = toBlogArticle(post({ content: "<script>alert(1)</script>\n\n| a |\n|---|\n| 1 |" }));
    expect(article.html).not.toContain("<script");
    expect(article.html).toContain('<div data-table-scroll="" role="region" aria-label="Table" tabindex="0"><table>');
    expect(article).not.toHaveProperty("content");
    expect(article.views).toBe(7);
    expect(article.image).toBeNull();
  });
  it("wraps every table", () => {
    expect(wrapTables("<table></table><p>x</p><table></table>").match(/data-table-scroll/g)).toHaveLength(2);
  });
});

describe("share targets", () => {
  it("covers twitter, facebook, linkedin, whatsapp and email with the encoded address", () => {
    const targets = shareTargets("https://websitesbytyler.com/blog/a b", "Costs & fees");
    expect(targets.map((t) => t.id)).toEqual(["twitter", "facebook", "linkedin", "whatsapp", "email"]);
    for (const target of targets) expect(target.href).toContain("a%20b");
    expect(targets[4]!.href.startsWith("mailto:?subject=Costs%20%26%20fees")).toBe(true);
  });
});

describe("viewsLabel", () => {
  it("shows no count below the threshold, then the count with a thousands separator", () => {
    expect(viewsLabel(0)).toBeNull();
    expect(viewsLabel(VIEW_COUNT_SHOWN_FROM - 1)).toBeNull();
    expect(viewsLabel(VIEW_COUNT_SHOWN_FROM)).toBe(`${VIEW_COUNT_SHOWN_FROM} views`);
    expect(viewsLabel(1204)).toBe("1,204 views");
  });
});
