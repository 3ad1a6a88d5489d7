import { describe, expect, it } from "vitest";
import { drawUniqueProjectId, generateProjectId, PROJECT_ID_PATTERN } from "./project-id";

describe("project IDs", () => {
  it("have the WBT-{year}-{6 unambiguous characters} shape", () => {
    const id = generateProjectId(new Date("2026-03-01T00:00:00Z"));
    expect(id).toMatch(/^WBT-2026-/);
    expect(id).toMatch(PROJECT_ID_PATTERN);
    expect(id.slice(9)).not.toMatch(/[01ILO]/);
  });

  it("never repeat over 10,000 draws", async () => {
    const issued = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const id = await drawUniqueProjectId((candidate) => issued.has(candidate));
      expect(id).toMatch(PROJECT_ID_PATTERN);
      issued.add(id);
    }
    expect(issued.size).toBe(10_000);
  });

  it("draw again when an ID is taken", async () => {
    let calls = 0;
    const id = await drawUniqueProjectId(() => ++calls < 3);
    expect(calls).toBe(3);
    expect(id).toMatch(PROJECT_ID_PATTERN);
  });

  it("are spread over the whole alphabet (no guessable pattern)", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => generateProjectId().slice(9)).join(""));
    expect(seen.size).toBe(31);
  });
});
