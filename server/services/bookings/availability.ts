/**
 * The free times of the booking page: the owner's weekly hours and date overrides, turned into
 * instants with the business's time zone rules, less what is already taken (bookings with their
 * buffers, busy events of the owner's calendar), the notice, the booking window and the daily limit.
 *
 * Pure: everything comes from the input, nothing is kept between calls.
 *
 * Wall-clock times follow the zone's real rules. A candidate whose wall time does not exist (the
 * hour skipped when clocks go forward) is not offered. A wall time that happens twice (the hour
 * repeated when clocks go back) is taken at its first occurrence, so a day never offers the same
 * wall time twice. A block ends the first time the clock reads its end time, or the instant the
 * clock jumps past it.
 */
import { tzOffset } from "@date-fns/tz";

/** "HH:MM" 24-hour wall-clock times in the business's zone; end > start; "24:00" allowed as an end. */
export interface DayHours {
  start: string;
  end: string;
}
/** Weekly hours, keyed by ISO weekday 1 (Monday) .. 7 (Sunday); a missing or empty day is closed. */
export type WeeklyHours = Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, DayHours[]>>;
/** A half-open range of instants, [start, end). */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** What the owner offers and how. */
export interface AvailabilityRules {
  /** IANA zone of the business, e.g. "America/New_York". */
  timeZone: string;
  weekly: WeeklyHours;
  /** Date overrides keyed "YYYY-MM-DD" (business-zone calendar day): [] = day off, else these hours replace the weekly ones. */
  overrides: Record<string, DayHours[]>;
  /** The meeting's length. */
  lengthMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** No slot may start before now + notice. */
  minNoticeMinutes: number;
  /** No slot may start at or after now + windowDays × 24 hours. */
  windowDays: number;
  /** At most this many booked calls per business-zone day (null: no limit). */
  maxPerDay: number | null;
  /** Candidate starts every this many minutes from each block's start (e.g. 30). */
  stepMinutes: number;
}

/** One question to the engine: the rules, the moment, the asked range and what is already taken. */
export interface AvailabilityInput {
  rules: AvailabilityRules;
  now: Date;
  /** The asked range: slots whose start lies in [from, to). */
  from: Date;
  to: Date;
  /** Existing bookings' blocked ranges (already widened by their own buffers), the ranges a database exclusion constraint compares. */
  blocked: TimeRange[];
  /** Start instants of existing bookings, for the per-day limit (counted on the business-zone day of the start). */
  bookedStarts: Date[];
  /** Busy events from the owner's calendar (not widened). */
  busy: TimeRange[];
}

/** An offered meeting time, [start, end). */
export interface Slot {
  start: Date;
  end: Date;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How far apart the zone's offset is sampled when looking for its changes: a change between two
 * samples is then found to the second. Zones change offset a few times a year at most, never twice
 * within half a day.
 */
const OFFSET_SAMPLE = 12 * HOUR;

/**
 * The free slots of the asked range, sorted by start, without duplicates.
 *
 * Ranges whose end is not after their start take nothing (as an empty range in PostgreSQL).
 * Throws a RangeError for an unknown time zone, a malformed "HH:MM" or a rule out of range.
 */
export function availableSlots(input: AvailabilityInput): Slot[] {
  const { rules } = input;
  checkRules(rules);
  const length = rules.lengthMinutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const now = input.now.getTime();
  const lo = Math.max(input.from.getTime(), now + rules.minNoticeMinutes * MINUTE);
  const hi = Math.min(input.to.getTime(), now + rules.windowDays * DAY);
  if (!(lo < hi) || rules.maxPerDay === 0) return [];

  // Wall-clock days reach at most a day and the largest offset (14 hours) beyond their instants.
  const timeline = timelineOf(rules.timeZone, lo - 2 * DAY, hi + 2 * DAY);
  const firstDay = dayNumber(timeline, lo);
  const lastDay = dayNumber(timeline, hi - 1);
  const bookedPerDay = countPerDay(timeline, input.bookedStarts, firstDay, lastDay);
  const weekly = new Map<number, Block[]>();

  const starts: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    if (rules.maxPerDay !== null && (bookedPerDay.get(day) ?? 0) >= rules.maxPerDay) continue;
    const midnight = day * DAY;
    const date = new Date(midnight);
    const key = date.toISOString().slice(0, 10);
    let blocks: Block[];
    if (Object.hasOwn(rules.overrides, key)) {
      blocks = blocksOf(rules.overrides[key]);
    } else {
      const weekday = (date.getUTCDay() || 7) as keyof WeeklyHours;
      blocks = weekly.get(weekday) ?? blocksOf(rules.weekly[weekday]);
      weekly.set(weekday, blocks);
    }
    for (const block of blocks) {
      const end = resolveWall(timeline, midnight + block.close * MINUTE).instant;
      for (let minute = block.open; minute < block.close; minute += rules.stepMinutes) {
        const start = resolveWall(timeline, midnight + minute * MINUTE);
        if (!start.exists) continue;
        // Later wall times start later, so none of the rest fits either.
        if (start.instant + length > end) break;
        if (start.instant >= lo && start.instant < hi) starts.push(start.instant);
      }
    }
  }
  if (starts.length === 0) return [];

