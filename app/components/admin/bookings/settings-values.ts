import type { BookingSettingsAnswer } from "~/contracts/booking-owner";
import { MAX_NOTICE_MINUTES, WEEKDAYS, type Weekday } from "~/contracts/booking-terms";
import type { FormErrors } from "../ui/use-schema-form";
import type { SettingsBody } from "./api";

/**
 * The booking settings as the form holds them (text as typed, a closed day keeping its hours for
 * when it opens again) and as the API takes them (PUT /api/admin/booking/settings: the whole body).
 */

export interface BlockValues {
  /** The row's key while it is edited. */
  key: string;
  start: string;
  end: string;
}

export interface DayValues {
  open: boolean;
  blocks: BlockValues[];
}

export interface OverrideValues {
  key: string;
  day: string;
  /** A day off; otherwise its own hours replace the weekly ones. */
  off: boolean;
  blocks: BlockValues[];
}

export type WeeklyValues = Record<Weekday, DayValues>;

export interface BookingSettingsValues {
  weekly: WeeklyValues;
  overrides: OverrideValues[];
  buffer_before: string;
  buffer_after: string;
  notice_hours: string;
  window_days: string;
  max_per_day: string;
  step_minutes: string;
  busy_feed_url: string;
}

export const STEP_CHOICES = ["15", "20", "30", "60"] as const;
export const DEFAULT_BLOCK = { start: "09:00", end: "17:00" } as const;
export const MAX_NOTICE_HOURS = MAX_NOTICE_MINUTES / 60;

let nextKey = 0;
/** A fresh row key. */
export const newKey = () => `b${++nextKey}`;

export const blockOf = (hours: { start: string; end: string } = DEFAULT_BLOCK): BlockValues => ({
  key: newKey(),
  start: hours.start,
  end: hours.end,
});

/** Minutes as hours the way the owner types them: 1440 -> "24", 90 -> "1.5". */
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

export function valuesOf(answer: Pick<BookingSettingsAnswer, "settings" | "overrides">): BookingSettingsValues {
  const s = answer.settings;
  const weekly = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const blocks = s.weekly_hours[String(day) as `${Weekday}`] ?? [];
      return [day, { open: blocks.length > 0, blocks: blocks.map((b) => blockOf(b)) }];
    }),
  ) as WeeklyValues;
  return {
    weekly,
    overrides: [...answer.overrides]
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((o) => ({ key: newKey(), day: o.day, off: o.hours.length === 0, blocks: o.hours.map((b) => blockOf(b)) })),
    buffer_before: String(s.buffer_before_minutes),
    buffer_after: String(s.buffer_after_minutes),
    notice_hours: hoursText(s.min_notice_minutes),
    window_days: String(s.window_days),
    max_per_day: s.max_per_day === null ? "" : String(s.max_per_day),
    step_minutes: String(s.step_minutes),
    busy_feed_url: s.busy_feed_url ?? "",
  };
}

/** A whole number as typed, or NaN (which the schema refuses with the field's own words). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** Hours as typed ("24", "1.5") in whole minutes, or NaN. */
export const noticeMinutes = (text: string) =>
  /^\s*\d+(\.\d+)?\s*$/.test(text) ? Math.round(Number(text) * 60) : Number.NaN;

const hoursOf = (blocks: BlockValues[]) =>
  [...blocks].sort((a, b) => a.start.localeCompare(b.start)).map((b) => ({ start: b.start, end: b.end }));

/** The weekly hours as the API keys them ("1" Monday to "7" Sunday); a closed day is []. */
export function weeklyBody(weekly: WeeklyValues): SettingsBody["weekly_hours"] {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [String(day), weekly[day].open ? hoursOf(weekly[day].blocks) : []]),
  ) as SettingsBody["weekly_hours"];
}

