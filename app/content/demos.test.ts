import { describe, expect, it } from "vitest";
import {
  categoryCounts,
  DEMO_CATEGORIES,
  demoForIndustry,
  demos,
  demosItemListJsonLd,
  filterDemos,
  type Demo,
} from "./demos";

const demo = (id: string, category: Demo["category"]): Demo => ({
  id,
  title: `Title ${id}`,
  description: `About ${id}`,
  category,
  url: `/demo-sites/${id}/`,
  features: [],
  techStack: [],
  industry: "restaurant",
});

describe("the demo data (docs/product/portfolio-and-demos.md 'Demos')", () => {
  it("has seven demos, each complete and served under /demo-sites/{id}/", () => {
    expect(demos).toHaveLength(7);
    for (const entry of demos) {
      expect(entry.url).toBe(`/demo-sites/${entry.id}/`);
      expect(entry.description.length).toBeGreaterThan(40);
      expect(entry.features.length).toBeGreaterThanOrEqual(3);
      expect(entry.techStack.length).toBeGreaterThanOrEqual(3);
      expect(DEMO_CATEGORIES).toContain(entry.category);
    }
    expect(new Set(demos.map((entry) => entry.id)).size).toBe(7);
  });

  it("finds the demo of an industry", () => {
    expect(demoForIndustry("car-detailing")?.title).toBe("Gloss Boss Auto Detailing");
  });
});

describe("filterDemos", () => {
  const list = [demo("a", "food"), demo("b", "service"), demo("c", "food")];

  it("keeps every demo, in order, for 'all'", () => {
    expect(filterDemos(list, "all").map((entry) => entry.id)).toEqual(["a", "b", "c"]);
  });
  it("keeps only the chosen category", () => {
    expect(filterDemos(list, "food").map((entry) => entry.id)).toEqual(["a", "c"]);
    expect(filterDemos(demos, "automotive").map((entry) => entry.id)).toEqual(["car-detailing"]);
  });
  it("yields nothing for a category without demos (the 'No demos found' state)", () => {
    expect(filterDemos(list, "automotive")).toEqual([]);
    expect(filterDemos([], "all")).toEqual([]);
  });
});

describe("categoryCounts", () => {
  it("counts the real data: all 7, service 4, automotive 1, food 2", () => {
    expect(categoryCounts(demos).map(({ filter, count }) => [filter, count])).toEqual([
      ["all", 7],
      ["service", 4],
      ["automotive", 1],
      ["food", 2],
    ]);
  });
  it("leaves out empty categories", () => {
    const options = categoryCounts([demo("a", "food"), demo("b", "food")]);
    expect(options.map((option) => option.filter)).toEqual(["all", "food"]);
    expect(options.map((option) => option.label)).toEqual(["All", "Food"]);
  });
  it("shows only 'all' with 0 when there are no demos", () => {
    expect(categoryCounts([])).toEqual([{ filter: "all", label: "All", count: 0 }]);
  });
  it("each count equals the length of its filtered list", () => {
    for (const option of categoryCounts(demos)) {
      expect(filterDemos(demos, option.filter)).toHaveLength(option.count);
    }
  });
});

describe("demosItemListJsonLd", () => {
  it("lists every demo with an absolute URL", () => {
    const ld = demosItemListJsonLd(demos, (path) => `https://example.test${path}`);
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.numberOfItems).toBe(7);
    expect(ld.itemListElement[0]).toMatchObject({
      position: 1,
      name: "Federal Hill Trattoria",
      url: "https://example.test/demo-sites/restaurant/",
    });
  });
});
