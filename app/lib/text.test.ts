import { describe, expect, it } from "vitest";
import { extractKeywords, titleFromSlug, truncateText } from "./text";

describe("truncateText", () => {
  it("keeps text that fits", () => {
    expect(truncateText("Short and sweet.")).toBe("Short and sweet.");
  });

  it("cuts at 160 characters by default, on a word boundary, with an ellipsis", () => {
    const text = "Custom websites for Rhode Island small businesses ".repeat(6);
    const result = truncateText(text);
    expect(result.length).toBeLessThanOrEqual(160);
    expect(result.endsWith("...")).toBe(true);
    const body = result.slice(0, -3);
    expect(text.startsWith(body)).toBe(true);
    // the character after the kept text was a space: no word was cut in half
    expect(text.charAt(body.length)).toBe(" ");
  });

  it("collapses whitespace and drops trailing punctuation before the ellipsis", () => {
    expect(truncateText("one,   two, three, four", 14)).toBe("one, two...");
  });

  it("cuts a single long word when there is no boundary", () => {
    expect(truncateText("a".repeat(50), 10)).toBe("aaaaaaa...");
  });
});

describe("extractKeywords", () => {
  it("returns 10 words by default, most frequent first", () => {
    const text =
      "website website website design design providence rhode island business hosting support pricing launch mobile search ranking";
    const words = extractKeywords(text);
    expect(words).toHaveLength(10);
    expect(words.slice(0, 2)).toEqual(["website", "design"]);
  });

  it("skips words of 3 letters or fewer and stop words", () => {
    expect(extractKeywords("the web and seo for you about their websites")).toEqual(["websites"]);
  });

  it("honours a custom count and keeps first-seen order on ties", () => {
    expect(extractKeywords("alpha bravo charlie delta", 2)).toEqual(["alpha", "bravo"]);
  });
});

describe("titleFromSlug", () => {
  it("title-cases a slug", () => {
    expect(titleFromSlug("north-kingstown-web-design")).toBe("North Kingstown Web Design");
  });
  it("keeps abbreviations upper-case", () => {
    expect(titleFromSlug("westerly-web-design-ri")).toBe("Westerly Web Design RI");
  });
  it("survives malformed percent-encoding", () => {
    expect(titleFromSlug("bad%E0%A4%A")).toBe("Bad%E0%A4%A");
  });
});
