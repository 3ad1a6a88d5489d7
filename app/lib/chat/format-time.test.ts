import { describe, expect, it } from "vitest";
import { formatMessageTime } from "./format-time";

const now = new Date("2026-11-20T18:00:00Z"); // a Friday
const at = (iso: string) => formatMessageTime(iso, { now, timeZone: "UTC" });

describe("formatMessageTime", () => {
  it("shows only the time for messages under 24 hours old", () => {
    expect(at("2026-11-20T17:59:00Z")).toBe("5:59 PM");
    expect(at("2026-11-20T09:05:00Z")).toBe("9:05 AM");
    expect(at("2026-11-19T18:00:01Z")).toBe("6:00 PM");
  });

  it("shows the weekday and time from 24 hours up to a week", () => {
    expect(at("2026-11-19T18:00:00Z")).toBe("Thu 6:00 PM");
    expect(at("2026-11-16T08:30:00Z")).toBe("Mon 8:30 AM");
    expect(at("2026-11-13T18:00:01Z")).toBe("Fri 6:00 PM");
  });

  it("shows the date and time for anything a week or older", () => {
    expect(at("2026-11-13T18:00:00Z")).toBe("Nov 13, 2026, 6:00 PM");
    expect(at("2025-01-02T00:15:00Z")).toBe("Jan 2, 2025, 12:15 AM");
  });

  it("treats a time slightly in the future as new", () => {
    expect(at("2026-11-20T18:00:30Z")).toBe("6:00 PM");
  });

  it("uses the given time zone", () => {
    expect(formatMessageTime("2026-11-20T17:00:00Z", { now, timeZone: "America/New_York" })).toBe("12:00 PM");
  });

  it("accepts a Date and returns nothing for an unreadable value", () => {
    expect(formatMessageTime(new Date("2026-11-20T12:00:00Z"), { now, timeZone: "UTC" })).toBe("12:00 PM");
    expect(formatMessageTime("not a date", { now })).toBe("");
  });
});
