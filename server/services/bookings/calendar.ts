import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { DbOrTx } from "../../db/tx";
import type { AvailabilityInput, AvailabilityRules } from "./availability";

/**
 * The calendar as the free slots are computed from it (docs/product/bookings.md "Availability"):
 * the booking rules, the date overrides, the live bookings' blocked ranges and the owner's busy
 * times around a range, read in one statement, and the availability input they make with a
 * meeting type's length.
 */

export const DAY_MS = 24 * 60 * 60_000;

interface CalendarJson {
  settings: {
    weekly_hours: AvailabilityRules["weekly"];
    buffer_before_minutes: number;
    buffer_after_minutes: number;
    min_notice_minutes: number;
    window_days: number;
    max_per_day: number | null;
    step_minutes: number;
  };
  overrides: Record<string, AvailabilityRules["overrides"][string]>;
  /** [blocked start, blocked end, start] of each live booking, epoch milliseconds. */
  taken: [number, number, number][];
  /** [start, end] of each busy time. */
  busy: [number, number][];
}

/**
 * What availableSlots needs beside a type's length, around [from, to): the rules, the live
 * bookings' blocked ranges and starts, and the busy times, in one statement whose JSON is parsed
 * once (a month of a full calendar is a thousand ranges; a row each, mapped by the query builder,
 * cost more than computing the slots).
 */
export async function calendarAround(db: DbOrTx, from: Date, to: Date, exceptId = 0) {
  const lo = new Date(from.getTime() - DAY_MS).toISOString();
  const hi = new Date(to.getTime() + DAY_MS).toISOString();
  const { rows } = await db.execute<{ j: string }>(sql`
    select json_build_object(
      'settings', (select row_to_json(s) from booking_settings s where id = 1),
      'overrides', (select coalesce(json_object_agg(day, hours), '{}') from booking_overrides),
      'taken', (select coalesce(json_agg(json_build_array(
          extract(epoch from lower(blocked)) * 1000, extract(epoch from upper(blocked)) * 1000,
          extract(epoch from starts_at) * 1000)), '[]')
        from bookings where status <> 'cancelled' and id <> ${exceptId}
          and blocked && tstzrange(${lo}::timestamptz, ${hi}::timestamptz)),
      'busy', (select coalesce(json_agg(json_build_array(
          extract(epoch from starts_at) * 1000, extract(epoch from ends_at) * 1000)), '[]')
        from busy_times where starts_at < ${hi}::timestamptz and ends_at > ${lo}::timestamptz)
    )::text as j`);
  const calendar = JSON.parse(rows[0]!.j) as CalendarJson;
  if (!calendar.settings) throw new Error("The booking settings row is missing : ensureBookingDefaults writes it");
  return calendar;
}

export async function inputFor(
  db: DbOrTx,
  type: { lengthMinutes: number },
  from: Date,
  to: Date,
  now: Date,
  exceptId?: number,
) {
  const { settings, overrides, taken, busy } = await calendarAround(db, from, to, exceptId);
  const rules: AvailabilityRules = {
    timeZone: site.timeZone,
    weekly: settings.weekly_hours,
    overrides,
    lengthMinutes: type.lengthMinutes,
    bufferBeforeMinutes: settings.buffer_before_minutes,
    bufferAfterMinutes: settings.buffer_after_minutes,
    minNoticeMinutes: settings.min_notice_minutes,
    windowDays: settings.window_days,
    maxPerDay: settings.max_per_day,
    stepMinutes: settings.step_minutes,
  };
  const input: AvailabilityInput = {
    rules,
    now,
    from,
    to,
    blocked: taken.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    bookedStarts: taken.map(([, , start]) => new Date(start)),
    busy: busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
  };
  return { input, windowDays: settings.window_days };
}
