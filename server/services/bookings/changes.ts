import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { OwnerBooking } from "~/contracts/booking-owner";
import type { PublicBooking } from "~/contracts/booking-public";
import type { BookingStatus } from "~/contracts/booking-terms";
import type { Database } from "../../db/client";
import { bookings, meetingTypes } from "../../db/schema";
import type { Tx } from "../../db/tx";
import {
  writeCancelled,
  writeCancelledNotice,
  writeRescheduled,
  writeRescheduledNotice,
  whenIn,
} from "../../emails/bookings";
import { queueLoggedEmail } from "../contact-emails";
import { addCommunication } from "../intake/leads";
import { blockedRangeOf, isOffered } from "./availability";
import { SlotTakenError, isExclusionViolation, nextSlots, type BookingDeps } from "./bookings";
import { inputFor } from "./calendar";
import { BookingError } from "./settings";
import { keyOf, readBookingToken, type BookingLinkAction } from "./tokens";
import { callBookedLine, invitationOf, linksOf, mailOf, publicBookingOf, type BookingRow } from "./views";

/**
 * What happens to a booking after it is made (docs/product/bookings.md "Changes"): the visitor's
 * links move or cancel it, the owner notes, marks a no-show, cancels with a message or moves it.
 * A move keeps the invitation's UID and raises its SEQUENCE; a cancellation sends METHOD:CANCEL.
 */

const NOT_FOUND = "This link is not valid: it may be mistyped. Book again on /book, or write to " + site.email;

async function lockedBooking(tx: Tx, id: number): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  if (!row) throw new BookingError(404, NOT_FOUND);
  return row;
}

type MeetingTypeRow = typeof meetingTypes.$inferSelect;

async function typeRowOf(tx: Tx, id: number): Promise<MeetingTypeRow> {
  const [type] = await tx.select().from(meetingTypes).where(eq(meetingTypes.id, id));
  if (!type) throw new Error(`The meeting type ${id} of a booking is missing`);
  return type;
}

export async function bookingOfToken(db: Database, token: string) {
  const read = await readBookingToken(db, token);
  if (!read) throw new BookingError(404, NOT_FOUND);
  const [row] = await db.select().from(bookings).where(eq(bookings.id, read.bookingId));
  if (!row) throw new BookingError(404, NOT_FOUND);
  return { row, action: read.action };
}

export async function manageView(
  deps: BookingDeps,
  token: string,
): Promise<{ booking: PublicBooking; action: BookingLinkAction }> {
  const { row, action } = await bookingOfToken(deps.db, token);
  return { booking: await publicBookingOf(deps.db, deps.env.SITE_URL, row), action };
}

