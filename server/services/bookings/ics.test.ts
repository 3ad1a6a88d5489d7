import ical, { type Attendee, type CalendarResponse, type Organizer, type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { feedIcs, invitationIcs, type IcsBooking } from "./ics";

const PROD = "RI Web Design";

function booking(overrides: Partial<IcsBooking> = {}): IcsBooking {
  return {
    uid: "booking-42@ri-web.example",
    sequence: 0,
    start: new Date("2027-03-15T14:00:00Z"),
    end: new Date("2027-03-15T14:30:00Z"),
    summary: "Discovery call: Łucja Nguyễn and Jane Designer",
    description:
      "A new shop for handmade ceramics, with a booking form; a budget around 5,000 €.\n" +
      "Reschedule: https://ri-web.example/bookings/42/reschedule?token=abc\n" +
      "Cancel: https://ri-web.example/bookings/42/cancel?token=abc",
    location: "https://meet.example.com/abc-defg-hij",
    url: "https://meet.example.com/abc-defg-hij",
    organizer: { name: "Jane Designer", email: "jane@ri-web.example" },
    attendee: { name: "Łucja Nguyễn", email: "lucja@example.org" },
    createdAt: new Date("2027-03-01T09:00:00Z"),
    updatedAt: new Date("2027-03-01T09:00:00Z"),
    ...overrides,
  };
}

function eventsOf(data: CalendarResponse): VEvent[] {
  return Object.values(data).filter((item): item is VEvent => item?.type === "VEVENT");
}

function onlyEvent(text: string): VEvent {
  const events = eventsOf(ical.sync.parseICS(text));
  expect(events).toHaveLength(1);
  return events[0]!;
}

function attendeesOf(event: VEvent): Attendee[] {
  return event.attendee === undefined ? [] : Array.isArray(event.attendee) ? event.attendee : [event.attendee];
}

function mailtoOf(value: Attendee | Organizer): string {
  return (typeof value === "string" ? value : value.val).replace(/^mailto:/i, "");
}

function paramsOf(value: Attendee | Organizer): Record<string, unknown> {
  return typeof value === "string" ? {} : value.params;
}

describe("invitationIcs", () => {
  const invited = booking();
  const rescheduled = booking({
    sequence: 1,
    start: new Date("2027-03-17T16:00:00Z"),
    end: new Date("2027-03-17T16:45:00Z"),
    updatedAt: new Date("2027-03-05T12:00:00Z"),
  });
  const cancelled = booking({ ...rescheduled, sequence: 2, updatedAt: new Date("2027-03-06T08:00:00Z") });
  const steps = [
    { name: "invitation", booking: invited, method: "REQUEST" as const },
    { name: "reschedule", booking: rescheduled, method: "REQUEST" as const },
    { name: "cancellation", booking: cancelled, method: "CANCEL" as const },
  ];

  it.each(steps)("writes the $name as one event that node-ical reads back", ({ booking: given, method }) => {
    const text = invitationIcs(given, method, PROD);
    expect(text).toMatch(new RegExp(`^METHOD:${method}\\r$`, "m"));
    expect(text).toMatch(/^PRODID:-\/\/RI Web Design\/\/Bookings\/\/EN\r$/m);

    const event = onlyEvent(text);
    expect(event.uid).toBe("booking-42@ri-web.example");
    expect(event.sequence).toBe(given.sequence);
    expect(event.start.getTime()).toBe(given.start.getTime());
    expect(event.end?.getTime()).toBe(given.end.getTime());
    expect(event.dtstamp.getTime()).toBe(given.updatedAt.getTime());
    expect(event.status).toBe(method === "CANCEL" ? "CANCELLED" : "CONFIRMED");
    expect(event.summary).toBe("Discovery call: Łucja Nguyễn and Jane Designer");
    expect(event.description).toBe(given.description);
    expect(event.location).toBe("https://meet.example.com/abc-defg-hij");

    expect(event.organizer).toBeDefined();
    expect(mailtoOf(event.organizer!)).toBe("jane@ri-web.example");
    expect(paramsOf(event.organizer!).CN).toBe("Jane Designer");
    const attendees = attendeesOf(event);
    expect(attendees).toHaveLength(1);
    expect(mailtoOf(attendees[0]!)).toBe("lucja@example.org");
    expect(paramsOf(attendees[0]!).CN).toBe("Łucja Nguyễn");
  });

  it("writes times in UTC", () => {
    const text = invitationIcs(invited, "REQUEST", PROD);
    expect(text).toMatch(/^DTSTART:20270315T140000Z\r$/m);
    expect(text).toMatch(/^DTEND:20270315T143000Z\r$/m);
    expect(text).not.toContain("TZID");
  });

  it("asks the attendee to answer on a request, not on a cancellation", () => {
    const request = paramsOf(attendeesOf(onlyEvent(invitationIcs(invited, "REQUEST", PROD)))[0]!);
    expect(request).toMatchObject({ RSVP: true, PARTSTAT: "NEEDS-ACTION", ROLE: "REQ-PARTICIPANT" });
    const cancel = paramsOf(attendeesOf(onlyEvent(invitationIcs(cancelled, "CANCEL", PROD)))[0]!);
    expect(cancel.RSVP).toBeUndefined();
    expect(cancel.PARTSTAT).toBeUndefined();
  });

  it("keeps names with double quotes, commas and line breaks readable", () => {
    const text = invitationIcs(
      booking({
        summary: 'Discovery call: Anna "Ann" Kowalska, PhD; and Jane',
        organizer: { name: 'Jane "JD" Designer', email: "jane@ri-web.example" },
        attendee: { name: 'Anna "Ann"\nKowalska, PhD', email: "anna@example.org" },
        location: "Café Nord, ul. Długa 5; 2nd floor",
        url: "https://video.example.com/j/123?pwd=a,b;c",
      }),
      "REQUEST",
      PROD,
    );
    const event = onlyEvent(text);
    expect(event.summary).toBe('Discovery call: Anna "Ann" Kowalska, PhD; and Jane');
    expect(event.location).toBe("Café Nord, ul. Długa 5; 2nd floor");
    expect(paramsOf(event.organizer!).CN).toBe("Jane 'JD' Designer");
    expect(paramsOf(attendeesOf(event)[0]!).CN).toBe("Anna 'Ann' Kowalska, PhD");
    expect(text).toMatch(/^URL;VALUE=URI:https:\/\/video\.example\.com\/j\/123\?pwd=a%2Cb%3Bc\r$/m);
  });

  it("folds long lines without splitting a character", () => {
    const description = Array.from({ length: 60 }, () => "Żółć gęślą jaźń").join(" ");
    const text = invitationIcs(booking({ description }), "REQUEST", PROD);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(onlyEvent(text).description).toBe(description);
  });
});

describe("feedIcs", () => {
  const bookings = [
    booking({ uid: "booking-1@ri-web.example" }),
    booking({
      uid: "booking-2@ri-web.example",
      sequence: 1,
      start: new Date("2027-03-16T09:00:00Z"),
      end: new Date("2027-03-16T09:30:00Z"),
      location: "+48 600 000 000",
      url: null,
    }),
    booking({
      uid: "booking-3@ri-web.example",
      start: new Date("2027-03-18T10:00:00Z"),
      end: new Date("2027-03-18T10:30:00Z"),
      location: null,
      cancelled: true,
    }),
  ];

  it("publishes every booking given under the calendar's name", () => {
    const text = feedIcs(bookings, "Discovery calls, RI Web Design", PROD);
    expect(text).toMatch(/^METHOD:PUBLISH\r$/m);
    expect(text).toMatch(/^REFRESH-INTERVAL;VALUE=DURATION:PT15M\r$/m);
    expect(text).toMatch(/^X-PUBLISHED-TTL:PT15M\r$/m);

    const data = ical.sync.parseICS(text);
    expect(data.vcalendar?.["WR-CALNAME"]).toBe("Discovery calls, RI Web Design");
    const events = eventsOf(data);
    expect(events.map((event) => event.uid).sort()).toEqual([
      "booking-1@ri-web.example",
      "booking-2@ri-web.example",
      "booking-3@ri-web.example",
    ]);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.get("booking-2@ri-web.example")).toMatchObject({
      sequence: 1,
      start: new Date("2027-03-16T09:00:00Z"),
      end: new Date("2027-03-16T09:30:00Z"),
      location: "+48 600 000 000",
      status: "CONFIRMED",
    });
    expect(byUid.get("booking-3@ri-web.example")).toMatchObject({ status: "CANCELLED", transparency: "TRANSPARENT" });
    expect(byUid.get("booking-3@ri-web.example")?.location).toBeUndefined();
  });

  it("writes an empty calendar when there are no bookings", () => {
    const text = feedIcs([], "Discovery calls", PROD);
    expect(eventsOf(ical.sync.parseICS(text))).toEqual([]);
    expect(text).toMatch(/^X-WR-CALNAME:Discovery calls\r$/m);
  });
});
