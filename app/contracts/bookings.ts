import { z } from "~/contracts/zod";
import { HONEYPOT_FIELD, LIMITS } from "~/contracts/form-options";
import {
  BOOKING_STATUSES,
  LOCATION_KINDS,
  MAX_BUFFER_MINUTES,
  MAX_NOTICE_MINUTES,
  MAX_WINDOW_DAYS,
  MEETING_AUDIENCES,
  MEETING_LENGTHS,
} from "./booking-terms";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { AttributionSchema, emailField, nullableText, optionalPhoneField, optionalText, requiredText } from "./fields";
import { pageAnswerFields, pageQueryFields, LIST_SEARCH_MAX_LENGTH } from "./paging";
import { IdParam } from "./params";

/**
 * Bookable calls (docs/product/bookings.md): the visitors' booking page and its links to move or
 * cancel a call, a client's check-in from the portal, the owner's settings and Bookings screen,
 * and the owner's calendar feed. Every instant travels as an ISO 8601 UTC string; the pages show
 * it in the viewer's zone, named.
 */

const TYPE_EXAMPLE = {
  id: 1,
  slug: "discovery-call",
  name: "Discovery call",
  description: "A short, free conversation about your business and what the site should do.",
  length_minutes: 20,
  location_kind: "phone",
  location_detail: null,
  audience: "public",
  active: true,
} as const;
const { id: _id, location_detail: _detail, active: _active, ...PUBLIC_TYPE_EXAMPLE } = TYPE_EXAMPLE;
const SLOT_EXAMPLE = { start: "2027-01-12T19:00:00.000Z", end: "2027-01-12T19:20:00.000Z" };
const BOOKING_EXAMPLE = {
  uid: "booking-6f1c2a90-5d1e-4c1b-9a55-0d7e3c2b8f11@websitesbytyler.com",
  meeting_name: "Discovery call",
  length_minutes: 20,
  location_kind: "phone",
  location: "(401) 555-0142",
  start: SLOT_EXAMPLE.start,
  end: SLOT_EXAMPLE.end,
  status: "confirmed",
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  time_zone: "America/New_York",
  reschedule_url: "https://websitesbytyler.com/book/reschedule/42.r.Qm9va2luZyBsaW5rIGV4YW1wbGUgb25seSwgbm90IHJlYWw",
  cancel_url: "https://websitesbytyler.com/book/cancel/42.c.Qm9va2luZyBsaW5rIGV4YW1wbGUgb25seSwgbm90IHJlYWw",
  type_slug: "discovery-call",
} as const;
const OWNER_BOOKING_EXAMPLE = {
  id: 42,
  uid: BOOKING_EXAMPLE.uid,
  meeting_name: "Discovery call",
  type_slug: "discovery-call",
  location_kind: "phone",
  location_detail: null,
  start: SLOT_EXAMPLE.start,
  end: SLOT_EXAMPLE.end,
  status: "confirmed",
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  phone: "(401) 555-0142",
  about: "A site for our bakery in Warwick, with the menu and online orders",
  time_zone: "America/New_York",
  contact_id: 7,
  project_id: "WBT-2026-7KQ4MZ",
  owner_notes: "",
  cancel_message: null,
  cancelled_by: null,
  landing_page: "/warwick-web-design",
  sequence: 0,
  created_at: "2027-01-05T15:12:00.000Z",
} as const;
const WEEKLY_EXAMPLE = {
  "1": [{ start: "09:00", end: "17:00" }],
  "2": [{ start: "09:00", end: "17:00" }],
  "3": [{ start: "09:00", end: "17:00" }],
  "4": [{ start: "09:00", end: "17:00" }],
  "5": [{ start: "09:00", end: "12:00" }],
};
const SETTINGS_EXAMPLE = {
  weekly_hours: WEEKLY_EXAMPLE,
  buffer_before_minutes: 10,
  buffer_after_minutes: 10,
  min_notice_minutes: 720,
  window_days: 30,
  max_per_day: 4,
  step_minutes: 30,
  busy_feed_url: null,
} as const;
const FEEDS_EXAMPLE = {
  owner_feed_url: "webcal://websitesbytyler.com/api/calendar/3q2v9Xo7cH1nK4bqR0sT6wYzA8dE5fG2.ics",
  busy_feed_checked_at: "2027-01-05T15:10:00.000Z",
  busy_feed_ok_at: "2027-01-05T15:10:00.000Z",
  busy_feed_error: null,
  busy_count: 38,
};
const SETTINGS_ANSWER_EXAMPLE = {
  time_zone: "America/New_York",
  settings: SETTINGS_EXAMPLE,
  overrides: [{ day: "2027-01-18", hours: [] }],
  types: [TYPE_EXAMPLE],
  feeds: FEEDS_EXAMPLE,
};

