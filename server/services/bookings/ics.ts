/**
 * Calendar files (.ics) for bookings: the invitation sent to the person who booked a call, its
 * cancellation, and the owner's subscribed feed. Written by ical-generator; times in UTC.
 */
import ical, {
  escape,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalAttendeeType,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalAttendeeData,
  type ICalCalendar,
  type ICalEventData,
} from "ical-generator";

/** One booking as it appears in a calendar. */
export interface IcsBooking {
  /** Stable across changes, e.g. "booking-42@example.com". */
  uid: string;
  /** 0 at booking, raised on each change (reschedule, cancellation). */
  sequence: number;
  start: Date;
  end: Date;
  /** E.g. "Discovery call: Łucja Nguyễn and Jane Designer". */
  summary: string;
  /** What the call is about, and the reschedule and cancel links. */
  description: string;
  /** A phone number, an address or a video link. */
  location: string | null;
  /** The video link, if any. */
  url?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  createdAt: Date;
  updatedAt: Date;
  /** In the feed, a cancelled booking is kept as STATUS:CANCELLED (and transparent) rather than left out. */
  cancelled?: boolean;
}

/** How often a subscribed calendar app should fetch the feed again, in seconds. */
const FEED_REFRESH_SECONDS = 15 * 60;

/**
 * An invitation (METHOD:REQUEST, the attendee asked to answer) or its cancellation
 * (METHOD:CANCEL, STATUS:CANCELLED), as the text of an .ics file.
 */
export function invitationIcs(booking: IcsBooking, method: "REQUEST" | "CANCEL", prodName: string): string {
  const cancel = method === "CANCEL";
  const calendar = newCalendar(prodName, cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  const attendee: ICalAttendeeData = {
    name: paramText(booking.attendee.name),
    email: booking.attendee.email,
    role: ICalAttendeeRole.REQ,
    type: ICalAttendeeType.INDIVIDUAL,
    ...(cancel ? {} : { rsvp: true, status: ICalAttendeeStatus.NEEDSACTION }),
  };
  calendar.createEvent({
    ...eventData(booking),
    attendees: [attendee],
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/**
 * The owner's subscribed feed (METHOD:PUBLISH) with every booking given, a calendar name and a
 * refresh interval hint. Bookings marked `cancelled` are written as STATUS:CANCELLED.
 */
export function feedIcs(bookings: IcsBooking[], calendarName: string, prodName: string): string {
  const calendar = newCalendar(prodName, ICalCalendarMethod.PUBLISH);
  // ical-generator writes NAME and X-WR-CALNAME as given: a comma, a semicolon or a line break
  // in the name would corrupt the file.
  calendar.name(escape(calendarName, false));
  calendar.ttl(FEED_REFRESH_SECONDS);
  for (const booking of bookings) {
    // RFC 5546 leaves attendees out of a PUBLISH; the summary names the person.
    calendar.createEvent({
      ...eventData(booking),
      status: booking.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      transparency: booking.cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  return calendar.toString();
}

function newCalendar(prodName: string, method: ICalCalendarMethod): ICalCalendar {
  return ical({
    // PRODID is written as given too: no line breaks, and no "//" that would split its fields.
    prodId: { company: singleLine(prodName).replaceAll("//", "/") || "Bookings", product: "Bookings", language: "EN" },
    method,
  });
}

function eventData(booking: IcsBooking): ICalEventData {
  return {
    id: booking.uid,
    sequence: booking.sequence,
    // The stamp follows the booking's last change, so the same booking always gives the same file.
    stamp: booking.updatedAt,
    start: booking.start,
    end: booking.end,
    summary: booking.summary,
    description: booking.description,
    location: booking.location || null,
    url: booking.url ? uriText(booking.url) : null,
    organizer: { name: paramText(booking.organizer.name), email: booking.organizer.email },
    created: booking.createdAt,
    lastModified: booking.updatedAt,
  };
}

function singleLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, " ").trim();
}

/**
 * A name for a quoted parameter (CN="…"). ical-generator escapes a double quote there with a
 * backslash, which RFC 5545 does not allow: readers (node-ical among them) then drop the whole
 * ORGANIZER or ATTENDEE line. A double quote becomes an apostrophe.
 */
function paramText(name: string): string {
  return singleLine(name).replaceAll('"', "'");
}

/**
 * A URI for URL;VALUE=URI. ical-generator escapes commas and semicolons in it as if it were text
 * ("\,"), which most readers keep as is in a link; percent-encoded, they mean the same to the server.
 */
function uriText(url: string): string {
  return singleLine(url).replaceAll(",", "%2C").replaceAll(";", "%3B");
}
