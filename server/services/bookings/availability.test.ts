import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableSlots,
  blockedRangeOf,
  dayInZone,
  isOffered,
  type AvailabilityInput,
  type AvailabilityRules,
  type DayHours,
  type TimeRange,
  type WeeklyHours,
} from "./availability";

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;
const NEW_YORK = "America/New_York";

// Wall-clock readings straight from Intl, independent of the module under test.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant read as if it were UTC, in milliseconds (whole seconds). */
function wallMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The calendar day and the minutes since its midnight that the wall clock shows at an instant. */
function wallOf(instant: number, timeZone: string): { day: string; minutes: number } {
  const wall = wallMs(instant, timeZone);
  const midnight = Math.floor(wall / DAY) * DAY;
  return { day: new Date(midnight).toISOString().slice(0, 10), minutes: (wall - midnight) / MINUTE };
}

function offsetNear(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallMs(whole, timeZone) - whole;
}

/** The first instant whose wall clock shows `wall` (ms of that time read as UTC), or null if none does. */
function firstShowing(wall: number, timeZone: string): number | null {
  const offsets = new Set([offsetNear(wall - DAY, timeZone), offsetNear(wall + DAY, timeZone)]);
  const found = [...offsets].map((offset) => wall - offset).filter((t) => wallMs(t, timeZone) === wall);
  return found.length ? Math.min(...found) : null;
}

/** The first instant at which the wall clock reads `wall` or later (the jump when that time is skipped). */
function firstReading(wall: number, timeZone: string): number {
  const showing = firstShowing(wall, timeZone);
  if (showing !== null) return showing;
  const afterJump = offsetNear(wall + DAY, timeZone);
  let lo = wall - afterJump;
  let hi = wall - offsetNear(wall - DAY, timeZone);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetNear(mid, timeZone) === afterJump) hi = mid;
    else lo = mid;
  }
  return hi;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const isoWeekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() || 7) as keyof WeeklyHours;
const overlaps = (a: TimeRange, b: TimeRange) => +a.start < +b.end && +b.start < +a.end;

function hoursOn(rules: AvailabilityRules, day: string): DayHours[] {
  return Object.hasOwn(rules.overrides, day) ? (rules.overrides[day] ?? []) : (rules.weekly[isoWeekday(day)] ?? []);
}

/** The rules read the slow, obvious way: every candidate of every day against every range. */
function referenceStarts(input: AvailabilityInput): number[] {
  const { rules } = input;
  const zone = rules.timeZone;
  const lo = Math.max(+input.from, +input.now + rules.minNoticeMinutes * MINUTE);
  const hi = Math.min(+input.to, +input.now + rules.windowDays * DAY);
  if (lo >= hi) return [];
  const taken = [...input.blocked, ...input.busy].filter((range) => +range.start < +range.end);
  const bookedDays = input.bookedStarts.map((start) => wallOf(+start, zone).day);
  const found = new Set<number>();
  const lastDay = wallOf(hi - 1, zone).day;
  for (let day = wallOf(lo, zone).day; day <= lastDay; day = nextDay(day)) {
    const booked = bookedDays.filter((bookedDay) => bookedDay === day).length;
    if (rules.maxPerDay !== null && booked >= rules.maxPerDay) continue;
    const midnight = Date.parse(`${day}T00:00:00Z`);
    for (const block of hoursOn(rules, day)) {
      const close = minutesOf(block.end);
      const end = firstReading(midnight + close * MINUTE, zone);
      for (let minute = minutesOf(block.start); minute < close; minute += rules.stepMinutes) {
        const start = firstShowing(midnight + minute * MINUTE, zone);
        if (start === null || start + rules.lengthMinutes * MINUTE > end || start < lo || start >= hi) continue;
        const held = blockedRangeOf(new Date(start), rules);
        if (!taken.some((range) => overlaps(held, range))) found.add(start);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

// Random scenarios.

const ZONES = [
  NEW_YORK,
  "Europe/London",
  "Asia/Kolkata",
  "Australia/Lord_Howe", // clocks move by half an hour
  "America/Santiago", // clocks change at midnight
  "Pacific/Chatham", // +12:45 / +13:45
  "UTC",
];

/** The clock changes of 2027 in ZONES. */
const CLOCK_CHANGES: [string, number][] = [
  [NEW_YORK, Date.parse("2027-03-14T07:00:00Z")],
  [NEW_YORK, Date.parse("2027-11-07T06:00:00Z")],
  ["Europe/London", Date.parse("2027-03-28T01:00:00Z")],
  ["Europe/London", Date.parse("2027-10-31T01:00:00Z")],
  ["Australia/Lord_Howe", Date.parse("2027-04-03T15:00:00Z")],
  ["Australia/Lord_Howe", Date.parse("2027-10-02T15:30:00Z")],
  ["America/Santiago", Date.parse("2027-04-04T03:00:00Z")],
  ["America/Santiago", Date.parse("2027-09-05T04:00:00Z")],
  ["Pacific/Chatham", Date.parse("2027-04-03T14:00:00Z")],
  ["Pacific/Chatham", Date.parse("2027-09-25T14:00:00Z")],
];

/** A zone and a moment: any time in 2026-2028, or a few days before one of the zone's clock changes. */
const zoneAndNowArb = fc.oneof(
  fc.tuple(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) })),
  fc
    .tuple(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -5 * DAY, max: DAY / 2 }))
    .map(([[zone, change], shift]): [string, number] => [zone, change + shift]),
);

