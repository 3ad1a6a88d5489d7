import { site } from "~/config/site";
import type { LocationKind } from "~/contracts/booking-terms";
import { formatInstant } from "~/lib/time/zoned";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * A booking's e-mails (docs/product/bookings.md "E-mails"): the confirmation to the visitor and the
 * owner's notice, each with the calendar invitation; the same after a reschedule or a
 * cancellation; and the reminders a day and an hour before. The visitor reads every time in the
 * zone they booked in, the owner in the business's, each zone named.
 */
export interface BookingMail {
  id: number;
  meetingName: string;
  locationKind: LocationKind;
  locationDetail: string | null;
  start: Date;
  end: Date;
  name: string;
  email: string;
  phone: string | null;
  about: string;
  visitorTimeZone: string;
  contactId: number | null;
  projectId: string | null;
  cancelMessage?: string | null;
}

export interface BookingLinks {
  reschedule: string;
  cancel: string;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;

/** "Tuesday, January 12, 2027 at 2:00 PM EST" in a zone. */
export function whenIn(start: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone }).format(start);
  return `${day}, ${formatInstant(start, "long", timeZone)}`;
}

/** Where the call happens, in the visitor's words. */
export function whereOf(booking: Pick<BookingMail, "locationKind" | "locationDetail" | "phone">): string {
  if (booking.locationKind === "phone")
    return booking.phone
      ? `${site.owner.firstName} calls you at ${booking.phone}`
      : `${site.owner.firstName} calls you at the number you gave`;
  if (booking.locationKind === "video") return `Video call: ${booking.locationDetail ?? "the link follows by e-mail"}`;
  return `In person at ${booking.locationDetail ?? `${site.address.locality}, ${site.address.region}`}`;
}

const length = (b: BookingMail) => Math.round((b.end.getTime() - b.start.getTime()) / 60_000);

function visitorMail(
  b: BookingMail,
  kind: string,
  subject: string,
  opening: string[],
  links: BookingLinks | null,
  calendar: OutgoingEmail["calendar"],
): OutgoingEmail {
  const text = [
    `Hi ${firstNameOf(b.name)},`,
    "",
    ...opening,
    "",
    `When: ${whenIn(b.start, b.visitorTimeZone)} (${length(b)} minutes)`,
    `Where: ${whereOf(b)}`,
    ...(b.about ? [`About: ${b.about}`] : []),
    "",
    ...(links
      ? [
          `Need another time? Reschedule: ${links.reschedule}`,
          `Can't make it? Cancel: ${links.cancel}`,
          "",
          "The invitation is attached: open it to add the call to your calendar.",
          "",
        ]
      : []),
    signature(),
  ].join("\n");
  return {
    kind,
    to: b.email,
    subject,
    text,
    calendar,
    contactId: b.contactId ?? undefined,
    projectId: b.projectId ?? undefined,
  };
}

function ownerMail(
  b: BookingMail,
  kind: string,
  subject: string,
  opening: string,
  siteUrl: string,
  ownerEmail: string,
  calendar: OutgoingEmail["calendar"],
): OutgoingEmail {
  const text = [
    opening,
    "",
    `When: ${whenIn(b.start, site.timeZone)} (${length(b)} minutes; they booked in ${b.visitorTimeZone})`,
    `Who: ${b.name} <${b.email}>${b.phone ? `, ${b.phone}` : ""}`,
    `Where: ${b.locationKind === "phone" ? `you call ${b.phone ?? "them (no number given)"}` : whereOf(b)}`,
    ...(b.about ? [`About: ${b.about}`] : []),
    ...(b.cancelMessage ? [`Message: ${b.cancelMessage}`] : []),
    "",
    `Bookings: ${siteUrl}/admin/bookings?booking=${b.id}`,
    ...(b.contactId ? [`Contact: ${siteUrl}/admin/contacts?contact=${b.contactId}`] : []),
    ...(b.projectId ? [`Project: ${siteUrl}/admin/projects?project=${b.projectId}`] : []),
  ].join("\n");
  return {
    kind,
    to: ownerEmail,
    replyTo: b.email,
    subject,
    text,
    calendar,
    contactId: b.contactId ?? undefined,
    projectId: b.projectId ?? undefined,
  };
}

const shortWhen = (b: BookingMail, zone: string) =>
  `${new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: zone }).format(b.start)} ${formatInstant(b.start, "datetime", zone)}`;

