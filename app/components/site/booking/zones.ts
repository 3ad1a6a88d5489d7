import { site } from "~/config/site";

/**
 * Time zones on the booking page (docs/product/bookings.md): every time is shown in the visitor's
 * zone, detected by the browser and changeable, and always named ("Eastern Time
 * (America/New_York)"). Only Intl: the zones' rules come from the browser's own ICU data, so no
 * library travels with the page.
 */

/** A calendar day in some zone, "2027-01-12". */
export type DayKey = string;

/** The zones offered in the select, beside the visitor's own: the US, and where Rhode Islanders' families and clients often are. */
export const COMMON_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Halifax",
  "America/Puerto_Rico",
  "America/Sao_Paulo",
  "Atlantic/Cape_Verde",
  "Atlantic/Azores",
  "Europe/Lisbon",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Paris",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}|${zone}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formatters.set(id, found);
  }
  return found;
}

/** Whether this browser knows the zone (an IANA name it can format in). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  try {
    return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** The visitor's zone as the browser reports it; the business's when it reports none it knows. */
export function detectZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isKnownZone(zone) ? zone : site.timeZone;
  } catch {
    return site.timeZone;
  }
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const pad = (n: number) => String(n).padStart(2, "0");

const partsOf = (instant: Date, zone: string) => {
  const parts = formatter("parts", zone, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
};

/** The day an instant falls on in a zone. */
export function dayKeyOf(value: string | Date, zone: string): DayKey {
  const { year, month, day } = partsOf(toDate(value), zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const p = partsOf(new Date(instant), zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a day begins in a zone (its first existing moment, where a clock change skips midnight). */
export function startOfDay(day: DayKey, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}

/** "2:30 PM" in the zone. */
export const formatTime = (value: string | Date, zone: string) =>
  formatter("time", zone, { hour: "numeric", minute: "2-digit" }).format(toDate(value));

/** "Tuesday, January 12" of a day. */
export function formatDay(day: DayKey): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return formatter("day", "UTC", { weekday: "long", month: "long", day: "numeric" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** "Tuesday, January 12, 2027 at 2:30 PM" in the zone. */
export function formatWhen(value: string | Date, zone: string): string {
  const day = dayKeyOf(value, zone);
  return `${formatDay(day)}, ${day.slice(0, 4)} at ${formatTime(value, zone)}`;
}

/** The zone's everyday name: "Eastern Time", "Central European Time", "Coordinated Universal Time". */
export function zoneName(zone: string, at: string | Date = new Date()): string {
  const nameIn = (style: "longGeneric" | "long") =>
    formatter(style, zone, { timeZoneName: style })
      .formatToParts(toDate(at))
      .find((part) => part.type === "timeZoneName")?.value;
  try {
    const generic = nameIn("longGeneric");
    // Zones without a generic name come back as an offset ("GMT+00:00"): their long name reads better.
    if (generic && !/^GMT|^UTC/.test(generic)) return generic;
    return nameIn("long") ?? zone;
  } catch {
    return zone;
  }
}

/** "Eastern Time (America/New_York)": the zone always named, with its IANA id. */
export const zoneLabel = (zone: string, at: string | Date = new Date()) => `${zoneName(zone, at)} (${zone})`;

/** The select's options: the common zones, with the visitor's own (and one more, a booking's) first when missing. */
export function zoneOptions(
  detected: string,
  ...others: (string | null | undefined)[]
): { value: string; label: string }[] {
  const zones: string[] = [...COMMON_ZONES];
  for (const zone of [...others].reverse()) if (isKnownZone(zone) && !zones.includes(zone)) zones.unshift(zone);
  if (isKnownZone(detected) && !zones.includes(detected)) zones.unshift(detected);
  return zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
}

/** The slots of each day, as days are in the zone, each day's in time order. */
export function groupByDay<S extends { start: string }>(slots: readonly S[], zone: string): Map<DayKey, S[]> {
  const days = new Map<DayKey, S[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const day = dayKeyOf(slot.start, zone);
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return days;
}