const quarterTime = (quarter: number) =>
  `${String(Math.floor(quarter / 4)).padStart(2, "0")}:${String((quarter % 4) * 15).padStart(2, "0")}`;

/** A quarter-hour of the day, often in the small hours when clocks change. */
const quarterArb = fc.oneof(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 0, max: 16 }));
const blockArb = fc
  .tuple(quarterArb, quarterArb)
  .filter(([a, b]) => a !== b)
  .map(([a, b]): DayHours => ({ start: quarterTime(Math.min(a, b)), end: quarterTime(Math.max(a, b)) }));
const blocksArb = fc.oneof(
  { arbitrary: fc.constant<DayHours[]>([]), weight: 1 },
  { arbitrary: fc.array(blockArb, { minLength: 1, maxLength: 3 }), weight: 4 },
);
const weeklyArb = fc
  .array(fc.option(blocksArb, { nil: undefined }), { minLength: 7, maxLength: 7 })
  .map((days): WeeklyHours => Object.fromEntries(days.flatMap((blocks, i) => (blocks ? [[i + 1, blocks]] : []))));

/** Offsets from a quarter-hour near now: on the slots' grid, or a few minutes off it. */
const gridOffsetArb = (minQuarters: number, maxQuarters: number) =>
  fc
    .tuple(
      fc.integer({ min: minQuarters, max: maxQuarters }),
      fc.oneof(fc.constant(0), fc.integer({ min: -7, max: 7 })),
    )
    .map(([quarters, minutes]) => quarters * QUARTER + minutes * MINUTE);
const rangesArb = (maxLength: number) =>
  fc.array(fc.tuple(gridOffsetArb(-2 * 96, 16 * 96), gridOffsetArb(1, 16)), { maxLength });