const instant = (description: string) =>
  z.iso
    .datetime({ offset: true, error: `${description} must be a date and time, like 2027-01-12T19:00:00Z` })
    .meta({ description, example: "2027-01-12T19:00:00.000Z" });

/** An IANA zone the server's ICU knows ("America/New_York"), or the visitor is told to pick one. */
export const TimeZoneField = z
  .string({ error: "time_zone is required" })
  .max(64, { error: "time_zone must be at most 64 characters" })
  .refine(
    (zone) => {
      try {
        return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone.length > 0;
      } catch {
        return false;
      }
    },
    { error: "Choose a time zone from the list, like America/New_York" },
  )
  .meta({ description: "The visitor's IANA time zone", example: "America/Los_Angeles" });

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DayHoursSchema = z
  .object({
    start: z.string().regex(HHMM, { error: "Times are HH:MM, like 09:00" }),
    end: z.string().regex(HHMM, { error: "Times are HH:MM, like 17:00" }),
  })
  .refine((hours) => hours.end > hours.start, { error: "Each block must end after it starts", path: ["end"] })
  .meta({ id: "DayHours", example: { start: "09:00", end: "17:00" } });

const dayBlocks = z.array(DayHoursSchema).max(6, { error: "At most 6 blocks of hours in a day" });

export const WeeklyHoursSchema = z
  .object({
    "1": dayBlocks.optional(),
    "2": dayBlocks.optional(),
    "3": dayBlocks.optional(),
    "4": dayBlocks.optional(),
    "5": dayBlocks.optional(),
    "6": dayBlocks.optional(),
    "7": dayBlocks.optional(),
  })
  .meta({
    id: "WeeklyHours",
    description:
      "Hours per ISO weekday, 1 (Monday) to 7 (Sunday), in the business's time zone; missing or [] is closed",
    example: { "1": [{ start: "09:00", end: "17:00" }], "2": [{ start: "09:00", end: "12:00" }] },
  });

export const OverrideSchema = z
  .object({
    day: z.iso.date({ error: "day must be a date, like 2027-01-12" }),
    hours: dayBlocks.meta({ description: "[] for a day off; otherwise these hours replace the weekly ones" }),
  })
  .meta({ id: "BookingOverride", example: { day: "2027-01-12", hours: [] } });

const minutes = (label: string, max: number, min = 0) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int({ error: `${label} must be a whole number of minutes` })
    .min(min, { error: `${label} must be at least ${min} minutes` })
    .max(max, { error: `${label} must be at most ${max} minutes` });

export const MeetingTypeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().meta({ example: "discovery-call" }),
    name: z.string().meta({ example: "Discovery call" }),
    description: z.string(),
    length_minutes: z.number().int().meta({ example: 20 }),
    location_kind: z.enum(LOCATION_KINDS),
    location_detail: z.string().nullable().meta({ description: "The video link or the address" }),
    audience: z.enum(MEETING_AUDIENCES),
    active: z.boolean(),
  })
  .meta({ id: "MeetingType", example: TYPE_EXAMPLE });
export type MeetingType = z.infer<typeof MeetingTypeSchema>;

/** What a visitor sees of a meeting type: where it happens, but not the owner's video link before booking. */
export const PublicMeetingTypeSchema = MeetingTypeSchema.pick({
  slug: true,
  name: true,
  description: true,
  length_minutes: true,
  location_kind: true,
  audience: true,
}).meta({ id: "PublicMeetingType", example: PUBLIC_TYPE_EXAMPLE });
export type PublicMeetingType = z.infer<typeof PublicMeetingTypeSchema>;

export const SlotSchema = z
  .object({ start: z.string(), end: z.string() })
  .meta({ id: "BookingSlot", example: { start: "2027-01-12T19:00:00.000Z", end: "2027-01-12T19:20:00.000Z" } });
export type BookingSlot = z.infer<typeof SlotSchema>;