/** Moves a booking to `start`: only to an offered time for the visitor; the owner may go outside the hours. */
async function move(
  deps: BookingDeps,
  id: number,
  start: Date,
  by: "visitor" | "owner",
  options: { now: Date; outsideHours?: boolean; timeZone?: string },
): Promise<BookingRow> {
  const { db, mailer, env } = deps;
  await keyOf(db);
  // The booking's meeting type, read in the transaction: a refusal's next free times are of it.
  let type: MeetingTypeRow | undefined;
  try {
    return await mailer.transaction(async (tx, queue) => {
      const row = await lockedBooking(tx, id);
      if (row.status === "cancelled") throw new BookingError(409, "This call was cancelled: book a new one on /book");
      if (by === "visitor" && row.startsAt <= options.now)
        throw new BookingError(
          409,
          `This call's time has passed: to talk again, book on /book or write to ${site.email}`,
        );
      type = await typeRowOf(tx, row.meetingTypeId);
      const length = row.endsAt.getTime() - row.startsAt.getTime();
      const { input } = await inputFor(
        tx,
        { ...type, lengthMinutes: length / 60_000 },
        start,
        new Date(start.getTime() + 1),
        options.now,
        id,
      );
      if (!options.outsideHours && !isOffered(input, start)) throw new SlotTakenError([]);
      const end = new Date(start.getTime() + length);
      const blocked = blockedRangeOf(start, input.rules);
      let moved: BookingRow;
      try {
        [moved] = (await tx
          .update(bookings)
          .set({
            startsAt: start,
            endsAt: end,
            blocked: `[${blocked.start.toISOString()},${blocked.end.toISOString()})`,
            sequence: row.sequence + 1,
            status: "confirmed",
            ...(options.timeZone ? { visitorTimeZone: options.timeZone } : {}),
            reminder24hAt: null,
            reminder1hAt: null,
            updatedAt: new Date(),
          })
          .where(eq(bookings.id, id))
          .returning()) as [BookingRow];
      } catch (error) {
        if (isExclusionViolation(error)) throw new SlotTakenError([]);
        throw error;
      }
      const links = await linksOf(db, env.SITE_URL, id);
      const visitorMail = writeRescheduled(mailOf(moved), links, invitationOf(moved, links, env.OWNER_EMAIL), by);
      if (moved.contactId !== null) {
        await addCommunication(tx, {
          contactId: moved.contactId,
          type: "meeting",
          direction: by === "owner" ? "outbound" : "inbound",
          subject: callBookedLine(start).replace("Call booked", "Call moved"),
          content: `${moved.meetingName} moved from ${whenIn(row.startsAt, site.timeZone)} to ${whenIn(start, site.timeZone)}${by === "owner" ? " by you" : " by them"}.`,
        });
        await queueLoggedEmail(tx, queue, moved.contactId, visitorMail, by === "owner" ? "admin" : "system");
      } else await queue(visitorMail);
      await queue(
        writeRescheduledNotice(
          mailOf(moved),
          env.SITE_URL,
          env.OWNER_EMAIL,
          invitationOf(moved, null, env.OWNER_EMAIL),
          row.startsAt,
        ),
      );
      return moved;
    });
  } catch (error) {
    if (!(error instanceof SlotTakenError) || !type) throw error;
    throw new SlotTakenError(await nextSlots(db, type, options.now));
  }
}

async function cancel(
  deps: BookingDeps,
  id: number,
  by: "visitor" | "owner",
  message: string,
  now: Date,
): Promise<BookingRow> {
  const { mailer, env } = deps;
  return mailer.transaction(async (tx, queue) => {
    const row = await lockedBooking(tx, id);
    if (row.status === "cancelled") return row;
    if (by === "visitor" && row.startsAt <= now)
      throw new BookingError(409, `This call's time has passed, so it cannot be cancelled. Write to ${site.email}`);
    const [cancelled] = (await tx
      .update(bookings)
      .set({
        status: "cancelled",
        sequence: row.sequence + 1,
        cancelMessage: message.trim() || null,
        cancelledBy: by,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, id))
      .returning()) as [BookingRow];
    const ics = invitationOf(cancelled, null, env.OWNER_EMAIL, "CANCEL");
    const visitorMail = writeCancelled(mailOf(cancelled), ics, by, env.SITE_URL);
    if (cancelled.contactId !== null) {
      await addCommunication(tx, {
        contactId: cancelled.contactId,
        type: "meeting",
        direction: by === "owner" ? "outbound" : "inbound",
        subject: `Call cancelled: ${whenIn(row.startsAt, site.timeZone)}`,
        content: `${cancelled.meetingName} cancelled ${by === "owner" ? "by you" : "by them"}.${cancelled.cancelMessage ? ` Message: ${cancelled.cancelMessage}` : ""}`,
      });
      await queueLoggedEmail(tx, queue, cancelled.contactId, visitorMail, by === "owner" ? "admin" : "system");
    } else await queue(visitorMail);
    await queue(writeCancelledNotice(mailOf(cancelled), env.SITE_URL, env.OWNER_EMAIL, ics, by));
    return cancelled;
  });
}

async function tokenFor(deps: BookingDeps, token: string, action: BookingLinkAction) {
  const read = await readBookingToken(deps.db, token);
  // A token of the other action is no key to this one.
  if (!read || read.action !== action) throw new BookingError(404, NOT_FOUND);
  return read.bookingId;
}

export async function rescheduleByToken(
  deps: BookingDeps,
  token: string,
  input: { start: string; time_zone?: string },
  now = new Date(),
): Promise<PublicBooking> {
  const id = await tokenFor(deps, token, "reschedule");
  const moved = await move(deps, id, new Date(input.start), "visitor", { now, timeZone: input.time_zone });
  return publicBookingOf(deps.db, deps.env.SITE_URL, moved);
}

