import { describe, expect, it } from "vitest";
import { monthRange, monthWeeks, dayAfterKey, addMonths } from "./calendar";
import { dayKeyOf, formatWhen, groupByDay, startOfDay, zoneLabel, zoneOptions, COMMON_ZONES } from "./zones";

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 20 * 60_000).toISOString() });

/** Three free times around midnight in London, on the evening before in California. */
const SLOTS = [slot("2027-01-13T16:00:00.000Z"), slot("2027-01-12T23:30:00.000Z"), slot("2027-01-13T02:30:00.000Z")];

const days = (zone: string) =>
  Object.fromEntries([...groupByDay(SLOTS, zone)].map(([day, list]) => [day, list.map((s) => s.start.slice(11, 16))]));

describe("a day's free times, as days are in the visitor's zone", () => {
  it("puts 02:30 UTC on the 12th in Los Angeles and New York, but on the 13th in London", () => {
    expect(dayKeyOf("2027-01-13T02:30:00Z", "America/Los_Angeles")).toBe("2027-01-12");
    expect(dayKeyOf("2027-01-13T02:30:00Z", "America/New_York")).toBe("2027-01-12");
    expect(dayKeyOf("2027-01-13T02:30:00Z", "Europe/London")).toBe("2027-01-13");
  });

  it("groups the month's slots by day, each day in time order", () => {
    expect(days("America/Los_Angeles")).toEqual({ "2027-01-12": ["23:30", "02:30"], "2027-01-13": ["16:00"] });
    expect(days("Europe/London")).toEqual({ "2027-01-12": ["23:30"], "2027-01-13": ["02:30", "16:00"] });
    // Nine hours ahead, all three move a day on.
    expect(days("Asia/Tokyo")).toEqual({ "2027-01-13": ["23:30", "02:30"], "2027-01-14": ["16:00"] });
  });

  it("finds the instant a day begins, clock changes included", () => {
    // New York moves to daylight time on March 14, 2027; London on March 28.
    expect(startOfDay("2027-03-14", "America/New_York").toISOString()).toBe("2027-03-14T05:00:00.000Z");
    expect(startOfDay("2027-03-15", "America/New_York").toISOString()).toBe("2027-03-15T04:00:00.000Z");
    expect(startOfDay("2027-03-29", "Europe/London").toISOString()).toBe("2027-03-28T23:00:00.000Z");
    expect(startOfDay("2027-01-12", "Asia/Kolkata").toISOString()).toBe("2027-01-11T18:30:00.000Z");
  });

  it("asks one month at a time, from the zone's first midnight to the next month's", () => {
    expect(monthRange({ year: 2027, month: 1 }, "America/New_York")).toEqual({
      start: "2027-01-01T05:00:00.000Z",
      end: "2027-02-01T05:00:00.000Z",
    });
    expect(monthRange({ year: 2027, month: 3 }, "America/Los_Angeles")).toEqual({
      start: "2027-03-01T08:00:00.000Z",
      end: "2027-04-01T07:00:00.000Z",
    });
    // Never more than the API answers (42 days).
    for (let m = 1; m <= 12; m++) {
      const { start, end } = monthRange({ year: 2027, month: m }, "Pacific/Honolulu");
      expect(Date.parse(end) - Date.parse(start)).toBeLessThanOrEqual(42 * 24 * 3600_000);
    }
  });
});

describe("the zone, always named", () => {
  it("names a zone by its everyday name and its IANA id", () => {
    expect(zoneLabel("America/New_York", "2027-01-12T12:00:00Z")).toBe("Eastern Time (America/New_York)");
    expect(zoneLabel("America/Los_Angeles", "2027-07-12T12:00:00Z")).toBe("Pacific Time (America/Los_Angeles)");
    expect(zoneLabel("UTC")).toBe("Coordinated Universal Time (UTC)");
  });

  it("says when in words, in the zone", () => {
    expect(formatWhen("2027-01-12T19:00:00Z", "America/New_York")).toBe("Tuesday, January 12, 2027 at 2:00 PM");
    expect(formatWhen("2027-01-13T02:30:00Z", "America/Los_Angeles")).toBe("Tuesday, January 12, 2027 at 6:30 PM");
    expect(formatWhen("2027-01-13T02:30:00Z", "Europe/London")).toBe("Wednesday, January 13, 2027 at 2:30 AM");
  });

  it("offers the common zones, with the visitor's own first when it is not one of them", () => {
    const options = zoneOptions("America/Toronto");
    expect(options[0]).toEqual({ value: "America/Toronto", label: expect.stringContaining("(America/Toronto)") });
    expect(options.map((o) => o.value)).toEqual(["America/Toronto", ...COMMON_ZONES]);
    expect(zoneOptions("America/New_York").map((o) => o.value)).toEqual([...COMMON_ZONES]);
    // A zone this browser does not know is left out.
    expect(zoneOptions("Mars/Olympus_Mons").map((o) => o.value)).toEqual([...COMMON_ZONES]);
  });
});

describe("the month view", () => {
  it("lays a month out in weeks from Sunday", () => {
    const weeks = monthWeeks({ year: 2027, month: 1 });
    // January 1, 2027 is a Friday.
    expect(weeks[0]).toEqual([null, null, null, null, null, "2027-01-01", "2027-01-02"]);
    expect(weeks.at(-1)).toEqual(["2027-01-31", null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it("moves by the date grid's keys", () => {
    expect(dayAfterKey("2027-01-12", "ArrowRight")).toBe("2027-01-13");
    expect(dayAfterKey("2027-01-01", "ArrowLeft")).toBe("2026-12-31");
    expect(dayAfterKey("2027-01-12", "ArrowDown")).toBe("2027-01-19");
    expect(dayAfterKey("2027-01-05", "ArrowUp")).toBe("2026-12-29");
    expect(dayAfterKey("2027-01-13", "Home")).toBe("2027-01-10");
    expect(dayAfterKey("2027-01-13", "End")).toBe("2027-01-16");
    expect(dayAfterKey("2027-01-31", "PageDown")).toBe("2027-02-28");
    expect(dayAfterKey("2027-03-31", "PageUp")).toBe("2027-02-28");
    expect(dayAfterKey("2027-01-13", "Enter")).toBeNull();
    expect(addMonths({ year: 2027, month: 12 }, 1)).toEqual({ year: 2028, month: 1 });
  });
});
