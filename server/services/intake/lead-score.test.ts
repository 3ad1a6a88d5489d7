import { describe, expect, it } from "vitest";
import { scoreLead } from "./lead-score";

describe("scoreLead (docs/product/lead-paths.md, docs/decisions/005-lead-score.md)", () => {
  it("is 0 with nothing to go on", () => {
    expect(scoreLead({})).toBe(0);
  });
  it.each([
    [{ budget: "500-plus" }, 20],
    [{ budget: "2500+" }, 20],
    [{ budget: "1500-2500" }, 20],
    [{ budget: "300-500" }, 10],
    [{ budget: "75-150" }, 0],
    [{ budget: "discuss" }, 0],
    [{ timeline: "asap" }, 15],
    [{ timeline: "1-2weeks" }, 15],
    [{ timeline: "flexible" }, 0],
    [{ description: "x".repeat(100) }, 0],
    [{ description: "x".repeat(101) }, 10],
    [{ phone: "401 555 0100" }, 10],
    [{ company: "Sweet Fig Bakery" }, 5],
    [{ budget: "500-plus", timeline: "asap", description: "y".repeat(150), phone: "1", company: "c" }, 60],
  ])("scores %j as %i", (signals, expected) => {
    expect(scoreLead(signals)).toBe(expected);
  });
});