export const MeetingTypesAnswerSchema = z
  .object({
    time_zone: z.string().meta({ description: "The business's time zone", example: "America/New_York" }),
    types: z.array(PublicMeetingTypeSchema),
  })
  .meta({ id: "MeetingTypesAnswer", example: { time_zone: "America/New_York", types: [PUBLIC_TYPE_EXAMPLE] } });

export const AvailabilityQuerySchema = z.object({
  type: z.string().max(80).meta({ description: "The meeting type's slug", example: "discovery-call" }),
  start: instant("The first instant asked"),
  end: instant("The instant the range ends (at most 42 days after start)"),
});

export const AvailabilityAnswerSchema = z
  .object({
    type: PublicMeetingTypeSchema,
    time_zone: z.string().meta({ description: "The business's time zone", example: "America/New_York" }),
    slots: z.array(SlotSchema),
    /** The last moment a call may start (now + the booking window), for the calendar's last day. */
    bookable_until: z.string(),
  })
  .meta({
    id: "AvailabilityAnswer",
    example: {
      type: PUBLIC_TYPE_EXAMPLE,
      time_zone: "America/New_York",
      slots: [SLOT_EXAMPLE],
      bookable_until: "2027-02-04T15:00:00.000Z",
    },
  });
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswerSchema>;

/** A booking as its own visitor (or the client) sees it. */
export const PublicBookingSchema = z
  .object({
    uid: z.string(),
    meeting_name: z.string().meta({ example: "Discovery call" }),
    length_minutes: z.number().int(),
    location_kind: z.enum(LOCATION_KINDS),
    /** The video link or the address; for a phone call, the number the owner will call. */
    location: z.string().nullable(),
    start: z.string(),
    end: z.string(),
    status: z.enum(BOOKING_STATUSES),
    name: z.string(),
    email: z.string(),
    time_zone: z.string().meta({ description: "The zone the visitor booked in" }),
    /** The links to move or cancel the call, each with its own single-purpose token. */
    reschedule_url: z.string(),
    cancel_url: z.string(),
    type_slug: z.string(),
  })
  .meta({ id: "PublicBooking", example: BOOKING_EXAMPLE });
export type PublicBooking = z.infer<typeof PublicBookingSchema>;

export const BookingAnswerSchema = z
  .object({ booking: PublicBookingSchema })
  .meta({ id: "BookingAnswer", example: { booking: BOOKING_EXAMPLE } });

export const NewBookingSchema = z
  .object({
    type: z.string().max(80).meta({ example: "discovery-call" }),
    start: instant("The chosen slot's start"),
    name: requiredText("Name", LIMITS.name),
    email: emailField(),
    phone: optionalPhoneField("Phone"),
    about: optionalText("What the project is about", 2000),
    time_zone: TimeZoneField,
    /** Where the visit came from, as every lead form sends it. */
    attribution: AttributionSchema.optional(),
    /** The project a lead's call is about (the start-project confirmation's Project ID). */
    project_id: z.string().max(40).optional(),
    [HONEYPOT_FIELD]: optionalText("Extra info", LIMITS.shortText),
  })
  .meta({
    id: "NewBooking",
    example: {
      type: "discovery-call",
      start: "2027-01-12T19:00:00.000Z",
      name: "Łucja Nguyễn",
      email: "lucja@example.com",
      phone: "(401) 555-0142",
      about: "A site for our bakery in Warwick, with the menu and online orders",
      time_zone: "America/New_York",
    },
  });
export type NewBooking = z.input<typeof NewBookingSchema>;

export const PortalBookingSchema = z
  .object({
    type: z.string().max(80).meta({ example: "project-check-in" }),
    start: instant("The chosen slot's start"),
    about: optionalText("What to talk about", 2000),
    phone: optionalPhoneField("Phone"),
    time_zone: TimeZoneField,
  })
  .meta({
    id: "PortalBooking",
    example: {
      type: "project-check-in",
      start: "2027-01-12T19:00:00.000Z",
      about: "The menu page and the photos",
      time_zone: "America/New_York",
    },
  });

/**
 * A slot taken meanwhile: the next free times of the same type. A 409 for another reason (the
 * call was cancelled, or its time passed) carries only `error`.
 */
