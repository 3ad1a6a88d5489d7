import { describe, expect, it } from "vitest";
import { editorStats, statsLabels } from "./stats";

describe("editor stats", () => {
  it("counts words split on whitespace, characters and minutes at 200 words a minute, rounded up", () => {
    expect(editorStats("")).toEqual({ words: 0, characters: 0, minutes: 0 });
    expect(editorStats("  # Hello\n\nworld **now**  ")).toEqual({ words: 4, characters: 26, minutes: 1 });
    expect(editorStats("👍 ok").characters).toBe(4);
    expect(editorStats("word ".repeat(200)).minutes).toBe(1);
    expect(editorStats("word ".repeat(201)).minutes).toBe(2);
  });

  it("labels them", () => {
    expect(statsLabels({ words: 1, characters: 1, minutes: 1 })).toEqual({
      words: "1 word",
      characters: "1 character",
      minutes: "1 min read",
    });
    expect(statsLabels({ words: 1200, characters: 7000, minutes: 6 }).characters).toBe("7,000 characters");
  });
});