  // Blocks may overlap and are given in any order: sort the candidates, then walk them and the
  // taken ranges together.
  const sorted = Float64Array.from(starts).sort();
  const first = sorted[0] ?? 0;
  const last = sorted[sorted.length - 1] ?? 0;
  const taken = mergedRanges([input.blocked, input.busy], first - before, last + length + after);
  const slots: Slot[] = [];
  let next = 0;
  let previous = Number.NaN;
  for (const start of sorted) {
    if (start === previous) continue;
    previous = start;
    const holdStart = start - before;
    const holdEnd = start + length + after;
    while (next < taken.length && (taken[next]?.end ?? 0) <= holdStart) next++;
    const range = taken[next];
    if (range && range.start < holdEnd) continue;
    slots.push({ start: new Date(start), end: new Date(start + length) });
  }
  return slots;
}

/** The range a booking at `start` holds in the database: [start - before, start + length + after). */
export function blockedRangeOf(
  start: Date,
  rules: Pick<AvailabilityRules, "lengthMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">,
): TimeRange {
  const t = start.getTime();
  return {
    start: new Date(t - rules.bufferBeforeMinutes * MINUTE),
    end: new Date(t + (rules.lengthMinutes + rules.bufferAfterMinutes) * MINUTE),
  };
}

/** Whether `start` is one of the offered slots (the server re-checks a visitor's chosen time with this before writing). */
export function isOffered(input: AvailabilityInput, start: Date): boolean {
  const t = start.getTime();
  if (!(t >= input.from.getTime() && t < input.to.getTime())) return false;
  // Candidates sit where the hours put them whatever the asked range: asking for this one
  // millisecond gives the same answer as the whole range would.
  const slots = availableSlots({ ...input, from: start, to: new Date(t + 1) });
  return slots.some((slot) => slot.start.getTime() === t);
}

/** The business-zone calendar day "YYYY-MM-DD" of an instant. */
export function dayInZone(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  return new Date(t + offsetAt(timeZone, t)).toISOString().slice(0, 10);
}