export const SlotTakenSchema = z
  .object({
    success: z.literal(false).optional(),
    error: z.string().meta({ example: "That time was just taken" }),
    next_slots: z.array(SlotSchema).optional(),
  })
  .meta({ id: "SlotTaken" });

export const BookingTokenParam = z.object({
  token: z
    .string()
    .min(10)
    .max(200)
    .meta({ param: { name: "token", in: "path" }, example: "42.r.2b9c…" }),
});

export const ManageAnswerSchema = z
  .object({
    booking: PublicBookingSchema,
    action: z.enum(["reschedule", "cancel"]).meta({ description: "What this link's token may do" }),
  })
  .meta({ id: "BookingManageAnswer", example: { booking: BOOKING_EXAMPLE, action: "reschedule" } });

export const RescheduleSchema = z
  .object({ start: instant("The new slot's start"), time_zone: TimeZoneField.optional() })
  .meta({
    id: "BookingReschedule",
    example: { start: "2027-01-13T15:30:00.000Z", time_zone: "America/New_York" },
  });
export const CancelSchema = z
  .object({ reason: optionalText("The reason", 1000) })
  .meta({ id: "BookingCancel", example: { reason: "Something came up; I'll book another day." } });

// The owner's side.

export const BookingSettingsSchema = z
  .object({
    weekly_hours: WeeklyHoursSchema,
    buffer_before_minutes: minutes("The buffer before", MAX_BUFFER_MINUTES),
    buffer_after_minutes: minutes("The buffer after", MAX_BUFFER_MINUTES),
    min_notice_minutes: minutes("The minimum notice", MAX_NOTICE_MINUTES),
    window_days: z
      .number({ error: "How far ahead must be a number of days" })
      .int({ error: "How far ahead must be a whole number of days" })
      .min(1, { error: "How far ahead must be at least 1 day" })
      .max(MAX_WINDOW_DAYS, { error: `How far ahead must be at most ${MAX_WINDOW_DAYS} days` }),
    max_per_day: z
      .number({ error: "Calls a day must be a number" })
      .int({ error: "Calls a day must be a whole number" })
      .min(1, { error: "Calls a day must be at least 1, or empty for no limit" })
      .max(50, { error: "Calls a day must be at most 50" })
      .nullable(),
    step_minutes: z.union([z.literal(15), z.literal(20), z.literal(30), z.literal(60)], {
      error: "Start times come every 15, 20, 30 or 60 minutes",
    }),
    busy_feed_url: nullableText(2000).refine((url) => url === null || /^(https?|webcal):\/\/\S+$/i.test(url), {
      error: "Paste the calendar's secret address: it starts with https:// or webcal://",
    }),
  })
  .meta({ id: "BookingSettings", example: SETTINGS_EXAMPLE });
export type BookingSettings = z.infer<typeof BookingSettingsSchema>;

export const BookingSettingsInputSchema = BookingSettingsSchema.extend({
  overrides: z.array(OverrideSchema).max(400, { error: "At most 400 date overrides" }),
}).meta({
  id: "BookingSettingsInput",
  example: { ...SETTINGS_EXAMPLE, overrides: [{ day: "2027-01-18", hours: [] }] },
});

export const FeedStatusSchema = z
  .object({
    owner_feed_url: z.string().meta({ description: "The secret webcal:// address of the owner's bookings" }),
    busy_feed_checked_at: z.string().nullable(),
    busy_feed_ok_at: z.string().nullable(),
    busy_feed_error: z.string().nullable().meta({ description: "Why the last read failed; null when it worked" }),
    busy_count: z.number().int().meta({ description: "Busy times known from the owner's calendar" }),
  })
  .meta({ id: "BookingFeedStatus", example: FEEDS_EXAMPLE });

export const BookingSettingsAnswerSchema = z
  .object({
    time_zone: z.string(),
    settings: BookingSettingsSchema,
    overrides: z.array(OverrideSchema),
    types: z.array(MeetingTypeSchema),
    feeds: FeedStatusSchema,
  })
  .meta({ id: "BookingSettingsAnswer", example: SETTINGS_ANSWER_EXAMPLE });
