import { describe, expect, it } from "vitest";
import type { ChatSettings } from "~/contracts/chat-settings";
import { differsFrom, parsePageList, toFormValues, toSettings } from "./form-values";
import { hoursLine } from "./hours-line";

const day = (enabled: boolean, start: string, end: string) => ({ enabled, start, end });
const SETTINGS: ChatSettings = {
  enabled: true,
  welcome_message: "Hi!",
  offline_message: "Away.",
  business_hours_enabled: true,
  business_hours: {
    monday: day(true, "09:00", "17:00"),
    tuesday: day(true, "09:00", "17:00"),
    wednesday: day(true, "09:00", "17:00"),
    thursday: day(true, "09:00", "17:00"),
    friday: day(true, "09:00", "17:00"),
    saturday: day(false, "10:00", "15:00"),
    sunday: day(false, "10:00", "15:00"),
  },
  auto_responses: { enabled: true, response_delay: 800, fallback_message: "Call me." },
  appearance: { position: "bottom-right", theme: "primary", show_on_pages: ["all"], hide_on_pages: ["/chat*", "/x"] },
  analytics: { track_interactions: true, track_inquiries: false },
};

describe("the settings form's values", () => {
  it("hold the delay and the page lists as text, and give back the same settings", () => {
    const values = toFormValues(SETTINGS);
    expect(values.auto_responses.response_delay).toBe("800");
    expect(values.appearance.hide_on_pages).toBe("/chat*\n/x");
    expect(toSettings(values)).toEqual(SETTINGS);
    expect(differsFrom(values, SETTINGS)).toBe(false);
  });

  it("read one page pattern a line, without blanks or spaces", () => {
    expect(parsePageList("  /pricing \n\n/blog*\n   \n")).toEqual(["/pricing", "/blog*"]);
    expect(parsePageList("")).toEqual([]);
  });

  it("count as changed only for what would be saved differently", () => {
    const values = toFormValues(SETTINGS);
    const blankLines = { ...values, appearance: { ...values.appearance, hide_on_pages: "/chat*\n\n/x\n" } };
    expect(differsFrom(blankLines, SETTINGS)).toBe(false);
    const slower = { ...values, auto_responses: { ...values.auto_responses, response_delay: "1200" } };
    expect(differsFrom(slower, SETTINGS)).toBe(true);
    expect(toSettings(slower).auto_responses.response_delay).toBe(1200);
  });

  it("send an empty delay as no number, for the server to refuse by name", () => {
    const values = toFormValues(SETTINGS);
    const empty = { ...values, auto_responses: { ...values.auto_responses, response_delay: " " } };
    expect(toSettings(empty).auto_responses.response_delay).toBeNaN();
    expect(JSON.parse(JSON.stringify(toSettings(empty))).auto_responses.response_delay).toBeNull();
  });
});

describe("the preview's hours line", () => {
  // 2026-11-23 is a Monday; Providence is UTC-5 in November.
  const mondayAt = (utcHour: number) => new Date(Date.UTC(2026, 10, 23, utcHour, 30));

  it("says why the chat shows as online or offline, in the business's time", () => {
    expect(hoursLine(SETTINGS, mondayAt(14))).toBe(
      "It is Monday 9:30 AM EST, within today's hours (9:00 AM-5:00 PM): the chat shows as online.",
    );
    expect(hoursLine(SETTINGS, mondayAt(22))).toBe(
      "It is Monday 5:30 PM EST, outside today's hours (9:00 AM-5:00 PM): the chat shows as offline.",
    );
    expect(hoursLine(SETTINGS, new Date(Date.UTC(2026, 10, 21, 16)))).toBe(
      "It is Saturday 11:00 AM EST, a closed day: the chat shows as offline.",
    );
    expect(hoursLine({ ...SETTINGS, business_hours_enabled: false }, mondayAt(22))).toBe(
      "Business hours are off: the chat always shows as online.",
    );
  });
});
