import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedCities } from "~/config/site";
import { industryPaths } from "~/content/industry-paths";
import { createTestApp } from "../../tests/support/app";

/**
 * Every page of the production build as the app serves it, read as HTML (no browser): its own
 * title, description, canonical, Open Graph and JSON-LD, the city and industry pages' structured
 * data, the headings and images every template must carry, and a crawl from / that follows every
 * internal link and image. The browser journeys keep one page per template for hydration and axe
 * (tests/e2e/page-accessibility.spec.ts, city-pages.spec.ts, industry-pages.spec.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ site: true });
}, 60_000);
afterAll(() => ctx.close());

const aliasPaths = [...servedCities.map((city) => `${city.path}-ri`), ...industryPaths.flatMap((i) => i.aliases)];
const landingPaths = [...servedCities.map((c) => c.path), ...industryPaths.map((i) => i.path)];

interface PageFacts {
  status: number;
  html: string;
  title?: string;
  description?: string;
  canonical?: string;
  og: Record<string, string>;
  jsonLd: unknown[];
  links: string[];
  images: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

const get = (path: string) => ctx.app.request(path);

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

async function inspect(path: string): Promise<PageFacts> {
  const res = await get(path);
  const html = await res.text();
  const tags = html.match(/<(meta|link|a|img|iframe|source)\b[^>]*>/g) ?? [];
  const og: Record<string, string> = {};
  let description: string | undefined;
  let canonical: string | undefined;
  const links: string[] = [];
  const images: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith("<meta")) {
      const property = attr(tag, "property");
      if (property?.startsWith("og:")) og[property] = decode(attr(tag, "content") ?? "");
      if (attr(tag, "name") === "description") description = decode(attr(tag, "content") ?? "");
    } else if (tag.startsWith("<link")) {
      const rel = attr(tag, "rel");
      if (rel === "canonical") canonical = attr(tag, "href");
      else if (rel && /icon|manifest|stylesheet/.test(rel)) images.push(attr(tag, "href")!);
    } else if (tag.startsWith("<a")) {
      const href = attr(tag, "href");
      if (href) links.push(decode(href));
    } else {
      const src = attr(tag, "src") ?? attr(tag, "data-src");
      if (src) images.push(decode(src));
    }
  }
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  return { status: res.status, html, title: title && decode(title), description, canonical, og, jsonLd, links, images };
}

const internal = (href: string) => {
  if (!href.startsWith("/") || href.startsWith("//")) return undefined;
  const path = href.split("#")[0]!.split("?")[0]!;
  return path || undefined;
};

describe("the built site, read as HTML", () => {
  it("gives every page its own title, description, canonical, Open Graph and JSON-LD in the server HTML", async () => {
    const pages = await sitemapPaths();
    expect(pages.length).toBeGreaterThanOrEqual(1 + 5 + 1 + 11 + 7 + 2);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of [...pages, ...aliasPaths]) {
      const facts = await inspect(path);
      expect(facts.status, path).toBe(200);
      expect(facts.title, `${path} title`).toBeTruthy();
      expect(facts.description, `${path} description`).toBeTruthy();
      expect(facts.description!.length, `${path} description length`).toBeLessThanOrEqual(160);
      expect(facts.canonical, `${path} canonical`).toMatch(/^https?:\/\/[^/]+\//);
      for (const key of ["og:title", "og:description", "og:url", "og:image", "og:type"])
        expect(facts.og[key], `${path} ${key}`).toBeTruthy();
      expect(facts.og["og:url"]).toBe(facts.canonical);
      expect(facts.jsonLd.length, `${path} JSON-LD`).toBeGreaterThan(0);
      if (aliasPaths.includes(path)) continue; // an alias shares its page's canonical, title and description
      expect(new URL(facts.canonical!).pathname, `${path} canonical path`).toBe(path);
      expect(titles.get(facts.title!), `${path} title is unique`).toBeUndefined();
      expect(descriptions.get(facts.description!), `${path} description is unique`).toBeUndefined();
      titles.set(facts.title!, path);
      descriptions.set(facts.description!, path);
    }
    for (const alias of aliasPaths) {
      const main =
        alias.endsWith("-ri") && servedCities.some((c) => `${c.path}-ri` === alias)
          ? alias.slice(0, -3)
          : industryPaths.find((i) => i.aliases.includes(alias))!.path;
      expect(new URL((await inspect(alias)).canonical!).pathname, `${alias} canonical`).toBe(main);
    }
  });

  it("gives city and industry pages Service or LocalBusiness data with areaServed, and breadcrumbs", async () => {
    for (const path of landingPaths) {
      const { jsonLd } = await inspect(path);
      const types = jsonLd.map((d) => (d as { "@type": string })["@type"]);
      expect(types, path).toContain("BreadcrumbList");
      const main = jsonLd.find((d) =>
        ["Service", "ProfessionalService", "LocalBusiness"].includes((d as { "@type": string })["@type"]),
      );
      expect(main, `${path} Service/LocalBusiness`).toBeTruthy();
      expect(JSON.stringify((main as { areaServed?: unknown }).areaServed ?? ""), `${path} areaServed`).not.toBe('""');
    }
  });

  it("gives every city and industry page one h1, headings that skip no level, and images with alt text", async () => {
    // What axe would find on a page of a template it has checked once (the journeys check one of each).
    for (const path of landingPaths) {
      const { html } = await inspect(path);
      const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
      const levels = [...body.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(
        levels.filter((l) => l === 1),
        `${path} h1`,
      ).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!, `${path} heading ${i} skips a level`).toBeLessThanOrEqual(1);
      });
      for (const img of body.match(/<img\b[^>]*>/g) ?? []) expect(img, `${path} image alt`).toMatch(/\balt="/);
      expect(body, `${path} lang`).toMatch(/<html[^>]*\blang="en/);
    }
  });

  it("finds nothing broken crawling from / through every internal link and image", async () => {
    const seen = new Map<string, number>();
    const queue = ["/", ...(await sitemapPaths()), ...aliasPaths];
    const broken: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      const facts = await inspect(path);
      seen.set(path, facts.status);
      if (facts.status >= 400) {
        broken.push(`${path} -> ${facts.status}`);
        continue;
      }
      for (const src of facts.images.map(internal).filter((p): p is string => !!p)) {
        if (seen.has(src)) continue;
        const res = await get(src);
        await res.arrayBuffer();
        seen.set(src, res.status);
        if (!res.ok) broken.push(`${src} (image on ${path}) -> ${res.status}`);
      }
      for (const link of facts.links.map(internal).filter((p): p is string => !!p)) {
        if (!seen.has(link) && !link.startsWith("/api/")) queue.push(link);
      }
    }
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  }, 120_000);
});
