/**
 * What bookings share between the server and the pages (docs/product/bookings.md): where a call
 * happens, who may book a meeting type, a booking's states, and the limits of the settings.
 */

export const LOCATION_KINDS = ["phone", "video", "in_person"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const LOCATION_LABELS: Record<LocationKind, string> = {
  phone: "Phone call",
  video: "Video call",
  in_person: "In person",
};

/** `public`: anyone on /book; `client`: a client signed in to the portal. */
export const MEETING_AUDIENCES = ["public", "client"] as const;
export type MeetingAudience = (typeof MEETING_AUDIENCES)[number];

export const BOOKING_STATUSES = ["confirmed", "cancelled", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

/** ISO weekdays, Monday first, as the weekly hours are keyed. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
};

/** The longest range one availability call answers: a month view and the days around it. */
export const MAX_AVAILABILITY_DAYS = 42;
export const MAX_WINDOW_DAYS = 365;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_NOTICE_MINUTES = 14 * 24 * 60;
export const MEETING_LENGTHS = { min: 5, max: 480 } as const;

/** The defaults a new database starts with (the owner changes them in Settings > Booking). */
export const DEFAULT_MEETING_TYPES = [
  {
    slug: "discovery-call",
    name: "Discovery call",
    length_minutes: 20,
    location_kind: "phone",
    location_detail: null,
    audience: "public",
    description:
      "A short, free conversation about your business, what the site should do, and whether we are a fit. No preparation needed; the checklist on How it works helps if you like.",
  },
  {
    slug: "project-check-in",
    name: "Project check-in",
    length_minutes: 30,
    location_kind: "video",
    location_detail: null,
    audience: "client",
    description: "A call about your project in progress: what's done, what's next, and your questions.",
  },
] as const;

/** The analytics events of the booking page (docs/product/analytics.md "Events"). */
export const BOOKING_EVENTS = { started: "booking_started", completed: "booking_completed" } as const;

/** What a visitor reads when the time they picked went to someone else first. */
export const SLOT_TAKEN = "That time was just taken";
