import { randomBytes } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { DEFAULT_MEETING_TYPES } from "~/contracts/booking-terms";
import type { BookingSettings, BookingSettingsAnswer, MeetingTypeInputSchema } from "~/contracts/booking-owner";
import type { MeetingType, PublicMeetingType } from "~/contracts/booking-public";
import type { z } from "~/contracts/zod";
import type { Database } from "../../db/client";
import { bookingOverrides, bookingSettings, busyTimes, meetingTypes } from "../../db/schema";
import type { DbOrTx } from "../../db/tx";
import { isUniqueViolation } from "../../db/tx";
import { ServiceError } from "../../lib/service-error";
import type { DayHours } from "./availability";

/**
 * The owner's booking settings (docs/product/bookings.md "Settings"): the hours every meeting type
 * shares, the date overrides, the meeting types, and the two calendar feeds.
 */
export class BookingError extends ServiceError<400 | 403 | 404 | 409> {
  constructor(
    status: 400 | 403 | 404 | 409,
    message: string,
    /** The fields at fault, for the form to show beside them. */
    readonly fields?: Record<string, string>,
  ) {
    super(status, message);
  }
}

type SettingsRow = typeof bookingSettings.$inferSelect;
type TypeRow = typeof meetingTypes.$inferSelect;

/** Weekdays 9 to 5: the hours a new database starts with. */
const DEFAULT_WEEKLY_HOURS = Object.fromEntries(
  [1, 2, 3, 4, 5].map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
) as SettingsRow["weeklyHours"];

const ensured = new WeakSet<Database>();

/**
 * The settings row and the two default meeting types (DEFAULT_MEETING_TYPES), written the first
 * time a process reads them from a database that has none. They are not written by the migration:
 * a database just migrated stays empty, so a backup restores into it.
 */
export async function ensureBookingDefaults(db: Database): Promise<void> {
  if (ensured.has(db)) return;
  await db
    .insert(bookingSettings)
    .values({ id: 1, weeklyHours: DEFAULT_WEEKLY_HOURS, ownerFeedToken: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [any] = await db.select({ id: meetingTypes.id }).from(meetingTypes).limit(1);
  if (!any)
    await db
      .insert(meetingTypes)
      .values(
        DEFAULT_MEETING_TYPES.map((type, position) => ({
          slug: type.slug,
          name: type.name,
          description: type.description,
          lengthMinutes: type.length_minutes,
          locationKind: type.location_kind,
          locationDetail: type.location_detail,
          audience: type.audience,
          position,
        })),
      )
      .onConflictDoNothing();
  ensured.add(db);
}

export async function settingsRow(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  if (!row) throw new Error("The booking settings row is missing: ensureBookingDefaults writes it");
  return row;
}

export const meetingTypeOf = (row: TypeRow): MeetingType => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  length_minutes: row.lengthMinutes,
  location_kind: row.locationKind,
  location_detail: row.locationDetail,
  audience: row.audience,
  active: row.active,
});

export const publicMeetingTypeOf = (row: TypeRow): PublicMeetingType => ({
  slug: row.slug,
  name: row.name,
  description: row.description,
  length_minutes: row.lengthMinutes,
  location_kind: row.locationKind,
  audience: row.audience,
});

export async function activeTypeBySlug(db: DbOrTx, slug: string): Promise<TypeRow | null> {
  const [row] = await db.select().from(meetingTypes).where(eq(meetingTypes.slug, slug));
  return row && row.active ? row : null;
}

export async function publicTypes(db: Database): Promise<PublicMeetingType[]> {
  await ensureBookingDefaults(db);
  const rows = await db
    .select()
    .from(meetingTypes)
    .where(sql`${meetingTypes.active} and ${meetingTypes.audience} = 'public'`)
    .orderBy(asc(meetingTypes.position), asc(meetingTypes.id));
  return rows.map(publicMeetingTypeOf);
}

/** The owner's feed address: webcal:// on the site's host, so a phone's calendar subscribes to it. */
export const ownerFeedUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/^https?:\/\//, "webcal://")}/api/calendar/${token}.ics`;

export async function feedStatus(db: Database, siteUrl: string, row?: SettingsRow) {
  await ensureBookingDefaults(db);
  const settings = row ?? (await settingsRow(db));
  const [busy] = await db.select({ n: count() }).from(busyTimes);
  return {
    owner_feed_url: ownerFeedUrl(siteUrl, settings.ownerFeedToken),
    busy_feed_checked_at: settings.busyFeedCheckedAt?.toISOString() ?? null,
    busy_feed_ok_at: settings.busyFeedOkAt?.toISOString() ?? null,
    busy_feed_error: settings.busyFeedError,
    busy_count: busy?.n ?? 0,
  };
}

