import { site } from "~/config/site";
import {
  BOOKING_STATUS_LABELS,
  LOCATION_LABELS,
  type BookingStatus,
  type LocationKind,
  type MeetingAudience,
} from "~/contracts/booking-terms";
import { formatInstant } from "~/lib/time/zoned";
import type { Tone } from "../ui/styles";

/** The business's zone, as the owner's screens name it: "America/New_York". */
export const BUSINESS_ZONE = site.timeZone;

export const STATUS_TONES: Record<BookingStatus, Tone> = {
  confirmed: "green",
  cancelled: "gray",
  no_show: "orange",
};

export const statusLabel = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];

export const AUDIENCE_LABELS: Record<MeetingAudience, string> = {
  public: "Anyone (public)",
  client: "Clients (portal)",
};

/** Where a call happens, with its detail when it has one: "Video call: https://meet…". */
export function whereLabel(kind: LocationKind, detail: string | null): string {
  return detail && kind !== "phone" ? `${LOCATION_LABELS[kind]}: ${detail}` : LOCATION_LABELS[kind];
}

/** The year of an instant in the business's zone. */
const yearOf = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: BUSINESS_ZONE }).format(new Date(iso));

/**
 * A call's start in the business's zone, the zone named: "Tue, Jan 12, 2:00 PM EST", with the
 * year when it is not this year's.
 */
export function callTime(iso: string, now = new Date()): string {
  const sameYear = yearOf(iso) === yearOf(now.toISOString());
  return formatInstant(iso, sameYear ? "weekday" : "weekdayYear");
}

/** "Call booked: Tue Jan 12, 2:00 PM EST", as the contact's log says it. */
export const callBookedLine = (iso: string, now = new Date()) =>
  `Call booked: ${callTime(iso, now).replace(/^(\w{3}), /, "$1 ")}`;

/** A calendar day (YYYY-MM-DD) of an instant in a zone. */
export function zonedDay(iso: string, timeZone = BUSINESS_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A calendar day as written: "Tue, Jan 12, 2027" (the day itself, in no zone). */
export function dayLabel(day: string, withYear = true): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

/** "09:00" as "9:00 AM"; "24:00" as "midnight". */
export function clockLabel(hhmm: string): string {
  if (hhmm === "24:00") return "midnight";
  const [h, m] = hhmm.split(":").map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** Blocks of hours as a line: "9:00 AM–12:00 PM, 1:00 PM–5:00 PM". */
export const hoursLine = (blocks: readonly { start: string; end: string }[]) =>
  blocks.map((b) => `${clockLabel(b.start)}–${clockLabel(b.end)}`).join(", ");