/** The whole settings body of the PUT, from the form. */
export function settingsBody(values: BookingSettingsValues): SettingsBody {
  return {
    weekly_hours: weeklyBody(values.weekly),
    overrides: values.overrides.map((o) => ({ day: o.day, hours: o.off ? [] : hoursOf(o.blocks) })),
    buffer_before_minutes: whole(values.buffer_before),
    buffer_after_minutes: whole(values.buffer_after),
    min_notice_minutes: noticeMinutes(values.notice_hours),
    window_days: whole(values.window_days),
    max_per_day: values.max_per_day.trim() === "" ? null : whole(values.max_per_day),
    step_minutes: Number(values.step_minutes) as SettingsBody["step_minutes"],
    busy_feed_url: values.busy_feed_url.trim() || null,
  };
}

/** The error key of a block's field, as the API names it (`weekly_hours.1.0.end`). */
export const weeklyKey = (day: Weekday, index: number, field: "start" | "end") =>
  `weekly_hours.${day}.${index}.${field}`;
export const overrideKey = (index: number, field: string) => `overrides.${index}.${field}`;

/** The blocks of a day in the order the body sends them, with their index there. */
const sortedIndexes = (blocks: BlockValues[]) =>
  blocks.map((b, i) => ({ b, i })).sort((x, y) => x.b.start.localeCompare(y.b.start));

/**
 * The form's own rules beyond the schema: the notice in hours' words, and blocks of one day that
 * overlap. The schema's keys follow the body's order (sorted by start); the errors go back to the
 * rows as typed.
 */
export function settingsErrors(values: BookingSettingsValues, found: FormErrors): FormErrors {
  const errors: FormErrors = {};
  const remap = (prefix: string, blocks: BlockValues[], target: (index: number, field: "start" | "end") => string) => {
    sortedIndexes(blocks).forEach(({ i }, sorted) => {
      for (const field of ["start", "end"] as const) {
        const message = found[`${prefix}.${sorted}.${field}`];
        if (message) errors[target(i, field)] = message;
      }
    });
    // Overlap: a block starting before the one before it (by start) ends.
    const ordered = sortedIndexes(blocks);
    for (let n = 1; n < ordered.length; n++) {
      const previous = ordered[n - 1]!.b;
      const current = ordered[n]!;
      if (current.b.start < previous.end)
        errors[target(current.i, "start")] ??=
          `This block starts before the one from ${previous.start} to ${previous.end} ends`;
    }
  };
  for (const [key, message] of Object.entries(found)) {
    if (!message || key.startsWith("weekly_hours.") || /^overrides\.\d+\.hours\./.test(key)) continue;
    errors[key] = message;
  }
  for (const day of Object.keys(values.weekly).map(Number) as Weekday[]) {
    const { open, blocks } = values.weekly[day];
    if (open) remap(`weekly_hours.${day}`, blocks, (i, field) => weeklyKey(day, i, field));
    const dayError = found[`weekly_hours.${day}`];
    if (dayError) errors[`weekly_hours.${day}`] = dayError;
  }
  values.overrides.forEach((o, index) => {
    if (!o.off) remap(`overrides.${index}.hours`, o.blocks, (i, field) => overrideKey(index, `hours.${i}.${field}`));
    const hoursError = found[`overrides.${index}.hours`];
    if (hoursError) errors[`overrides.${index}.hours`] = hoursError;
  });
  if (errors.min_notice_minutes)
    errors.min_notice_minutes = `The minimum notice is a number of hours, from 0 to ${MAX_NOTICE_HOURS}`;
  if (values.overrides.some((o) => !o.off && o.blocks.length === 0))
    values.overrides.forEach((o, index) => {
      if (!o.off && o.blocks.length === 0) errors[overrideKey(index, "hours")] = "Give its hours, or make it a day off";
    });
  return errors;
}

/** The overrides with one more day (the same day's earlier override replaced), in date order. */
export function withOverride(overrides: OverrideValues[], added: Omit<OverrideValues, "key">): OverrideValues[] {
  return [...overrides.filter((o) => o.day !== added.day), { ...added, key: newKey() }].sort((a, b) =>
    a.day.localeCompare(b.day),
  );
}
