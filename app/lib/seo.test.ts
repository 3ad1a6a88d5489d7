import { describe, expect, it } from "vitest";
import { DEFAULT_TITLE, fullTitle, pageMeta } from "./seo";
import { site } from "~/config/site";

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  it("uses the default title pattern on home", () => {
    expect(DEFAULT_TITLE).toBe(`${site.brand} - Custom websites that work`);
    const meta = pageMeta({ path: "/", description: "Home" });
    expect(meta[0]).toEqual({ title: DEFAULT_TITLE });
  });

  it("adds the brand to page titles once", () => {
    expect(fullTitle("About")).toBe(`About | ${site.brand}`);
    expect(fullTitle(`About ${site.brand}`)).toBe(`About ${site.brand}`);
  });

  it("sets description, keywords, absolute canonical, robots, Open Graph and the social card", () => {
    const meta = pageMeta({ title: "Pricing", path: "/pricing", description: "x ".repeat(200) + "pricing plans" });
    expect(find(meta, "name", "description")!.content!.length).toBeLessThanOrEqual(160);
    expect(find(meta, "rel", "canonical")!.href).toMatch(/^https?:\/\/[^/]+\/pricing$/);
    expect(find(meta, "name", "robots")!.content).toBe("index, follow");
    expect(find(meta, "property", "og:image")!.content).toMatch(/^https?:\/\/.+\/images\/social-card\.png$/);
    expect(find(meta, "property", "og:image:width")!.content).toBe("1200");
    expect(find(meta, "property", "og:image:height")!.content).toBe("630");
    expect(find(meta, "name", "keywords")!.content).toContain("pricing");
  });

  it("marks noindex pages and adds a BreadcrumbList off home", () => {
    const meta = pageMeta({ title: "Thanks", path: "/contact/thank-you", description: "Thanks", noindex: true });
    expect(find(meta, "name", "robots")!.content).toBe("noindex, nofollow");
    const ld = meta
      .filter((m) => "script:ld+json" in m)
      .map((m) => (m as { "script:ld+json": { "@type": string } })["script:ld+json"]);
    expect(ld.map((d) => d["@type"])).toContain("BreadcrumbList");
  });
});