const settingsOf = (row: SettingsRow): BookingSettings => ({
  weekly_hours: row.weeklyHours,
  buffer_before_minutes: row.bufferBeforeMinutes,
  buffer_after_minutes: row.bufferAfterMinutes,
  min_notice_minutes: row.minNoticeMinutes,
  window_days: row.windowDays,
  max_per_day: row.maxPerDay,
  step_minutes: row.stepMinutes as BookingSettings["step_minutes"],
  busy_feed_url: row.busyFeedUrl,
});

export async function readBookingSettings(db: Database, siteUrl: string): Promise<BookingSettingsAnswer> {
  await ensureBookingDefaults(db);
  const row = await settingsRow(db);
  const overrides = await db.select().from(bookingOverrides).orderBy(asc(bookingOverrides.day));
  const types = await db.select().from(meetingTypes).orderBy(asc(meetingTypes.position), asc(meetingTypes.id));
  return {
    time_zone: site.timeZone,
    settings: settingsOf(row),
    overrides: overrides.map((o) => ({ day: o.day, hours: o.hours })),
    types: types.map(meetingTypeOf),
    feeds: await feedStatus(db, siteUrl, row),
  };
}

export async function saveBookingSettings(
  db: Database,
  siteUrl: string,
  input: BookingSettings & { overrides: { day: string; hours: DayHours[] }[] },
): Promise<BookingSettingsAnswer> {
  await ensureBookingDefaults(db);
  const days = new Set<string>();
  for (const o of input.overrides) {
    if (days.has(o.day)) throw new BookingError(400, `The date ${o.day} has two overrides: keep one`);
    days.add(o.day);
  }
  await db.transaction(async (tx) => {
    const before = await settingsRow(tx);
    await tx
      .update(bookingSettings)
      .set({
        weeklyHours: input.weekly_hours,
        bufferBeforeMinutes: input.buffer_before_minutes,
        bufferAfterMinutes: input.buffer_after_minutes,
        minNoticeMinutes: input.min_notice_minutes,
        windowDays: input.window_days,
        maxPerDay: input.max_per_day,
        stepMinutes: input.step_minutes,
        busyFeedUrl: input.busy_feed_url,
        // A new calendar address is read afresh: the old one's state says nothing of it.
        ...(before.busyFeedUrl !== input.busy_feed_url
          ? { busyFeedCheckedAt: null, busyFeedOkAt: null, busyFeedError: null }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(bookingSettings.id, 1));
    if (before.busyFeedUrl !== input.busy_feed_url) await tx.delete(busyTimes);
    await tx.delete(bookingOverrides);
    if (input.overrides.length > 0) await tx.insert(bookingOverrides).values(input.overrides);
  });
  return readBookingSettings(db, siteUrl);
}

export async function regenerateOwnerFeed(db: Database, siteUrl: string): Promise<BookingSettingsAnswer> {
  await ensureBookingDefaults(db);
  await db
    .update(bookingSettings)
    .set({ ownerFeedToken: randomBytes(24).toString("base64url"), updatedAt: new Date() })
    .where(eq(bookingSettings.id, 1));
  return readBookingSettings(db, siteUrl);
}

type TypeInput = z.output<typeof MeetingTypeInputSchema>;
const typeColumns = (input: TypeInput) => ({
  slug: input.slug,
  name: input.name,
  description: input.description,
  lengthMinutes: input.length_minutes,
  locationKind: input.location_kind,
  locationDetail: input.location_kind === "phone" ? null : input.location_detail,
  audience: input.audience,
  active: input.active,
});

const SLUG_TAKEN = "Another meeting type has this address name: choose another";

export async function createMeetingType(db: Database, input: TypeInput): Promise<MeetingType> {
  await ensureBookingDefaults(db);
  try {
    const [row] = await db
      .insert(meetingTypes)
      .values({ ...typeColumns(input), position: sql`(select coalesce(max(position), -1) + 1 from meeting_types)` })
      .returning();
    return meetingTypeOf(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new BookingError(409, SLUG_TAKEN);
    throw error;
  }
}

export async function updateMeetingType(db: Database, id: number, input: TypeInput): Promise<MeetingType> {
  try {
    const [row] = await db.update(meetingTypes).set(typeColumns(input)).where(eq(meetingTypes.id, id)).returning();
    if (!row) throw new BookingError(404, "No meeting type with this id: reload the settings");
    return meetingTypeOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new BookingError(409, SLUG_TAKEN);
    throw error;
  }
}
