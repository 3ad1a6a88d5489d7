import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BookingStatus, LocationKind, MeetingAudience } from "~/contracts/booking-terms";
import type { DayHours, WeeklyHours } from "../../services/bookings/availability";
import { contacts, projects } from "./crm";

/**
 * Bookable calls (docs/product/bookings.md; docs/decisions/058-bookings.md): meeting types, the
 * owner's hours, the bookings themselves and the busy times read from the owner's own calendar.
 * A booking holds `blocked`, its time widened by the buffers, and an exclusion constraint
 * (migration 0023, btree_gist) refuses two live bookings whose blocked ranges overlap: the
 * database is the judge of a double booking, across processes.
 */

/** A PostgreSQL tstzrange, written and read as its text form `[start,end)`. */
const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

/** One row (id 1): the hours, buffers and limits every meeting type shares, and the calendar feeds. */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: smallint("id").primaryKey().default(1),
    weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>().notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(10),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(10),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(720),
    windowDays: integer("window_days").notNull().default(30),
    maxPerDay: integer("max_per_day"),
    stepMinutes: integer("step_minutes").notNull().default(30),
    /** The secret iCal address of the owner's own calendar, read for busy times. */
    busyFeedUrl: text("busy_feed_url"),
    busyFeedCheckedAt: timestamp("busy_feed_checked_at", { withTimezone: true }),
    busyFeedOkAt: timestamp("busy_feed_ok_at", { withTimezone: true }),
    /** Why the last read failed; null when it worked. The busy times stay as last read. */
    busyFeedError: text("busy_feed_error"),
    /** The secret of the owner's webcal:// feed of bookings; regenerating it kills the old address. */
    ownerFeedToken: text("owner_feed_token").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("booking_settings_one_row", sql`id = 1`)],
);

/** Date overrides in the business's zone: no hours is a day off; hours replace the weekly ones. */
export const bookingOverrides = pgTable("booking_overrides", {
  day: date("day", { mode: "string" }).primaryKey(),
  hours: jsonb("hours").$type<DayHours[]>().notNull(),
});

export const meetingTypes = pgTable(
  "meeting_types",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    lengthMinutes: integer("length_minutes").notNull(),
    locationKind: text("location_kind").$type<LocationKind>().notNull(),
    /** The video link or the address; for a phone call, unused (the owner calls the number given). */
    locationDetail: text("location_detail"),
    audience: text("audience").$type<MeetingAudience>().notNull().default("public"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("meeting_types_slug_key").on(t.slug)],
);

export const bookings = pgTable(
  "bookings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The invitation's UID: one per booking, kept through every reschedule. */
    uid: text("uid").notNull(),
    meetingTypeId: integer("meeting_type_id")
      .notNull()
      .references(() => meetingTypes.id),
    /** The type's name, length and place when booked (the owner may change the type later). */
    meetingName: text("meeting_name").notNull(),
    locationKind: text("location_kind").$type<LocationKind>().notNull(),
    locationDetail: text("location_detail"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** [start - buffer before, end + buffer after): what the exclusion constraint compares. */
    blocked: tstzrange("blocked").notNull(),
    status: text("status").$type<BookingStatus>().notNull().default("confirmed"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    about: text("about").notNull().default(""),
    /** The zone the visitor saw the times in, for their e-mails. */
    visitorTimeZone: text("visitor_time_zone").notNull(),
    contactId: bigint("contact_id", { mode: "number" }).references(() => contacts.id, { onDelete: "set null" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The invitation's SEQUENCE: raised on each reschedule and on the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    ownerNotes: text("owner_notes").notNull().default(""),
    cancelMessage: text("cancel_message"),
    cancelledBy: text("cancelled_by").$type<"visitor" | "owner">(),
    landingPage: text("landing_page"),
    /** Whether the visit was counted by analytics (consent given): only those enter the funnel. */
    visitCounted: boolean("visit_counted"),
    reminder24hAt: timestamp("reminder_24h_at", { withTimezone: true }),
    reminder1hAt: timestamp("reminder_1h_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_uid_key").on(t.uid),
    // The Bookings screen (upcoming first, past newest first) and the reminders' scan.
    index("bookings_starts_idx").on(t.startsAt, t.id),
    index("bookings_contact_idx").on(t.contactId, t.startsAt),
    index("bookings_project_idx").on(t.projectId, t.startsAt),
    check("bookings_times", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Busy times read from the owner's calendar feed, replaced as a whole on each good read. */
export const busyTimes = pgTable(
  "busy_times",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("busy_times_starts_idx").on(t.startsAt, t.endsAt)],
);
