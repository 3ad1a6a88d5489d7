import { describe, expect, it } from "vitest";
import { parseTags } from "~/contracts/post-kinds";
import {
  stripMarkdown,
  parsePortfolioContent,
  resolveFeaturedImage,
  serializePortfolioContent,
  slugify,
  toProjectCard,
  minutesToRead,
} from "~/contracts/post-content";

describe("post helpers", () => {
  it("reads tags as a JSON array string or a comma list", () => {
    expect(parseTags('["React", "SEO"]')).toEqual(["React", "SEO"]);
    expect(parseTags("React, SEO ,, seo")).toEqual(["React", "SEO"]);
    expect(parseTags("[broken, json")).toEqual(["broken", "json"]);
    expect(parseTags(null)).toEqual([]);
  });

  it("reads portfolio content, and malformed content as a plain description", () => {
    const content = serializePortfolioContent({
      description: "A bakery site",
      live_url: " https://x.test ",
      github_url: "",
      tech_stack: [" React ", "", "Tailwind"],
      featured: true,
    });
    expect(parsePortfolioContent(content)).toEqual({
      description: "A bakery site",
      live_url: "https://x.test",
      github_url: "",
      tech_stack: ["React", "Tailwind"],
      featured: true,
    });
    expect(parsePortfolioContent('{"description": "half')).toMatchObject({
      description: '{"description": "half',
      featured: false,
    });
    expect(parsePortfolioContent("Just words")).toMatchObject({ description: "Just words", tech_stack: [] });
  });

  it("resolves featured images: absolute, root-relative, bare file name, else the placeholder", () => {
    expect(resolveFeaturedImage("https://cdn.test/a.png")).toBe("https://cdn.test/a.png");
    expect(resolveFeaturedImage("/images/a.png")).toBe("/images/a.png");
    expect(resolveFeaturedImage("bakery.webp")).toBe("/assets/images/projects/bakery.webp");
    expect(resolveFeaturedImage("")).toBe("/images/project-placeholder.svg");
    expect(resolveFeaturedImage("javascript:alert(1)")).toBe("/images/project-placeholder.svg");
  });

  it("slugs titles as docs/product/posts-and-portfolio.md 'Slug rule' says", () => {
    expect(slugify("  Hello,  World -- Again!  ")).toBe("hello-world-again");
    expect(slugify("Café & Crêpes in R.I.")).toBe("cafe-crepes-in-ri");
  });

  it("strips markdown for card text", () => {
    expect(
      stripMarkdown("## The brief\n\nA **bold** plan with [a link](https://x.test) and `code`.\n\n- one\n- two"),
    ).toBe("The brief\n\nA bold plan with a link and code.\n\none\ntwo");
  });

  it("derives project cards and reading time", () => {
    const card = toProjectCard({
      slug: "s",
      title: "T",
      content: "not json",
      excerpt: "ex",
      featured_image: null,
      tags: "a,b",
    });
    expect(card).toMatchObject({
      id: "s",
      summary: "ex",
      featured: false,
      tags: ["a", "b"],
      imageUrl: "/images/project-placeholder.svg",
    });
    // A card carries its summary, not the write-up: /projects sends every card to the browser.
    expect(card).not.toHaveProperty("description");
    expect(
      toProjectCard({
        slug: "s",
        title: "T",
        content: "## Brief\n\nFirst part.\n\nSecond.",
        excerpt: " ",
        featured_image: null,
        tags: null,
      }).summary,
    ).toBe("First part.");
    expect(minutesToRead("word ".repeat(201))).toBe(2);
  });
});
