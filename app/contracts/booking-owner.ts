import { z } from "~/contracts/zod";
import {
  FEEDS_EXAMPLE,
  OWNER_BOOKING_EXAMPLE,
  SETTINGS_ANSWER_EXAMPLE,
  SETTINGS_EXAMPLE,
  TYPE_EXAMPLE,
} from "./booking-examples";
import { instant, MeetingTypeSchema } from "./booking-public";
import {
  BOOKING_STATUSES,
  LOCATION_KINDS,
  MAX_BUFFER_MINUTES,
  MAX_NOTICE_MINUTES,
  MAX_WINDOW_DAYS,
  MEETING_AUDIENCES,
  MEETING_LENGTHS,
} from "./booking-terms";
import { nullableText, optionalText, requiredText } from "./fields";
import { pageAnswerFields, pageQueryFields, LIST_SEARCH_MAX_LENGTH } from "./paging";

/**
 * The owner's side of the bookings (docs/product/bookings.md "Settings", "The Bookings screen"):
 * the hours, the date overrides, the buffers and limits, the meeting types as the owner edits them,
 * the two calendar feeds' state, and the bookings as the owner sees and changes them. The
 * visitors' side is in booking-public.ts; the endpoint table in bookings.ts.
 */

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
