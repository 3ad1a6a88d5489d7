/**
 * The busy times of the owner's own calendar, read from its iCal feed (a private address from
 * Google Calendar, iCloud, Outlook…) by node-ical, so that bookings avoid them.
 */
import { TZDate } from "@date-fns/tz";
import ical, { type CalendarResponse, type ParameterValue, type RRule, type VEvent } from "node-ical";

/** A busy time, from start (inclusive) to end (exclusive). */
export interface BusyRange {
  start: Date;
  end: Date;
}

/** The most occurrences of one recurring event taken from a feed, against a rule that never ends quickly. */
const MAX_OCCURRENCES_PER_EVENT = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Below this, a window is not split further when a rule's expansion gives up (see occurrencesBetween). */
const MIN_SPLIT_MS = 60 * 1000;

/**
 * The event, or one overridden occurrence of it. node-ical types an override as
 * Omit<VEvent, "recurrences">, which its index signature turns into a bare record: it has the
 * same fields as the event.
 */
type EventPart = VEvent;
type DateValue = Date & { tz?: string; dateOnly?: boolean };

/**
 * Busy ranges from an iCal text that overlap [from, to), sorted by start: single events,
 * recurring events expanded (EXDATE and RECURRENCE-ID overrides honoured, at most 5,000
 * occurrences each), and all-day events as whole days in the calendar's zone (X-WR-TIMEZONE)
 * or else `fallbackTimeZone`. Transparent ("free") and cancelled events are left out. Ranges are
 * neither clipped to the window nor merged.
 */