export type BookingSettingsAnswer = z.infer<typeof BookingSettingsAnswerSchema>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MeetingTypeInputSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1, { error: "The address name is required" })
      .max(60, { error: "The address name must be at most 60 characters" })
      .regex(SLUG, { error: "The address name uses lower-case letters, digits and dashes, like discovery-call" }),
    name: requiredText("Name", 80),
    description: optionalText("Description", 1000),
    length_minutes: minutes("The length", MEETING_LENGTHS.max, MEETING_LENGTHS.min),
    location_kind: z.enum(LOCATION_KINDS, { error: "Choose phone, video or in person" }),
    location_detail: nullableText(500),
    audience: z.enum(MEETING_AUDIENCES, { error: "Choose who may book it: public or client" }),
    active: z.boolean().optional().default(true),
  })
  .refine((type) => type.location_kind === "phone" || type.location_detail !== null, {
    error: "Give the video link or the address",
    path: ["location_detail"],
  })
  .meta({
    id: "MeetingTypeInput",
    example: {
      slug: "website-review",
      name: "Website review",
      description: "Thirty minutes on your current site: what works, what to fix first.",
      length_minutes: 30,
      location_kind: "video",
      location_detail: "https://meet.example.com/tyler",
      audience: "public",
      active: true,
    },
  });

export const MeetingTypeAnswerSchema = z
  .object({ type: MeetingTypeSchema })
  .meta({ id: "MeetingTypeAnswer", example: { type: TYPE_EXAMPLE } });

export const OwnerBookingSchema = z
  .object({
    id: z.number().int(),
    uid: z.string(),
    meeting_name: z.string(),
    type_slug: z.string(),
    location_kind: z.enum(LOCATION_KINDS),
    location_detail: z.string().nullable(),
    start: z.string(),
    end: z.string(),
    status: z.enum(BOOKING_STATUSES),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    about: z.string(),
    time_zone: z.string(),
    contact_id: z.number().int().nullable(),
    project_id: z.string().nullable(),
    owner_notes: z.string(),
    cancel_message: z.string().nullable(),
    cancelled_by: z.enum(["visitor", "owner"]).nullable(),
    landing_page: z.string().nullable(),
    sequence: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "OwnerBooking", example: OWNER_BOOKING_EXAMPLE });
export type OwnerBooking = z.infer<typeof OwnerBookingSchema>;

export const BOOKING_WHEN = ["upcoming", "past", "all"] as const;
export const BookingListQuerySchema = z.object({
  when: z.enum(BOOKING_WHEN).optional().default("upcoming").meta({
    description: "upcoming: from now, soonest first; past: before now, newest first; all: newest first",
  }),
  status: z.enum(BOOKING_STATUSES).optional(),
  contact_id: z.coerce.number().int().positive().optional(),
  project_id: z.string().max(40).optional(),
  search: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).optional().meta({ description: "Part of a name or e-mail" }),
  ...pageQueryFields(25),
});

export const BookingListAnswerSchema = z
  .object({ bookings: z.array(OwnerBookingSchema), ...pageAnswerFields })
  .meta({ id: "BookingList", example: { bookings: [OWNER_BOOKING_EXAMPLE], total: 1, limit: 25, offset: 0 } });

export const OwnerBookingAnswerSchema = z
  .object({ booking: OwnerBookingSchema })
  .meta({ id: "OwnerBookingAnswer", example: { booking: OWNER_BOOKING_EXAMPLE } });

export const BookingChangeSchema = z
  .object({
    owner_notes: z.string().max(5000, { error: "Notes must be at most 5,000 characters" }).optional(),
    status: z.enum(["confirmed", "no_show"], { error: "Mark a call confirmed or a no-show" }).optional(),
  })
  .meta({
    id: "BookingChange",
    example: { owner_notes: "Wants online ordering; call back in March", status: "no_show" },
  });

export const OwnerCancelSchema = z.object({ message: optionalText("The message", 2000) }).meta({
  id: "BookingOwnerCancel",
  example: { message: "I'm sorry, I have to move this: please pick another time." },
});
export const OwnerRescheduleSchema = z
  .object({
    start: instant("The new start"),
    /** The owner may place a call outside the offered slots, but never over another call. */
    outside_hours: z.boolean().optional().default(false),
  })
  .meta({ id: "BookingOwnerReschedule", example: { start: "2027-01-13T15:30:00.000Z", outside_hours: false } });

