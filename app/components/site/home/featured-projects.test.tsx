import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { pickFeatured, type ProjectCard } from "~/content/featured-projects";
import { FeaturedProjectsBody, type FeaturedProjectsState } from "./featured-projects";

const card = (id: string, featured = false): ProjectCard => ({
  id,
  title: `Title ${id}`,
  description: `About ${id}`,
  imageUrl: `/images/projects/${id}.svg`,
  featured,
});

const render = (state: FeaturedProjectsState) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FeaturedProjectsBody state={state} limit={3} />
    </MemoryRouter>,
  );

describe("pickFeatured", () => {
  it("puts featured cards first and fills up to the limit", () => {
    const cards = [card("a"), card("b", true), card("c"), card("d", true)];
    expect(pickFeatured(cards).map((c) => c.id)).toEqual(["b", "d", "a"]);
  });
  it("takes the first three when none is featured (public-site spec 9)", () => {
    expect(pickFeatured([card("a"), card("b"), card("c"), card("d")]).map((c) => c.id)).toEqual(["a", "b", "c"]);
  });
});

describe("the featured projects states", () => {
  it("loading shows the message over placeholder tiles", () => {
    expect(render({ status: "loading" })).toContain("Loading Featured Projects...");
  });
  it("error shows the heading and the message", () => {
    const html = render({ status: "error", message: "API returned 503" });
    expect(html).toContain("Error Loading Projects");
    expect(html).toContain("API returned 503");
    expect(html).toContain('role="alert"');
  });
  it("empty shows No Projects Found", () => {
    expect(render({ status: "loaded", cards: [] })).toContain("No Projects Found");
  });
  it("loaded shows cards linking to /projects#{slug}, with Visit Site only for live sites", () => {
    const html = render({ status: "loaded", cards: [card("sweet-fig"), { ...card("surf"), live: "https://example.com" }] });
    expect(html).toContain('href="/projects#sweet-fig"');
    expect(html).toContain("Title surf");
    expect(html.match(/Visit Site/g)).toHaveLength(1);
    expect(html).toContain('href="https://example.com"');
  });
});