export function busyRangesOf(icsText: string, from: Date, to: Date, fallbackTimeZone: string): BusyRange[] {
  if (!isTimeZone(fallbackTimeZone)) throw new Error(`Unknown time zone: ${fallbackTimeZone}`);
  if (!(from.getTime() < to.getTime())) return [];
  const data: CalendarResponse = ical.sync.parseICS(icsText);
  const calendarZone = data.vcalendar?.["WR-TIMEZONE"];
  const dayZone = typeof calendarZone === "string" && isTimeZone(calendarZone) ? calendarZone : fallbackTimeZone;
  const window = { from: from.getTime(), to: to.getTime() };

  const ranges: BusyRange[] = [];
  for (const [key, component] of Object.entries(data)) {
    if (key === "vcalendar" || !isEvent(component)) continue;
    for (const range of eventRanges(component, window, dayZone)) {
      const start = range.start.getTime();
      const end = range.end.getTime();
      // An event without length (no DTEND) takes no time.
      if (end > start && start < window.to && end > window.from) ranges.push(range);
    }
  }
  return ranges.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/**
 * Fetches a calendar feed (http, https, or webcal:// read as https) and answers its text.
 * Throws an Error with a clear message on a non-2xx answer, after `timeoutMs` (default 10 s), or
 * when the body is larger than `maxBytes` (default 5 MB). The messages leave the address out: a
 * private feed's address is its password.
 */
export async function fetchFeed(url: string, options: { timeoutMs?: number; maxBytes?: number } = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const address = feedAddress(url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(address, {
      headers: { accept: "text/calendar, text/plain;q=0.9, */*;q=0.5" },
      signal: controller.signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const reason = response.statusText ? ` ${response.statusText}` : "";
      throw new FeedError(`The calendar feed answered HTTP ${response.status}${reason}`);
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new FeedError(tooLarge(maxBytes));
    }
    return await readText(response, maxBytes);
  } catch (error) {
    if (timedOut) throw new Error(`The calendar feed did not answer within ${timeoutMs} ms`, { cause: error });
    if (error instanceof FeedError) throw error;
    const reason = error instanceof Error ? (causeMessage(error) ?? error.message) : String(error);
    throw new Error(`The calendar feed could not be fetched: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** A failure this module describes itself, passed on as it is. */
class FeedError extends Error {}

function feedAddress(url: string): URL {
  let address: URL;
  try {
    address = new URL(url.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new FeedError("The calendar feed address is not a valid URL");
  }
  if (address.protocol !== "https:" && address.protocol !== "http:") {
    throw new FeedError(
      `The calendar feed address must start with https://, http:// or webcal:// (not ${address.protocol})`,
    );
  }
  return address;
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FeedError(tooLarge(maxBytes));
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // RFC 5545 text is UTF-8; the decoder drops a byte order mark.
  return new TextDecoder("utf-8").decode(body);
}

function tooLarge(maxBytes: number): string {
  return `The calendar feed is larger than ${maxBytes} bytes`;
}

/** undici's "fetch failed" hides the reason (refused, unknown host…) in its cause. */
function causeMessage(error: Error): string | undefined {
  const cause: unknown = error.cause;
  return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : undefined;
}

function isEvent(component: unknown): component is VEvent {
  if (typeof component !== "object" || component === null) return false;
  const event = component as Partial<VEvent>;
  return event.type === "VEVENT" && event.start instanceof Date && !Number.isNaN(event.start.getTime());
}

function isTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

function textOf(value: ParameterValue | undefined): string {
  if (value === undefined || value === null) return "";
  return (typeof value === "object" ? String(value.val) : String(value)).trim().toUpperCase();
}

/** A part (the event, or one overridden occurrence) that takes no time: transparent or cancelled. */
function isFree(part: EventPart): boolean {
  return textOf(part.transparency) === "TRANSPARENT" || textOf(part.status) === "CANCELLED";
}

function isAllDay(part: EventPart): boolean {
  return part.datetype === "date" || Boolean((part.start as DateValue).dateOnly);
}

/**
 * node-ical builds a date-only value (and a date-only rule's occurrences) at the host's local
 * midnight of that calendar day: its local fields are the day.
 */
function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Whole days an all-day part lasts (DTEND is exclusive; node-ical gives one day without it). */
function daysOf(part: EventPart): number {
  const end = part.end ?? part.start;
  return Math.max(1, Math.round((end.getTime() - part.start.getTime()) / DAY_MS));
}

/** The given calendar day (read as dayKey does) and the days after it, from midnight to midnight in `zone`. */
function wholeDays(day: Date, days: number, zone: string): BusyRange {
  const startDay = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
  const endDay = new Date(startDay.getTime() + days * DAY_MS);
  const midnight = (utcDay: Date) =>
    new Date(new TZDate(utcDay.getUTCFullYear(), utcDay.getUTCMonth(), utcDay.getUTCDate(), zone).getTime());
  return { start: midnight(startDay), end: midnight(endDay) };
}

/** The zone an all-day part's days are read in: its own if node-ical kept one, else the calendar's. */
function zoneOf(part: EventPart, dayZone: string): string {
  const tz = (part.start as DateValue).tz;
  return tz && isTimeZone(tz) ? tz : dayZone;
}

/** The busy range of one part on its own dates (a single event, or an overridden occurrence). */
function partRange(part: EventPart, dayZone: string, fallbackDurationMs: number): BusyRange {
  if (isAllDay(part)) return wholeDays(part.start, daysOf(part), zoneOf(part, dayZone));
  const start = new Date(part.start.getTime());
  const ownEnd = part.end?.getTime() ?? start.getTime();
  // node-ical gives an override without DTEND or DURATION an end equal to its start: it keeps
  // the series' duration then.
  const end = ownEnd > start.getTime() ? ownEnd : start.getTime() + fallbackDurationMs;
  return { start, end: new Date(end) };
}

function eventRanges(event: VEvent, window: { from: number; to: number }, dayZone: string): BusyRange[] {
  const overrides = overridesOf(event);
  if (!event.rrule) {
    // A lone event, or occurrences of a series whose main event the feed does not hold
    // (node-ical then keeps the first override as the event itself).
    const parts: EventPart[] = [
      event,
      ...overrides.filter((part) => !sameInstant(part.recurrenceid, event.recurrenceid)),
    ];
    return parts.filter((part) => !isFree(part)).map((part) => partRange(part, dayZone, 0));
  }
  if (textOf(event.status) === "CANCELLED") return [];

  const allDay = isAllDay(event);
  const durationMs = Math.max(0, (event.end?.getTime() ?? event.start.getTime()) - event.start.getTime());
  const days = daysOf(event);
  const ranges: BusyRange[] = [];

  if (!isFree(event)) {
    // Occurrences that start before the window but last into it count too; an all-day rule's
    // dates are UTC midnights, a little apart from the days in the zone.
    const before = allDay ? (days + 2) * DAY_MS : durationMs;
    const after = allDay ? 2 * DAY_MS : 0;
    const isExcluded = exclusionsOf(event, allDay);
    const dates = occurrencesBetween(event.rrule, window.from - before, window.to + after, MAX_OCCURRENCES_PER_EVENT);
    for (const date of dates) {
      if (isExcluded(date) || hasOverride(event, date, allDay)) continue;
      ranges.push(
        allDay
          ? wholeDays(date, days, zoneOf(event, dayZone))
          : { start: date, end: new Date(date.getTime() + durationMs) },
      );
    }
  }
  // An override counts on its own dates, which may lie far from its original occurrence, and
  // even when an EXDATE names that occurrence too (some servers write both for a moved one).
  for (const part of overrides) {
    if (!isFree(part)) ranges.push(partRange(part, dayZone, durationMs));
  }
  return ranges;
}

/** The overridden occurrences of an event, once each (node-ical keys each under two keys). */
function overridesOf(event: VEvent): EventPart[] {
  const parts = new Set(Object.values(event.recurrences ?? {}) as unknown[] as EventPart[]);
  return [...parts].filter((part) => part.start instanceof Date && !Number.isNaN(part.start.getTime()));
}

function sameInstant(a: Date | undefined, b: Date | undefined): boolean {
  return a !== undefined && b !== undefined && a.getTime() === b.getTime();
}

/**
 * node-ical keys EXDATE and RECURRENCE-ID values by "YYYY-MM-DD" and, for a date-time, by its
 * ISO instant too. A timed occurrence matches by instant, or by its day (in the event's zone)
 * when the EXDATE is a date only; an all-day occurrence matches by day.
 */
function exclusionsOf(event: VEvent, allDay: boolean): (date: Date) => boolean {
  const exdate = (event.exdate ?? {}) as Record<string, DateValue>;
  if (allDay) return (date) => exdate[dayKey(date)] !== undefined;
  const excludedDays = new Set(Object.keys(exdate).filter((key) => exdate[key]?.dateOnly === true));
  const zone = (event.start as DateValue).tz;
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone && isTimeZone(zone) ? zone : "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return (date) =>
    exdate[date.toISOString()] !== undefined || (excludedDays.size > 0 && excludedDays.has(format.format(date)));
}

function hasOverride(event: VEvent, date: Date, allDay: boolean): boolean {
  const recurrences = event.recurrences;
  if (!recurrences) return false;
  return (allDay ? recurrences[dayKey(date)] : recurrences[date.toISOString()]) !== undefined;
}

/**
 * A rule's occurrences starting in [from, to], the earliest `cap` of them. rrule-temporal throws
 * past 10,000 steps of one expansion: the window is then halved, earlier half first, until the
 * cap is reached. A rule that cannot be expanded (a COUNT reaching far past 10,000 occurrences,
 * counted from DTSTART whatever the window, or a rule it rejects) gives what was found.
 */
function occurrencesBetween(rule: RRule, from: number, to: number, cap: number): Date[] {
  const found: Date[] = [];
  const walk = (start: number, end: number): boolean => {
    let dates: Date[];
    try {
      dates = rule.between(new Date(start), new Date(end), true);
    } catch (error) {
      const tooMany = error instanceof Error && error.message.includes("Maximum iterations");
      // With a COUNT, every expansion starts from DTSTART: a smaller window costs as much.
      if (!tooMany || rule.options.count !== undefined || end - start <= MIN_SPLIT_MS) return false;
      const middle = start + Math.floor((end - start) / 2);
      // The two halves share no instant: the second starts one millisecond after the middle.
      return walk(start, middle) && found.length < cap && walk(middle + 1, end);
    }
    for (const date of dates) {
      if (found.length >= cap) return false;
      found.push(date);
    }
    return found.length < cap;
  };
  walk(from, to);
  return found;
}
