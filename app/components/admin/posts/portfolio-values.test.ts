import { describe, expect, it } from "vitest";
import { parsePortfolioContent, type Post } from "~/contracts/post-content";
import { checkProject, EMPTY_PROJECT, portfolioFormValues, portfolioInput, projectMatches } from "./portfolio-values";

const post = (over: Partial<Post>): Post => ({
  id: 3,
  title: "Sweet Fig Bakery",
  slug: "sweet-fig-bakery",
  content: JSON.stringify({
    description: "Pastry **case**",
    live_url: "",
    github_url: "https://github.com/x/y",
    tech_stack: ["HTML", "CSS"],
    featured: true,
  }),
  excerpt: "Short",
  featured_image: "/images/a.svg",
  status: "published",
  post_type: "portfolio",
  seo_title: null,
  seo_description: null,
  tags: "Bakery, Concept",
  published_at: null,
  created_at: "",
  updated_at: "",
  view_count: 4,
  ...over,
});

describe("the portfolio form (docs/product/posts-and-portfolio.md 'Portfolio form', 'Portfolio project')", () => {
  it("opens new projects as published", () => {
    expect(EMPTY_PROJECT.status).toBe("published");
    expect(EMPTY_PROJECT.featured).toBe(false);
  });

  it("reads the serialized content into fields, the tech stack comma separated", () => {
    expect(portfolioFormValues(post({}))).toMatchObject({
      description: "Pastry **case**",
      github_url: "https://github.com/x/y",
      tech_stack: "HTML, CSS",
      featured: true,
      excerpt: "Short",
    });
    expect(portfolioFormValues(post({ content: "Plain old text" })).description).toBe("Plain old text");
  });

  it("sends post_type portfolio, the serialized content and the project's own tags", () => {
    const values = {
      ...portfolioFormValues(post({})),
      tech_stack: " Astro, , Netlify ",
      live_url: " https://x.example ",
    };
    const input = portfolioInput(values, "Bakery, Concept");
    expect(input).toMatchObject({
      post_type: "portfolio",
      tags: "Bakery, Concept",
      title: "Sweet Fig Bakery",
      excerpt: "Short",
    });
    expect(parsePortfolioContent(input.content)).toEqual({
      description: "Pastry **case**",
      live_url: "https://x.example",
      github_url: "https://github.com/x/y",
      tech_stack: ["Astro", "Netlify"],
      featured: true,
    });
  });

  it("requires a title and a project description, and links that are addresses", () => {
    const result = checkProject({ ...EMPTY_PROJECT, live_url: "example.com" }, null);
    expect("errors" in result && result.errors).toEqual({
      title: "Title is required",
      description: "Project description is required",
      live_url: expect.stringMatching(/https:\/\//),
    });
    expect("input" in checkProject({ ...EMPTY_PROJECT, title: "T", description: "D" }, null)).toBe(true);
  });

  it("searches title, slug, description and tech stack", () => {
    expect(projectMatches(post({}), "pastry")).toBe(true);
    expect(projectMatches(post({}), "css")).toBe(true);
    expect(projectMatches(post({}), "sweet-fig")).toBe(true);
    expect(projectMatches(post({}), "Concept")).toBe(false);
  });
});