export const bookingsEndpoints = {
  /** The meeting types anyone may book, and the business's zone. */
  types: endpoint({ method: "get", path: "/api/booking/types", access: "public", answer: MeetingTypesAnswerSchema }),
  /** The free slots of a meeting type between two instants (at most 42 days). */
  availability: endpoint({
    method: "get",
    path: "/api/booking/availability",
    access: "public",
    query: AvailabilityQuerySchema,
    answer: AvailabilityAnswerSchema,
  }),
  /** A visitor books a public meeting type. */
  book: endpoint({
    method: "post",
    path: "/api/bookings",
    access: "public",
    body: NewBookingSchema,
    answer: BookingAnswerSchema,
    status: 201,
  }),
  /** A client books a check-in about one of their projects, from the portal. */
  portalBook: endpoint({
    method: "post",
    path: "/api/client-portal/projects/{id}/bookings",
    access: "portal",
    params: ProjectIdParam,
    body: PortalBookingSchema,
    answer: BookingAnswerSchema,
    status: 201,
  }),
  /** What a reschedule or cancel link's token opens. */
  manage: endpoint({
    method: "get",
    path: "/api/bookings/manage/{token}",
    access: "public",
    params: BookingTokenParam,
    answer: ManageAnswerSchema,
  }),
  reschedule: endpoint({
    method: "post",
    path: "/api/bookings/reschedule/{token}",
    access: "public",
    params: BookingTokenParam,
    body: RescheduleSchema,
    answer: BookingAnswerSchema,
  }),
  cancel: endpoint({
    method: "post",
    path: "/api/bookings/cancel/{token}",
    access: "public",
    params: BookingTokenParam,
    body: CancelSchema,
    optionalBody: true,
    answer: BookingAnswerSchema,
  }),
  /** The owner's calendar feed (webcal://): every booking, for a phone's calendar. */
  feed: endpoint({
    method: "get",
    path: "/api/calendar/{token}",
    access: "public",
    params: BookingTokenParam,
    answer: z.string().meta({ description: "An iCalendar file (METHOD:PUBLISH)" }),
    contentType: "text/calendar",
  }),
  settings: endpoint({
    method: "get",
    path: "/api/admin/booking/settings",
    access: "admin",
    answer: BookingSettingsAnswerSchema,
  }),
  updateSettings: endpoint({
    method: "put",
    path: "/api/admin/booking/settings",
    access: "admin",
    body: BookingSettingsInputSchema,
    answer: BookingSettingsAnswerSchema,
  }),
  createType: endpoint({
    method: "post",
    path: "/api/admin/booking/types",
    access: "admin",
    body: MeetingTypeInputSchema,
    answer: MeetingTypeAnswerSchema,
    status: 201,
  }),
  updateType: endpoint({
    method: "put",
    path: "/api/admin/booking/types/{id}",
    access: "admin",
    params: IdParam,
    body: MeetingTypeInputSchema,
    answer: MeetingTypeAnswerSchema,
  }),
  /** A new secret for the owner's feed: the old address stops working at once. */
  regenerateFeed: endpoint({
    method: "post",
    path: "/api/admin/booking/feed-token",
    access: "admin",
    answer: BookingSettingsAnswerSchema,
  }),
  /** Reads the owner's calendar now, rather than at the next few minutes' turn. */
  refreshBusy: endpoint({
    method: "post",
    path: "/api/admin/booking/busy-feed/refresh",
    access: "admin",
    answer: FeedStatusSchema,
  }),
  list: endpoint({
    method: "get",
    path: "/api/admin/bookings",
    access: "admin",
    query: BookingListQuerySchema,
    answer: BookingListAnswerSchema,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/bookings/{id}",
    access: "admin",
    params: IdParam,
    answer: OwnerBookingAnswerSchema,
  }),
  update: endpoint({
    method: "patch",
    path: "/api/admin/bookings/{id}",
    access: "admin",
    params: IdParam,
    body: BookingChangeSchema,
    answer: OwnerBookingAnswerSchema,
  }),
  ownerCancel: endpoint({
    method: "post",
    path: "/api/admin/bookings/{id}/cancel",
    access: "admin",
    params: IdParam,
    body: OwnerCancelSchema,
    optionalBody: true,
    answer: OwnerBookingAnswerSchema,
  }),
  ownerReschedule: endpoint({
    method: "post",
    path: "/api/admin/bookings/{id}/reschedule",
    access: "admin",
    params: IdParam,
    body: OwnerRescheduleSchema,
    answer: OwnerBookingAnswerSchema,
  }),
};