export async function cancelByToken(
  deps: BookingDeps,
  token: string,
  reason: string,
  now = new Date(),
): Promise<PublicBooking> {
  const id = await tokenFor(deps, token, "cancel");
  return publicBookingOf(deps.db, deps.env.SITE_URL, await cancel(deps, id, "visitor", reason, now));
}

// The owner's side.

export const ownerBookingOf = (row: BookingRow & { typeSlug: string }): OwnerBooking => ({
  id: row.id,
  uid: row.uid,
  meeting_name: row.meetingName,
  type_slug: row.typeSlug,
  location_kind: row.locationKind,
  location_detail: row.locationDetail,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  status: row.status,
  name: row.name,
  email: row.email,
  phone: row.phone,
  about: row.about,
  time_zone: row.visitorTimeZone,
  contact_id: row.contactId,
  project_id: row.projectId,
  owner_notes: row.ownerNotes,
  cancel_message: row.cancelMessage,
  cancelled_by: row.cancelledBy,
  landing_page: row.landingPage,
  sequence: row.sequence,
  created_at: row.createdAt.toISOString(),
});

export async function ownerBooking(db: Database, id: number): Promise<OwnerBooking> {
  const [row] = await db
    .select({ booking: bookings, typeSlug: meetingTypes.slug })
    .from(bookings)
    .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
    .where(eq(bookings.id, id));
  if (!row) throw new BookingError(404, "No booking with this id: reload the list");
  return ownerBookingOf({ ...row.booking, typeSlug: row.typeSlug });
}

export interface BookingListQuery {
  when: "upcoming" | "past" | "all";
  status?: BookingStatus;
  contact_id?: number;
  project_id?: string;
  search?: string;
  limit: number;
  offset: number;
}

export async function listBookings(db: Database, query: BookingListQuery, now = new Date()) {
  const search = query.search?.trim();
  const where = and(
    query.when === "upcoming"
      ? gte(bookings.endsAt, now)
      : query.when === "past"
        ? lt(bookings.endsAt, now)
        : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.contact_id ? eq(bookings.contactId, query.contact_id) : undefined,
    query.project_id ? eq(bookings.projectId, query.project_id.trim().toUpperCase()) : undefined,
    search
      ? sql`(${bookings.name} ilike ${`%${search.replace(/[\\%_]/g, "\\$&")}%`} or ${bookings.email} ilike ${`%${search.replace(/[\\%_]/g, "\\$&")}%`})`
      : undefined,
  );
  const order =
    query.when === "upcoming"
      ? [asc(bookings.startsAt), asc(bookings.id)]
      : [desc(bookings.startsAt), desc(bookings.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ booking: bookings, typeSlug: meetingTypes.slug })
      .from(bookings)
      .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return {
    bookings: rows.map((r) => ownerBookingOf({ ...r.booking, typeSlug: r.typeSlug })),
    total: total?.n ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function updateBooking(
  db: Database,
  id: number,
  change: { owner_notes?: string; status?: "confirmed" | "no_show" },
): Promise<OwnerBooking> {
  await db.transaction(async (tx) => {
    const row = await lockedBooking(tx, id);
    if (change.status && row.status === "cancelled")
      throw new BookingError(409, "This call was cancelled: it cannot be marked a no-show or confirmed");
    await tx
      .update(bookings)
      .set({
        ...(change.owner_notes !== undefined ? { ownerNotes: change.owner_notes } : {}),
        ...(change.status ? { status: change.status } : {}),
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, id));
  });
  return ownerBooking(db, id);
}

export async function ownerCancel(deps: BookingDeps, id: number, message: string, now = new Date()) {
  const [row] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new BookingError(404, "No booking with this id: reload the list");
  await cancel(deps, id, "owner", message, now);
  return ownerBooking(deps.db, id);
}

export async function ownerReschedule(
  deps: BookingDeps,
  id: number,
  input: { start: string; outside_hours: boolean },
  now = new Date(),
) {
  const [row] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new BookingError(404, "No booking with this id: reload the list");
  await move(deps, id, new Date(input.start), "owner", { now, outsideHours: input.outside_hours });
  return ownerBooking(deps.db, id);
}
