import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProjectCard } from "~/contracts/post-content";
import { FeaturedProjectsBody, type FeaturedProjectsState } from "./featured-projects";
import {
  FEATURED_CACHE_KEY,
  FEATURED_CACHE_MAX_AGE_MS,
  featuredCards,
  fetchPortfolio,
  isStale,
  pickFeatured,
  readFeaturedCache,
  writeFeaturedCache,
  type PortfolioPost,
} from "./featured-source";

const card = (id: string, featured = false): ProjectCard => ({
  id,
  title: `Title ${id}`,
  summary: `About ${id}`,
  imageUrl: `/images/projects/${id}.svg`,
  live: "",
  featured,
  tags: [],
});

const post = (slug: string, featured = false): PortfolioPost => ({
  slug,
  title: `Title ${slug}`,
  excerpt: null,
  content: JSON.stringify({ description: `About ${slug}`, live_url: "", github_url: "", tech_stack: [], featured }),
  featured_image: null,
  tags: null,
});

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

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
  it("takes the first three when none is featured (docs/product/portfolio-and-demos.md 'Featured projects')", () => {
    expect(pickFeatured([card("a"), card("b"), card("c"), card("d")]).map((c) => c.id)).toEqual(["a", "b", "c"]);
  });
  it("reads the featured flag from the portfolio content", () => {
    expect(featuredCards([post("a"), post("b"), post("c"), post("d", true)]).map((c) => c.id)).toEqual(["d", "a", "b"]);
  });
});

describe("the featuredProjects_v1 cache", () => {
  it("round-trips { savedAt, posts }", () => {
    const storage = memoryStorage();
    writeFeaturedCache(storage, [post("a", true)], 1000);
    expect(JSON.parse(storage.map.get(FEATURED_CACHE_KEY)!)).toMatchObject({ savedAt: 1000, posts: [{ slug: "a" }] });
    expect(readFeaturedCache(storage)).toEqual({ savedAt: 1000, posts: [post("a", true)] });
  });
  it("ignores malformed caches silently", () => {
    for (const raw of [
      "{not json",
      "null",
      "[]",
      '{"posts":[]}',
      '{"savedAt":"x","posts":[]}',
      '{"savedAt":1,"posts":[{"title":"no slug"}]}',
      '{"savedAt":1,"posts":{}}',
    ]) {
      expect(readFeaturedCache(memoryStorage({ [FEATURED_CACHE_KEY]: raw })), raw).toBeUndefined();
    }
    expect(readFeaturedCache(undefined)).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readFeaturedCache(throwing)).toBeUndefined();
  });
  it("is stale after 10 minutes", () => {
    expect(isStale({ savedAt: 0, posts: [] }, FEATURED_CACHE_MAX_AGE_MS)).toBe(false);
    expect(isStale({ savedAt: 0, posts: [] }, FEATURED_CACHE_MAX_AGE_MS + 1)).toBe(true);
  });
});

describe("fetchPortfolio", () => {
  it("fails with 'API returned {status}' on a non-OK answer (docs/product/portfolio-and-demos.md 'Featured projects')", async () => {
    const fetcher = (async () => new Response("nope", { status: 503 })) as unknown as typeof fetch;
    await expect(fetchPortfolio(fetcher)).rejects.toThrow("API returned 503");
  });
  it("returns the posts of the answer", async () => {
    const fetcher = (async () =>
      Response.json({ posts: [post("a")], total: 1, limit: 100, offset: 0 })) as unknown as typeof fetch;
    expect((await fetchPortfolio(fetcher)).map((p) => p.slug)).toEqual(["a"]);
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
    const html = render({
      status: "loaded",
      cards: [
        card("sweet-fig"),
        { ...card("surf"), live: "https://example.com" },
        { ...card("bad"), live: "javascript:alert(1)" },
      ],
    });
    expect(html).toContain('href="/projects#sweet-fig"');
    expect(html).toContain("Title surf");
    expect(html.match(/Visit Site/g)).toHaveLength(1);
    expect(html).toContain('href="https://example.com"');
    expect(html).not.toContain("javascript:");
  });
});
