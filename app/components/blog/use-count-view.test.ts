import { describe, expect, it } from "vitest";
import { ViewCountAnswerSchema } from "~/contracts/posts";
import { countedView } from "./use-count-view";

describe("countedView", () => {
  it("reads the view-count answer as its schema does", () => {
    const answers: unknown[] = [
      { success: true, counted: true },
      { success: true, counted: false },
      { success: false, counted: true },
      { success: true },
      { counted: true },
      { success: "true", counted: "true" },
      null,
      "counted",
      [],
    ];
    for (const answer of answers) {
      const bySchema = ViewCountAnswerSchema.safeParse(answer).data?.counted === true;
      expect(countedView(answer), JSON.stringify(answer)).toBe(bySchema);
    }
  });
});
