import { describe, expect, it } from "vitest";
import { formatInstant, zoneAbbreviation } from "./zoned";

describe("formatInstant", () => {
  it("shows an instant in the business's zone and names the zone, EST in winter and EDT in summer", () => {
    expect(formatInstant("2026-12-06T06:34:00Z")).toBe("Dec 6, 2026, 1:34 AM EST");
    expect(formatInstant("2026-07-04T16:05:00Z")).toBe("Jul 4, 2026, 12:05 PM EDT");
    expect(formatInstant(new Date("2026-12-06T06:34:00Z"), "long")).toBe("December 6, 2026 at 1:34 AM EST");
    expect(formatInstant("2026-12-06T06:34:00Z", "time")).toBe("1:34 AM EST");
    expect(formatInstant("2027-01-12T19:00:00Z", "weekday")).toBe("Tue, Jan 12, 2:00 PM EST");
    expect(formatInstant("2027-01-12T19:00:00Z", "weekdayYear")).toBe("Tue, Jan 12, 2027, 2:00 PM EST");
    expect(formatInstant("2027-01-12T19:00:00Z", "weekday", "America/Los_Angeles")).toBe("Tue, Jan 12, 11:00 AM PST");
  });

  it("follows the clock change: 1:59 AM EST, then 3:00 AM EDT on the second Sunday of March", () => {
    expect(formatInstant("2026-03-08T06:59:00Z", "time")).toBe("1:59 AM EST");
    expect(formatInstant("2026-03-08T07:00:00Z", "time")).toBe("3:00 AM EDT");
    expect(zoneAbbreviation("2026-11-01T05:30:00Z")).toBe("EDT");
    expect(zoneAbbreviation("2026-11-01T06:30:00Z")).toBe("EST");
  });

  it("gives back a value it cannot read", () => {
    expect(formatInstant("not a time")).toBe("not a time");
  });
});
