import { describe, expect, it } from "vitest";
import { claimableSites } from "~/content/claimable-sites";
import { statusText } from "./site-card";

describe("statusText", () => {
  it("names the month each site was built, as the calendar day reads", () => {
    const site = claimableSites[0]!;
    const date = new Date(`${site.builtDate}T12:00:00Z`);
    const expected = date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    expect(statusText(site)).toContain(expected);
  });

  it("every claimable site has a real calendar day, so its card never reads 'undefined'", () => {
    for (const site of claimableSites) {
      expect(site.builtDate, site.id).toMatch(/^\d{4}-(0[1-9]|1[0-2])-\d{2}$/);
      expect(statusText(site), site.id).not.toContain("undefined");
    }
  });
});