function scenarioArb(maxSpanDays: number) {
  return fc
    .record({
      zoneAndNow: zoneAndNowArb,
      weekly: weeklyArb,
      overrides: fc.array(
        fc.tuple(fc.integer({ min: -2, max: 14 }), fc.oneof(fc.constant<DayHours[]>([]), blocksArb)),
        { maxLength: 6 },
      ),
      lengthMinutes: fc.integer({ min: 15, max: 90 }),
      bufferBeforeMinutes: fc.integer({ min: 0, max: 60 }),
      bufferAfterMinutes: fc.integer({ min: 0, max: 60 }),
      minNoticeMinutes: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 48 * 60 })),
      windowDays: fc.integer({ min: 1, max: 60 }),
      maxPerDay: fc.oneof(
        { arbitrary: fc.constant(null), weight: 3 },
        { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 3 },
        { arbitrary: fc.constant(0), weight: 1 },
      ),
      stepMinutes: fc.constantFrom(15, 30),
      fromShift: fc.integer({ min: -DAY, max: 3 * DAY }),
      span: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: DAY }), weight: 1 },
        { arbitrary: fc.integer({ min: DAY, max: maxSpanDays * DAY }), weight: 4 },
      ),
      blocked: rangesArb(30),
      busy: rangesArb(40),
      booked: fc.array(gridOffsetArb(-2 * 96, 16 * 96), { maxLength: 20 }),
    })
    .map(({ zoneAndNow, fromShift, span, blocked, busy, booked, overrides, ...rest }): AvailabilityInput => {
      const [timeZone, now] = zoneAndNow;
      const rules = { ...rest, timeZone };
      const grid = Math.floor(now / QUARTER) * QUARTER;
      const ranges = (list: [number, number][]) =>
        list.map(([start, length]) => ({ start: new Date(grid + start), end: new Date(grid + start + length) }));
      return {
        rules: {
          ...rules,
          overrides: Object.fromEntries(
            overrides.map(([days, blocks]) => [wallOf(now + days * DAY, rules.timeZone).day, blocks]),
          ),
        },
        now: new Date(now),
        from: new Date(now + fromShift),
        to: new Date(now + fromShift + span),
        blocked: ranges(blocked),
        busy: ranges(busy),
        bookedStarts: booked.map((start) => new Date(grid + start)),
      };
    });
}

