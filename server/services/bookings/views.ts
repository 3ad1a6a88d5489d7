import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { PublicBooking } from "~/contracts/booking-public";
import type { Database } from "../../db/client";
import type { bookings } from "../../db/schema";
import type { DbOrTx } from "../../db/tx";
import type { BookingMail } from "../../emails/bookings";
import { invitationIcs, type IcsBooking } from "./ics";
import { bookingLinkPath, bookingToken } from "./tokens";

/**
 * What a booking's row becomes for the people it concerns: the facts its e-mails word, its
 * calendar invitation, its links to move or cancel it, the booking as its visitor sees it, and the
 * contact log's line.
 */

export type BookingRow = typeof bookings.$inferSelect;

export const mailOf = (row: BookingRow): BookingMail => ({
  id: row.id,
  meetingName: row.meetingName,
  locationKind: row.locationKind,
  locationDetail: row.locationDetail,
  start: row.startsAt,
  end: row.endsAt,
  name: row.name,
  email: row.email,
  phone: row.phone,
  about: row.about,
  visitorTimeZone: row.visitorTimeZone,
  contactId: row.contactId,
  projectId: row.projectId,
  cancelMessage: row.cancelMessage,
});

export function icsOf(
  row: BookingRow,
  links: { reschedule: string; cancel: string } | null,
  ownerEmail: string,
): IcsBooking {
  const mail = mailOf(row);
  const location = row.locationKind === "phone" ? (row.phone ? `Phone: ${row.phone}` : "Phone") : row.locationDetail;
  return {
    uid: row.uid,
    sequence: row.sequence,
    start: row.startsAt,
    end: row.endsAt,
    summary: `${row.meetingName}: ${row.name} and ${site.owner.name}`,
    description: [
      row.about ? `About: ${row.about}` : "",
      `Where: ${row.locationKind === "phone" ? `${site.owner.firstName} calls ${row.phone ?? "the number given"}` : location}`,
      ...(links ? ["", `Reschedule: ${links.reschedule}`, `Cancel: ${links.cancel}`] : []),
    ]
      .filter((line, i) => line !== "" || i > 0)
      .join("\n"),
    location,
    url: row.locationKind === "video" ? row.locationDetail : null,
    organizer: { name: `${site.owner.name}, ${site.brand}`, email: ownerEmail },
    attendee: { name: mail.name, email: mail.email },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A booking's invitation as its e-mails carry it: the visitor's with the links, the owner's without. */
export const invitationOf = (
  row: BookingRow,
  links: { reschedule: string; cancel: string } | null,
  ownerEmail: string,
  method: "REQUEST" | "CANCEL" = "REQUEST",
) => invitationIcs(icsOf(row, links, ownerEmail), method, site.brand);

export async function linksOf(db: Database, siteUrl: string, id: number) {
  return {
    reschedule: `${siteUrl}${bookingLinkPath("reschedule", await bookingToken(db, id, "reschedule"))}`,
    cancel: `${siteUrl}${bookingLinkPath("cancel", await bookingToken(db, id, "cancel"))}`,
  };
}

/** A booking as its visitor sees it; the meeting type's slug is read unless the caller knows it. */
export async function publicBookingOf(
  db: Database,
  siteUrl: string,
  row: BookingRow,
  typeSlug?: string,
): Promise<PublicBooking> {
  const links = await linksOf(db, siteUrl, row.id);
  return {
    uid: row.uid,
    meeting_name: row.meetingName,
    length_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    location_kind: row.locationKind,
    location: row.locationKind === "phone" ? row.phone : row.locationDetail,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    status: row.status,
    name: row.name,
    email: row.email,
    time_zone: row.visitorTimeZone,
    reschedule_url: links.reschedule,
    cancel_url: links.cancel,
    type_slug: typeSlug ?? (await typeSlugOf(db, row.meetingTypeId)) ?? "",
  };
}

async function typeSlugOf(db: DbOrTx, id: number) {
  const [row] = await db
    .execute<{ slug: string }>(sql`select slug from meeting_types where id = ${id}`)
    .then((r) => r.rows);
  return row?.slug;
}

/** "Call booked: Tue Jan 12, 2:00 PM EST", as the contact's log and row say it. */
export const callBookedLine = (start: Date) =>
  `Call booked: ${new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: site.timeZone,
  })
    .format(start)
    .replace(/^(\w{3}), /, "$1 ")}`;