function checkRules(rules: AvailabilityRules): void {
  const positive = { lengthMinutes: rules.lengthMinutes, stepMinutes: rules.stepMinutes };
  for (const [name, value] of Object.entries(positive)) {
    if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be a positive number`);
  }
  const nonNegative = {
    bufferBeforeMinutes: rules.bufferBeforeMinutes,
    bufferAfterMinutes: rules.bufferAfterMinutes,
    minNoticeMinutes: rules.minNoticeMinutes,
    windowDays: rules.windowDays,
    maxPerDay: rules.maxPerDay ?? 0,
  };
  for (const [name, value] of Object.entries(nonNegative)) {
    if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`${name} must be zero or more`);
  }
}

/** A block of hours in minutes from the day's wall-clock midnight. */
interface Block {
  open: number;
  close: number;
}

function blocksOf(hours: DayHours[] | undefined): Block[] {
  return (hours ?? []).map((block) => ({ open: minutesOf(block.start), close: minutesOf(block.end) }));
}

const HH_MM = /^(\d{1,2}):(\d{2})$/;

function minutesOf(text: string): number {
  const match = HH_MM.exec(text);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new RangeError(`"${text}" is not a time "HH:MM" from 00:00 to 24:00`);
  }
  return hours * 60 + minutes;
}

/** The zone's UTC offset at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(timeZone: string, instant: number): number {
  const minutes = tzOffset(timeZone, new Date(instant));
  if (!Number.isFinite(minutes)) throw new RangeError(`Unknown time zone "${timeZone}"`);
  return Math.round(minutes * MINUTE);
}

/**
 * The zone's offsets over a span: `offsets[i]` holds before `changes[i]` (the first instant of
 * the next offset), the last one from the last change on.
 */
interface Timeline {
  changes: number[];
  offsets: number[];
}

function timelineOf(timeZone: string, from: number, to: number): Timeline {
  let sampled = Math.floor(from / MINUTE) * MINUTE;
  let offset = offsetAt(timeZone, sampled);
  const timeline: Timeline = { changes: [], offsets: [offset] };
  while (sampled < to) {
    const next = sampled + OFFSET_SAMPLE;
    const nextOffset = offsetAt(timeZone, next);
    if (nextOffset !== offset) {
      // Halve (sampled, next] down to the first second of the new offset.
      let lo = sampled;
      let hi = next;
      while (hi - lo > SECOND) {
        const mid = lo + Math.floor((hi - lo) / (2 * SECOND)) * SECOND;
        if (offsetAt(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      timeline.changes.push(hi);
      timeline.offsets.push(nextOffset);
      offset = nextOffset;
    }
    sampled = next;
  }
  return timeline;
}

function offsetOn(timeline: Timeline, instant: number): number {
  const { changes, offsets } = timeline;
  let i = 0;
  while (i < changes.length && (changes[i] ?? 0) <= instant) i++;
  return offsets[i] ?? 0;
}

/** Days since 1970-01-01 of the wall-clock calendar day of an instant. */
function dayNumber(timeline: Timeline, instant: number): number {
  return Math.floor((instant + offsetOn(timeline, instant)) / DAY);
}

function countPerDay(timeline: Timeline, starts: Date[], firstDay: number, lastDay: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const start of starts) {
    const t = start.getTime();
    if (!Number.isFinite(t)) continue;
    const day = dayNumber(timeline, t);
    if (day >= firstDay && day <= lastDay) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

/**
 * The instant a wall-clock time (as milliseconds of that time read as UTC) happens: the first of
 * two when clocks go back; when clocks go forward over it, `exists` is false and the instant is
 * that of the jump.
 */
function resolveWall(timeline: Timeline, wall: number): { instant: number; exists: boolean } {
  const { changes, offsets } = timeline;
  for (let i = 0; i < offsets.length; i++) {
    const instant = wall - (offsets[i] ?? 0);
    const change = changes[i];
    // Each earlier offset put the time past its own end, so this one's start is passed.
    if (change === undefined || instant < change) return { instant, exists: true };
    if (wall - (offsets[i + 1] ?? 0) < change) return { instant: change, exists: false };
  }
  return { instant: wall - (offsets[offsets.length - 1] ?? 0), exists: true };
}

interface Taken {
  start: number;
  end: number;
}

/** The ranges that reach into [from, to), sorted and merged where they overlap or touch. */
function mergedRanges(lists: TimeRange[][], from: number, to: number): Taken[] {
  const ranges: Taken[] = [];
  for (const list of lists) {
    for (const range of list) {
      const start = range.start.getTime();
      const end = range.end.getTime();
      if (start < end && end > from && start < to) ranges.push({ start, end });
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: Taken[] = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range.start <= previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
