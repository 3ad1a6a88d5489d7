import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BookingSettingsInputSchema, type BookingSettingsAnswer } from "~/contracts/booking-owner";
import { checkWithSchema } from "../ui/use-schema-form";
import { WeeklyHoursEditor } from "./hours-editor";
import {
  blockOf,
  settingsBody,
  settingsErrors,
  valuesOf,
  weeklyBody,
  withOverride,
  type BookingSettingsValues,
} from "./settings-values";

const answer: Pick<BookingSettingsAnswer, "settings" | "overrides"> = {
  settings: {
    weekly_hours: {
      "1": [{ start: "09:00", end: "17:00" }],
      "2": [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
      "3": [],
    },
    buffer_before_minutes: 10,
    buffer_after_minutes: 15,
    min_notice_minutes: 1440,
    window_days: 30,
    max_per_day: null,
    step_minutes: 30,
    busy_feed_url: null,
  },
  overrides: [
    { day: "2027-01-20", hours: [{ start: "10:00", end: "12:00" }] },
    { day: "2027-01-12", hours: [] },
  ],
};

const check = (values: BookingSettingsValues) =>
  checkWithSchema(values, {
    schema: BookingSettingsInputSchema,
    input: settingsBody,
    check: settingsErrors,
    fieldErrorOptions: { fullPath: true },
  });

describe("the booking settings form", () => {
  it("reads the saved settings: open and closed days, the notice in hours, no limit as empty", () => {
    const values = valuesOf(answer);
    expect(values.weekly[1].open).toBe(true);
    expect(values.weekly[2].blocks.map((b) => `${b.start}-${b.end}`)).toEqual(["09:00-12:00", "13:00-17:00"]);
    expect(values.weekly[3]).toEqual({ open: false, blocks: [] });
    expect(values.weekly[7]).toEqual({ open: false, blocks: [] });
    expect(values.notice_hours).toBe("24");
    expect(values.max_per_day).toBe("");
    expect(values.step_minutes).toBe("30");
    // Overrides in date order; [] is a day off.
    expect(values.overrides.map((o) => [o.day, o.off])).toEqual([
      ["2027-01-12", true],
      ["2027-01-20", false],
    ]);
  });

  it("turns the weekly hours into the API's body: every weekday keyed 1-7, a closed day [], blocks by start", () => {
    const values = valuesOf(answer);
    // Monday closed (its hours kept for later), Saturday opened with two blocks typed out of order.
    values.weekly[1] = { ...values.weekly[1], open: false };
    values.weekly[6] = {
      open: true,
      blocks: [blockOf({ start: "14:00", end: "16:00" }), blockOf({ start: "08:30", end: "11:00" })],
    };
    expect(weeklyBody(values.weekly)).toEqual({
      "1": [],
      "2": [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
      "3": [],
      "4": [],
      "5": [],
      "6": [
        { start: "08:30", end: "11:00" },
        { start: "14:00", end: "16:00" },
      ],
      "7": [],
    });
    expect(values.weekly[1].blocks).toHaveLength(1);
  });

  it("sends the whole settings body: minutes, hours as minutes, an empty limit as null, the overrides", () => {
    const values = valuesOf(answer);
    const typed: BookingSettingsValues = {
      ...values,
      buffer_before: "5",
      notice_hours: "1.5",
      window_days: "60",
      max_per_day: "4",
      step_minutes: "15",
      busy_feed_url: "  webcal://p01-caldav.icloud.com/published/2/abc  ",
      overrides: withOverride(values.overrides, { day: "2027-01-15", off: true, blocks: [] }),
    };
    const body = settingsBody(typed);
    expect(body).toMatchObject({
      buffer_before_minutes: 5,
      buffer_after_minutes: 15,
      min_notice_minutes: 90,
      window_days: 60,
      max_per_day: 4,
      step_minutes: 15,
      busy_feed_url: "webcal://p01-caldav.icloud.com/published/2/abc",
      overrides: [
        { day: "2027-01-12", hours: [] },
        { day: "2027-01-15", hours: [] },
        { day: "2027-01-20", hours: [{ start: "10:00", end: "12:00" }] },
      ],
    });
    const checked = check(typed);
    expect(checked.ok).toBe(true);
    expect(settingsBody({ ...typed, max_per_day: " ", busy_feed_url: "" })).toMatchObject({
      max_per_day: null,
      busy_feed_url: null,
    });
  });

  it("a second override of the same date replaces the first", () => {
    const values = valuesOf(answer);
    const next = withOverride(values.overrides, {
      day: "2027-01-12",
      off: false,
      blocks: [blockOf({ start: "12:00", end: "14:00" })],
    });
    expect(next.map((o) => [o.day, o.off])).toEqual([
      ["2027-01-12", false],
      ["2027-01-20", false],
    ]);
  });

  it("puts each refusal under its own field, as typed: a block ending first, an overlap, the notice in hours", () => {
    const values = valuesOf(answer);
    // Tuesday's rows as typed: [13:00-12:30 (ends before it starts), 09:00-12:00]. The body sorts
    // them, so the schema's `weekly_hours.2.1.end` is the first row here.
    values.weekly[2] = {
      open: true,
      blocks: [blockOf({ start: "13:00", end: "12:30" }), blockOf({ start: "09:00", end: "12:00" })],
    };
    values.weekly[4] = {
      open: true,
      blocks: [blockOf({ start: "09:00", end: "12:00" }), blockOf({ start: "11:00", end: "15:00" })],
    };
    values.notice_hours = "a day";
    values.window_days = "0";
    const checked = check(values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors["weekly_hours.2.0.end"]).toBe("Each block must end after it starts");
    expect(checked.errors["weekly_hours.2.1.end"]).toBeUndefined();
    expect(checked.errors["weekly_hours.4.1.start"]).toBe("This block starts before the one from 09:00 to 12:00 ends");
    expect(checked.errors.min_notice_minutes).toBe("The minimum notice is a number of hours, from 0 to 336");
    expect(checked.errors.window_days).toBe("How far ahead must be at least 1 day");
    // What was typed stays.
    expect(values.notice_hours).toBe("a day");
  });

  it("draws each weekday in the business's zone, a closed day as Closed, each time labelled for a screen reader", () => {
    const values = valuesOf(answer);
    const html = renderToStaticMarkup(
      <WeeklyHoursEditor
        weekly={values.weekly}
        errors={{ "weekly_hours.1.0.end": "Each block must end after it starts" }}
        onChange={() => {}}
      />,
    );
    const text = html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
    expect(text).toContain("America/New_York");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
      expect(text).toContain(`|${day}|`);
    expect(text.match(/\|Closed\|/g)).toHaveLength(5);
    expect(text).toContain("Tuesday, block 2 until");
    expect(html).toContain('aria-invalid="true"');
    expect(text).toContain("Each block must end after it starts");
  });
});
