import { describe, expect, it } from "vitest";
import { waitMessage } from "./wait";

describe("waitMessage (decision 046)", () => {
  it("keeps the server's words, which say why and for how long", () => {
    const words = "Please wait a moment: too many PDF downloads in the last minute. Try again in 42 seconds.";
    expect(waitMessage("42", words)).toBe(words);
  });

  it("says to wait in words of its own when none came, with Retry-After's seconds when they make sense", () => {
    expect(waitMessage("5")).toBe("Please wait a moment: try again in 5 seconds.");
    expect(waitMessage("1")).toBe("Please wait a moment: try again in 1 second.");
    for (const odd of [null, undefined, "", "soon", "0", "-3", "2.5", "86400", "Wed, 21 Oct 2026 07:28:00 GMT"])
      expect(waitMessage(odd)).toBe("Please wait a moment, then try again.");
  });
});