export function writeBookingConfirmation(b: BookingMail, links: BookingLinks, ics: string): OutgoingEmail {
  return visitorMail(
    b,
    "booking_confirmation",
    `Your ${b.meetingName.toLowerCase()} with ${site.owner.firstName}: ${shortWhen(b, b.visitorTimeZone)}`,
    [
      `Thank you for booking a ${b.meetingName.toLowerCase()} with ${site.owner.name} of ${site.brand}. It's confirmed.`,
    ],
    links,
    { method: "REQUEST", content: ics },
  );
}

export function writeBookingNotice(b: BookingMail, siteUrl: string, ownerEmail: string, ics: string): OutgoingEmail {
  return ownerMail(
    b,
    "booking_notice",
    `Call booked: ${b.name}, ${shortWhen(b, site.timeZone)}`,
    `${b.name} booked a ${b.meetingName.toLowerCase()}.`,
    siteUrl,
    ownerEmail,
    { method: "REQUEST", content: ics },
  );
}

export function writeRescheduled(
  b: BookingMail,
  links: BookingLinks,
  ics: string,
  by: "visitor" | "owner",
): OutgoingEmail {
  return visitorMail(
    b,
    "booking_rescheduled",
    `New time for your ${b.meetingName.toLowerCase()}: ${shortWhen(b, b.visitorTimeZone)}`,
    [
      by === "owner"
        ? `${site.owner.firstName} moved your ${b.meetingName.toLowerCase()} to a new time. If it doesn't suit you, pick another with the link below.`
        : `Your ${b.meetingName.toLowerCase()} is moved to its new time.`,
    ],
    links,
    { method: "REQUEST", content: ics },
  );
}

export function writeRescheduledNotice(
  b: BookingMail,
  siteUrl: string,
  ownerEmail: string,
  ics: string,
  previousStart: Date,
): OutgoingEmail {
  return ownerMail(
    b,
    "booking_rescheduled_notice",
    `Call moved: ${b.name}, now ${shortWhen(b, site.timeZone)}`,
    `The ${b.meetingName.toLowerCase()} with ${b.name} moved from ${whenIn(previousStart, site.timeZone)}.`,
    siteUrl,
    ownerEmail,
    { method: "REQUEST", content: ics },
  );
}

export function writeCancelled(b: BookingMail, ics: string, by: "visitor" | "owner", siteUrl: string): OutgoingEmail {
  return visitorMail(
    b,
    "booking_cancelled",
    `Cancelled: your ${b.meetingName.toLowerCase()} of ${shortWhen(b, b.visitorTimeZone)}`,
    [
      by === "owner"
        ? `${site.owner.firstName} had to cancel your ${b.meetingName.toLowerCase()}.${b.cancelMessage ? `\n\n"${b.cancelMessage}"` : ""}`
        : `Your ${b.meetingName.toLowerCase()} is cancelled, as you asked.`,
      "",
      `To pick another time: ${siteUrl}/book`,
    ],
    null,
    { method: "CANCEL", content: ics },
  );
}

export function writeCancelledNotice(
  b: BookingMail,
  siteUrl: string,
  ownerEmail: string,
  ics: string,
  by: "visitor" | "owner",
): OutgoingEmail {
  return ownerMail(
    b,
    "booking_cancelled_notice",
    `Call cancelled: ${b.name}, ${shortWhen(b, site.timeZone)}`,
    by === "owner"
      ? `You cancelled the call with ${b.name}.`
      : `${b.name} cancelled their ${b.meetingName.toLowerCase()}.`,
    siteUrl,
    ownerEmail,
    { method: "CANCEL", content: ics },
  );
}

export function writeReminder(b: BookingMail, links: BookingLinks, which: "24h" | "1h"): OutgoingEmail {
  return visitorMail(
    b,
    `booking_reminder_${which}`,
    which === "24h"
      ? `Tomorrow: your ${b.meetingName.toLowerCase()} with ${site.owner.firstName}`
      : `In an hour: your ${b.meetingName.toLowerCase()} with ${site.owner.firstName}`,
    [
      which === "24h"
        ? `A reminder: your ${b.meetingName.toLowerCase()} is tomorrow.`
        : `A reminder: your ${b.meetingName.toLowerCase()} starts in about an hour.`,
    ],
    links,
    undefined,
  );
}