describe("availableSlots, on random rules and calendars", () => {
  it("offers only free, bookable times inside the hours, sorted, and isOffered agrees", () => {
    fc.assert(
      fc.property(
        scenarioArb(10),
        fc.array(fc.integer({ min: -3 * DAY, max: 16 * DAY }), { maxLength: 10 }),
        (input, probes) => {
          const { rules } = input;
          const zone = rules.timeZone;
          const slots = availableSlots(input);
          const starts = slots.map((slot) => +slot.start);
          const offered = new Set(starts);
          const taken = [...input.blocked, ...input.busy];
          const bookedDays = input.bookedStarts.map((start) => wallOf(+start, zone).day);
          const problems: string[] = [];

          for (let i = 1; i < starts.length; i++) {
            if (!((starts[i] ?? 0) > (starts[i - 1] ?? 0))) problems.push(`not sorted and unique at ${i}`);
          }
          for (const slot of slots) {
            const start = +slot.start;
            const at = slot.start.toISOString();
            if (+slot.end - start !== rules.lengthMinutes * MINUTE) problems.push(`${at}: wrong length`);
            if (start < +input.from || start >= +input.to) problems.push(`${at}: outside the asked range`);
            if (start < +input.now + rules.minNoticeMinutes * MINUTE) problems.push(`${at}: before the notice`);
            if (start >= +input.now + rules.windowDays * DAY) problems.push(`${at}: beyond the window`);

            const held = blockedRangeOf(slot.start, rules);
            if (taken.some((range) => overlaps(held, range))) problems.push(`${at}: overlaps a taken range`);

            const wall = wallOf(start, zone);
            const lastMoment = wallOf(+slot.end - 1, zone);
            const inside = hoursOn(rules, wall.day).some((block) => {
              const open = minutesOf(block.start);
              return (
                wall.minutes >= open &&
                (wall.minutes - open) % rules.stepMinutes === 0 &&
                lastMoment.day === wall.day &&
                lastMoment.minutes < minutesOf(block.end)
              );
            });
            if (!inside) problems.push(`${at}: outside the hours of ${wall.day}`);

            if (rules.maxPerDay !== null) {
              const booked = bookedDays.filter((day) => day === wall.day);
              if (booked.length >= rules.maxPerDay) problems.push(`${at}: ${wall.day} is full`);
            }
            if (!isOffered(input, slot.start)) problems.push(`${at}: isOffered says no`);
          }

          const near = starts
            .slice(0, 5)
            .flatMap((start) => [-30, -15, 15, 30].map((minutes) => start + minutes * MINUTE).concat(start + 1));
          for (const probe of [...near, ...probes.map((shift) => +input.now + shift)]) {
            if (isOffered(input, new Date(probe)) !== offered.has(probe)) {
              problems.push(`${new Date(probe).toISOString()}: isOffered disagrees`);
            }
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("offers exactly what reading the rules one candidate at a time offers", () => {
    fc.assert(
      fc.property(scenarioArb(6), (input) => {
        expect(availableSlots(input).map((slot) => slot.start.toISOString())).toEqual(
          referenceStarts(input).map((start) => new Date(start).toISOString()),
        );
      }),
      { numRuns: 100 },
    );
  });
});

// Fixed examples.

const baseRules: AvailabilityRules = {
  timeZone: NEW_YORK,
  weekly: {},
  overrides: {},
  lengthMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  windowDays: 3650,
  maxPerDay: null,
  stepMinutes: 30,
};

function ask(rules: Partial<AvailabilityRules>, from: string, to: string, taken: Partial<AvailabilityInput> = {}) {
  return {
    rules: { ...baseRules, ...rules },
    now: new Date("2026-12-01T00:00:00Z"),
    from: new Date(from),
    to: new Date(to),
    blocked: [],
    bookedStarts: [],
    busy: [],
    ...taken,
  } satisfies AvailabilityInput;
}

const startsOf = (input: AvailabilityInput) => availableSlots(input).map((slot) => slot.start.toISOString());

/** "h:mm AM" as a visitor in `timeZone` reads the instant. */
function clock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(instant)
    .replace(/\s/g, " ");
}

const NINE_TO_FIVE: DayHours[] = [{ start: "09:00", end: "17:00" }];
const HALF_HOURS_9_TO_5 = Array.from({ length: 16 }, (_, i) => {
  const hour = 9 + Math.floor(i / 2);
  return `${hour > 12 ? hour - 12 : hour}:${i % 2 ? "30" : "00"} ${hour < 12 ? "AM" : "PM"}`;
});

describe("the clock changes of 2027 in New York", () => {
  const weekend = { weekly: { 6: NINE_TO_FIVE, 7: NINE_TO_FIVE } };

  function byDay(input: AvailabilityInput) {
    const days = new Map<string, Date[]>();
    for (const slot of availableSlots(input)) {
      const day = dayInZone(slot.start, NEW_YORK);
      days.set(day, [...(days.get(day) ?? []), slot.start]);
    }
    return days;
  }

  it("gives 16 half-hour slots from 9:00 to 16:30 on the Sunday clocks go forward, and on the Saturday before", () => {
    // From Saturday 00:00 EST to Monday 00:00 EDT.
    const days = byDay(ask(weekend, "2027-03-13T05:00:00Z", "2027-03-15T04:00:00Z"));
    expect([...days.keys()]).toEqual(["2027-03-13", "2027-03-14"]);
    const saturday = days.get("2027-03-13") ?? [];
    const sunday = days.get("2027-03-14") ?? [];
    expect(saturday.map((start) => clock(start, NEW_YORK))).toEqual(HALF_HOURS_9_TO_5);
    expect(sunday.map((start) => clock(start, NEW_YORK))).toEqual(HALF_HOURS_9_TO_5);
    expect(saturday[0]?.toISOString()).toBe("2027-03-13T14:00:00.000Z"); // EST, UTC-5
    expect(saturday[15]?.toISOString()).toBe("2027-03-13T21:30:00.000Z");
    expect(sunday[0]?.toISOString()).toBe("2027-03-14T13:00:00.000Z"); // EDT, UTC-4
    expect(sunday[15]?.toISOString()).toBe("2027-03-14T20:30:00.000Z");
  });

  it("gives 16 half-hour slots from 9:00 to 16:30 on the Sunday clocks go back, and on the Saturday before", () => {
    // From Saturday 00:00 EDT to Monday 00:00 EST.
    const days = byDay(ask(weekend, "2027-11-06T04:00:00Z", "2027-11-08T05:00:00Z"));
    expect([...days.keys()]).toEqual(["2027-11-06", "2027-11-07"]);
    const saturday = days.get("2027-11-06") ?? [];
    const sunday = days.get("2027-11-07") ?? [];
    expect(saturday.map((start) => clock(start, NEW_YORK))).toEqual(HALF_HOURS_9_TO_5);
    expect(sunday.map((start) => clock(start, NEW_YORK))).toEqual(HALF_HOURS_9_TO_5);
    expect(saturday[0]?.toISOString()).toBe("2027-11-06T13:00:00.000Z"); // EDT, UTC-4
    expect(saturday[15]?.toISOString()).toBe("2027-11-06T20:30:00.000Z");
    expect(sunday[0]?.toISOString()).toBe("2027-11-07T14:00:00.000Z"); // EST, UTC-5
    expect(sunday[15]?.toISOString()).toBe("2027-11-07T21:30:00.000Z");
  });

  const night = { start: "01:00", end: "04:00" };

  it("offers no time that the clock skips in a 01:00-04:00 block on March 14", () => {
    const input = ask({ overrides: { "2027-03-14": [night] } }, "2027-03-14T05:00:00Z", "2027-03-15T04:00:00Z");
    const slots = availableSlots(input);
    // 02:00 EST is 03:00 EDT: 02:00 and 02:30 never show on the clock; the block is two real hours.
    expect(slots.map((slot) => slot.start.toISOString())).toEqual([
      "2027-03-14T06:00:00.000Z",
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:30:00.000Z",
    ]);
    expect(slots.map((slot) => clock(slot.start, NEW_YORK))).toEqual(["1:00 AM", "1:30 AM", "3:00 AM", "3:30 AM"]);
    expect(slots.at(-1)?.end.toISOString()).toBe("2027-03-14T08:00:00.000Z"); // 04:00 EDT
    expect(isOffered(input, new Date("2027-03-14T06:30:00Z"))).toBe(true);
  });

  it("starts a block that opens in the skipped hour at the first time the clock shows", () => {
    const overrides = { "2027-03-14": [{ start: "02:15", end: "04:30" }] };
    const input = ask({ overrides }, "2027-03-14T05:00:00Z", "2027-03-15T04:00:00Z");
    // 02:15 and 02:45 never show; 03:15 and 03:45 are the block's next steps.
    expect(availableSlots(input).map((slot) => clock(slot.start, NEW_YORK))).toEqual(["3:15 AM", "3:45 AM"]);
    expect(isOffered(input, new Date("2027-03-14T07:00:00Z"))).toBe(false); // 03:00 EDT, off the block's steps
  });

  it("ends a block whose end is skipped when the clock jumps past it", () => {
    const overrides = { "2027-03-14": [{ start: "01:00", end: "02:30" }] };
    const input = ask({ overrides, lengthMinutes: 60 }, "2027-03-14T05:00:00Z", "2027-03-15T04:00:00Z");
    // At 02:00 EST the clock reads 03:00 EDT, past 02:30: a 60-minute meeting fits from 01:00 only.
    expect(startsOf(input)).toEqual(["2027-03-14T06:00:00.000Z"]);
  });

  it("offers each time of a 01:00-04:00 block once, without overlaps, on November 7", () => {
    const input = ask({ overrides: { "2027-11-07": [night] } }, "2027-11-07T04:00:00Z", "2027-11-08T05:00:00Z");
    const slots = availableSlots(input);
    // 01:00-01:59 happens twice (EDT, then EST): its times are offered at their first showing.
    expect(slots.map((slot) => slot.start.toISOString())).toEqual([
      "2027-11-07T05:00:00.000Z",
      "2027-11-07T05:30:00.000Z",
      "2027-11-07T07:00:00.000Z",
      "2027-11-07T07:30:00.000Z",
      "2027-11-07T08:00:00.000Z",
      "2027-11-07T08:30:00.000Z",
    ]);
    const clocks = slots.map((slot) => clock(slot.start, NEW_YORK));
    expect(clocks).toEqual(["1:00 AM", "1:30 AM", "2:00 AM", "2:30 AM", "3:00 AM", "3:30 AM"]);
    for (let i = 1; i < slots.length; i++)
      expect(+(slots[i]?.start ?? 0)).toBeGreaterThanOrEqual(+(slots[i - 1]?.end ?? 0));
    expect(slots.at(-1)?.end.toISOString()).toBe("2027-11-07T09:00:00.000Z"); // 04:00 EST
    // The second 01:30 (EST) is not offered.
    expect(isOffered(input, new Date("2027-11-07T06:30:00Z"))).toBe(false);
  });
});

describe("a visitor in another zone", () => {
  it.each([
    // January: New York UTC-5, Los Angeles UTC-8, London UTC+0, Kolkata UTC+5:30.
    { day: "2027-01-11", from: "2027-01-11T05:00:00Z", la: "6:00 AM", london: "2:00 PM", kolkata: "7:30 PM" },
    // Between the American (March 14) and British (March 28) changes: London is only four hours ahead.
    { day: "2027-03-15", from: "2027-03-15T04:00:00Z", la: "6:00 AM", london: "1:00 PM", kolkata: "6:30 PM" },
    // July: New York UTC-4, Los Angeles UTC-7, London UTC+1, Kolkata UTC+5:30.
    { day: "2027-07-12", from: "2027-07-12T04:00:00Z", la: "6:00 AM", london: "2:00 PM", kolkata: "6:30 PM" },
  ])("sees 9:00 AM in New York on $day as $la in LA, $london in London, $kolkata in Kolkata", (example) => {
    const input = ask(
      { weekly: { 1: NINE_TO_FIVE } },
      example.from,
      new Date(Date.parse(example.from) + DAY).toISOString(),
    );
    const slots = availableSlots(input);
    expect(slots).toHaveLength(16);
    const first = slots[0]?.start ?? new Date(Number.NaN);
    expect(clock(first, NEW_YORK)).toBe("9:00 AM");
    expect(clock(first, "America/Los_Angeles")).toBe(example.la);
    expect(clock(first, "Europe/London")).toBe(example.london);
    expect(clock(first, "Asia/Kolkata")).toBe(example.kolkata);
    // Every slot keeps the same distance between the zones' clocks: the instants are the zone's, not the visitor's.
    const gap = (zone: string, start: Date) => wallMs(+start, zone) - wallMs(+start, NEW_YORK);
    for (const slot of slots) {
      for (const zone of ["America/Los_Angeles", "Europe/London", "Asia/Kolkata"]) {
        expect(gap(zone, slot.start)).toBe(gap(zone, first));
      }
    }
  });
});

describe("buffers", () => {
  // Monday, January 11, 2027 in New York (UTC-5).
  const at = (time: string) => new Date(`2027-01-11T${time}:00-05:00`);
  const monday = (rules: Partial<AvailabilityRules>, taken: Partial<AvailabilityInput>) =>
    startsOf(ask({ weekly: { 1: NINE_TO_FIVE }, ...rules }, "2027-01-11T05:00:00Z", "2027-01-12T05:00:00Z", taken));
  const times = (...list: string[]) => list.map((time) => at(time).toISOString());

  it("holds [start - before, start + length + after) for a booking", () => {
    const held = blockedRangeOf(at("10:00"), { lengthMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    expect(held).toEqual({ start: at("09:45"), end: at("10:45") });
  });

  it("keeps 15 minutes either side of a booking at 10:00, and half-open ranges may touch", () => {
    const rules = { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    const starts = monday(rules, { blocked: [blockedRangeOf(at("10:00"), { ...baseRules, ...rules })] });
    // 9:00 holds [8:45, 9:45) and 11:00 holds [10:45, 11:45): both touch [9:45, 10:45) without overlapping it.
    expect(starts.filter((start) => start < at("11:30").toISOString())).toEqual(times("09:00", "11:00"));
  });

  it("removes 11:30 before a busy event 12:00-13:00 with a 15-minute after-buffer, and keeps 13:00", () => {
    const busy = [{ start: at("12:00"), end: at("13:00") }];
    const starts = monday({ bufferAfterMinutes: 15 }, { busy });
    expect(starts.filter((start) => start >= at("11:00").toISOString() && start < at("14:00").toISOString())).toEqual(
      times("11:00", "13:00", "13:30"),
    );
  });

  it("removes 13:00 after a busy event 12:00-13:00 with a 15-minute before-buffer, and keeps 11:30", () => {
    const busy = [{ start: at("12:00"), end: at("13:00") }];
    const starts = monday({ bufferBeforeMinutes: 15 }, { busy });
    expect(starts.filter((start) => start >= at("11:00").toISOString() && start < at("14:00").toISOString())).toEqual(
      times("11:00", "11:30", "13:30"),
    );
  });

  it("keeps both neighbours of a busy event without buffers", () => {
    const busy = [{ start: at("12:00"), end: at("13:00") }];
    const starts = monday({}, { busy });
    expect(starts.filter((start) => start >= at("11:00").toISOString() && start < at("14:00").toISOString())).toEqual(
      times("11:00", "11:30", "13:00", "13:30"),
    );
  });

  it("compares a booking's widened range as given, whatever buffers today's rules have", () => {
    // A booking 10:00-10:30 made when the buffers were 30 minutes holds [9:30, 11:00).
    const starts = monday({}, { blocked: [{ start: at("09:30"), end: at("11:00") }] });
    expect(starts.slice(0, 3)).toEqual(times("09:00", "11:00", "11:30"));
  });

  it("takes ranges in any order, overlapping or repeated", () => {
    const range = (start: string, end: string) => ({ start: at(start), end: at(end) });
    const starts = monday(
      {},
      {
        blocked: [range("15:00", "16:00"), range("09:10", "09:20"), range("15:00", "16:00")],
        busy: [range("12:00", "14:00"), range("10:00", "11:00"), range("10:30", "12:30"), range("16:00", "16:00")],
      },
    );
    expect(starts).toEqual(times("09:30", "14:00", "14:30", "16:00", "16:30"));
  });
});

describe("notice, window, limit and hours", () => {
  const monday = "2027-01-11T05:00:00Z";
  const tuesdayEnd = "2027-01-13T05:00:00Z";
  const at = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`).toISOString();

  it("offers a start at exactly now + notice, and none at now + window", () => {
    const weekly = { 1: NINE_TO_FIVE, 2: [{ start: "07:00", end: "10:00" }] };
    const now = new Date(at("2027-01-11", "08:00"));
    const exactly = availableSlots({
      ...ask({ weekly, minNoticeMinutes: 60, windowDays: 1 }, monday, tuesdayEnd),
      now,
    });
    expect(exactly[0]?.start.toISOString()).toBe(at("2027-01-11", "09:00"));
    // The window ends Tuesday at 08:00: 07:00 and 07:30 are in, 08:00 is not.
    expect(exactly.slice(-2).map((slot) => slot.start.toISOString())).toEqual([
      at("2027-01-12", "07:00"),
      at("2027-01-12", "07:30"),
    ]);
    const later = availableSlots({ ...ask({ weekly, minNoticeMinutes: 61, windowDays: 1 }, monday, tuesdayEnd), now });
    expect(later[0]?.start.toISOString()).toBe(at("2027-01-11", "09:30"));
  });

  it("counts bookings on the business's day, not the UTC one", () => {
    const weekly = { 1: NINE_TO_FIVE, 2: NINE_TO_FIVE };
    // Monday 21:00 in New York is Tuesday 02:00 UTC.
    const bookedStarts = [new Date(at("2027-01-11", "10:00")), new Date(at("2027-01-11", "21:00"))];
    const days = (maxPerDay: number | null) =>
      new Set(
        availableSlots(ask({ weekly, maxPerDay }, monday, tuesdayEnd, { bookedStarts })).map((slot) =>
          dayInZone(slot.start, NEW_YORK),
        ),
      );
    expect(days(2)).toEqual(new Set(["2027-01-12"]));
    expect(days(3)).toEqual(new Set(["2027-01-11", "2027-01-12"]));
    expect(days(null)).toEqual(new Set(["2027-01-11", "2027-01-12"]));
    expect(days(0)).toEqual(new Set());
  });

  it("takes a date override over the weekly hours, and an empty one as a day off", () => {
    const weekly = { 1: NINE_TO_FIVE, 2: NINE_TO_FIVE };
    const overrides = { "2027-01-11": [], "2027-01-12": [{ start: "13:00", end: "14:00" }] };
    expect(startsOf(ask({ weekly, overrides }, monday, tuesdayEnd))).toEqual([
      at("2027-01-12", "13:00"),
      at("2027-01-12", "13:30"),
    ]);
    // An override on a day the week leaves closed opens it.
    const sunday = { "2027-01-10": [{ start: "10:00", end: "11:00" }] };
    expect(startsOf(ask({ overrides: sunday }, "2027-01-10T05:00:00Z", tuesdayEnd))).toEqual([
      at("2027-01-10", "10:00"),
      at("2027-01-10", "10:30"),
    ]);
  });

  it("steps from each block's start, fits the whole meeting in the block, and merges overlapping blocks", () => {
    const weekly = {
      1: [
        { start: "09:15", end: "10:30" },
        { start: "09:45", end: "10:45" },
        { start: "22:00", end: "24:00" },
      ],
    };
    expect(startsOf(ask({ weekly, lengthMinutes: 45 }, monday, tuesdayEnd))).toEqual([
      at("2027-01-11", "09:15"),
      at("2027-01-11", "09:45"),
      at("2027-01-11", "22:00"),
      at("2027-01-11", "22:30"),
      at("2027-01-11", "23:00"),
    ]);
  });

  it("answers only inside the asked range, and only on the step", () => {
    const input = ask({ weekly: { 1: NINE_TO_FIVE } }, at("2027-01-11", "10:00"), at("2027-01-11", "11:00"));
    expect(startsOf(input)).toEqual([at("2027-01-11", "10:00"), at("2027-01-11", "10:30")]);
    expect(isOffered(input, new Date(at("2027-01-11", "10:30")))).toBe(true);
    expect(isOffered(input, new Date(at("2027-01-11", "11:00")))).toBe(false);
    expect(isOffered(input, new Date(at("2027-01-11", "09:30")))).toBe(false);
    expect(isOffered(input, new Date(at("2027-01-11", "10:10")))).toBe(false);
    expect(startsOf({ ...input, to: input.from })).toEqual([]);
  });

  it("refuses an unknown zone, a malformed time and a step of zero", () => {
    const range = [monday, tuesdayEnd] as const;
    expect(() => availableSlots(ask({ timeZone: "Mars/Olympus_Mons" }, ...range))).toThrow(RangeError);
    expect(() => availableSlots(ask({ weekly: { 1: [{ start: "9am", end: "17:00" }] } }, ...range))).toThrow(
      RangeError,
    );
    expect(() => availableSlots(ask({ stepMinutes: 0 }, ...range))).toThrow(RangeError);
  });
});

describe("dayInZone", () => {
  it("gives the business's calendar day", () => {
    expect(dayInZone(new Date("2027-01-12T02:00:00Z"), NEW_YORK)).toBe("2027-01-11");
    expect(dayInZone(new Date("2027-01-11T18:29:59Z"), "Asia/Kolkata")).toBe("2027-01-11");
    expect(dayInZone(new Date("2027-01-11T18:30:00Z"), "Asia/Kolkata")).toBe("2027-01-12");
    // Midnight of the day clocks go back is still EDT (UTC-4).
    expect(dayInZone(new Date("2027-11-07T03:59:59Z"), NEW_YORK)).toBe("2027-11-06");
    expect(dayInZone(new Date("2027-11-07T04:00:00Z"), NEW_YORK)).toBe("2027-11-07");
  });
});
