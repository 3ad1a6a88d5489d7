import { z } from "~/contracts/zod";
import { HONEYPOT_FIELD, LIMITS } from "~/contracts/form-options";
import { BOOKING_EXAMPLE, PUBLIC_TYPE_EXAMPLE, SLOT_EXAMPLE, TYPE_EXAMPLE } from "./booking-examples";
import { BOOKING_STATUSES, LOCATION_KINDS, MEETING_AUDIENCES } from "./booking-terms";
import { AttributionSchema, emailField, optionalPhoneField, optionalText, requiredText } from "./fields";

/**
 * What the visitors' side of the bookings sends and answers (docs/product/bookings.md): the meeting
 * types and their free slots, a booking as its visitor (or the client) sees it, the booking page's
 * and the portal's forms, and what a reschedule or cancel link opens and sends. Every instant
 * travels as an ISO 8601 UTC string; the pages show it in the viewer's zone, named. The owner's
 * side is in booking-owner.ts; the endpoint table in bookings.ts.
 */

/** An instant in ISO 8601, with its offset ("2027-01-12T19:00:00Z"). */
export const instant = (description: string) =>
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
