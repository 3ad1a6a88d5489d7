import { describe, expect, it } from "vitest";
import { isShownOnPath } from "./visibility";

const appearance = (show_on_pages: string[], hide_on_pages: string[] = []) => ({
  position: "bottom-right" as const,
  show_on_pages,
  hide_on_pages,
});

describe("isShownOnPath", () => {
  it("shows everywhere when show_on_pages is empty, ['*'] or ['all']", () => {
    for (const show of [[], ["*"], ["all"]]) {
      expect(isShownOnPath("/", appearance(show))).toBe(true);
      expect(isShownOnPath("/providence-web-design", appearance(show))).toBe(true);
    }
  });

  it("hides on exact paths and trailing-* prefixes", () => {
    const settings = appearance(["*"], ["/chat*", "/contact"]);
    expect(isShownOnPath("/chat", settings)).toBe(false);
    expect(isShownOnPath("/chat/WBT-2025-ABC123", settings)).toBe(false);
    expect(isShownOnPath("/contact", settings)).toBe(false);
    expect(isShownOnPath("/contact/thank-you", settings)).toBe(true);
    expect(isShownOnPath("/", settings)).toBe(true);
  });

  it("limits to show_on_pages when it lists pages", () => {
    const settings = appearance(["/", "/blog*"]);
    expect(isShownOnPath("/", settings)).toBe(true);
    expect(isShownOnPath("/blog/first-post", settings)).toBe(true);
    expect(isShownOnPath("/about", settings)).toBe(false);
  });

  it("lets hide_on_pages win over show_on_pages", () => {
    expect(isShownOnPath("/blog/draft", appearance(["/blog*"], ["/blog/draft"]))).toBe(false);
  });

  it("tolerates missing lists", () => {
    expect(isShownOnPath("/", {})).toBe(true);
  });
});
