import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { busyRangesOf, fetchFeed, type BusyRange } from "./busy-feed";

/** An iCal text from its lines, with CRLF line endings. */
function ics(...lines: string[]): string {
  return [...lines, ""].join("\r\n");
}

function calendar(...body: string[]): string {
  return ics("BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Busy feed//EN", ...body, "END:VCALENDAR");
}

function event(uid: string, ...properties: string[]): string[] {
  return ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20270101T000000Z", ...properties, "END:VEVENT"];
}

const NEW_YORK = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The owner's calendar for March 2027: New York and Europe both change to summer time during it. */
const FEED = calendar(
  "X-WR-CALNAME:Jane's calendar",
  ...NEW_YORK,
  // (a) a single event
  ...event("single@test", "DTSTART:20270305T130000Z", "DTEND:20270305T140000Z", "SUMMARY:Dentist"),
  // (b) every Wednesday 10:00–11:00 in New York, but not on the 24th; the 17th's moved to Thursday 14:00–15:30
  ...event(
    "weekly@test",
    "DTSTART;TZID=America/New_York:20270303T100000",
    "DTEND;TZID=America/New_York:20270303T110000",
    "RRULE:FREQ=WEEKLY;BYDAY=WE",
    "EXDATE;TZID=America/New_York:20270324T100000",
    "SUMMARY:Weekly client call",
  ),
  ...event(
    "weekly@test",
    "RECURRENCE-ID;TZID=America/New_York:20270317T100000",
    "DTSTART;TZID=America/New_York:20270318T140000",
    "DTEND;TZID=America/New_York:20270318T153000",
    "SEQUENCE:1",
    "SUMMARY:Weekly client call (moved)",
  ),
  // (c) a transparent ("free") event
  ...event("free@test", "DTSTART:20270308T090000Z", "DTEND:20270308T100000Z", "TRANSP:TRANSPARENT", "SUMMARY:Reminder"),
  // (d) all-day events: one day, and a weekend across Europe's change to summer time (28 March)
  ...event("day@test", "DTSTART;VALUE=DATE:20270312", "DTEND;VALUE=DATE:20270313", "SUMMARY:Conference"),
  ...event("weekend@test", "DTSTART;VALUE=DATE:20270327", "DTEND;VALUE=DATE:20270329", "SUMMARY:Away"),
  // (e) a cancelled event
  ...event("cancelled@test", "DTSTART:20270309T120000Z", "DTEND:20270309T130000Z", "STATUS:CANCELLED", "SUMMARY:Lunch"),
);

function range(start: string, end: string): BusyRange {
  return { start: new Date(start), end: new Date(end) };
}

const MARCH_FROM = new Date("2027-03-01T00:00:00Z");
const MARCH_TO = new Date("2027-04-01T00:00:00Z");

const MARCH_BUSY = [
  range("2027-03-03T15:00:00Z", "2027-03-03T16:00:00Z"), // Wednesday 10:00 EST
  range("2027-03-05T13:00:00Z", "2027-03-05T14:00:00Z"), // (a)
  range("2027-03-10T15:00:00Z", "2027-03-10T16:00:00Z"), // Wednesday 10:00 EST
  range("2027-03-11T23:00:00Z", "2027-03-12T23:00:00Z"), // 12 March in Warsaw (CET)
  // 14 March: New York changes to summer time; the 17th is moved, the 24th left out
  range("2027-03-18T18:00:00Z", "2027-03-18T19:30:00Z"), // the 17th's, Thursday 14:00 EDT
  range("2027-03-26T23:00:00Z", "2027-03-28T22:00:00Z"), // 27–28 March in Warsaw (CET, then CEST)
  range("2027-03-31T14:00:00Z", "2027-03-31T15:00:00Z"), // Wednesday 10:00 EDT
];

let server: Server;
let base: string;
const routes = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes.get(request.url ?? "");
    if (route) return route(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

routes.set("/feed.ics", (_request, response) => {
  response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(FEED);
});
routes.set("/error.ics", (_request, response) => {
  response.writeHead(500, { "content-type": "text/plain" }).end("Internal error");
});
routes.set("/gone.ics", (_request, response) => {
  response.writeHead(404).end();
});
// Never answers; afterAll closes the connection.
routes.set("/slow.ics", () => {});
// Answers its headers and part of the body, then nothing more.
routes.set("/stalled.ics", (_request, response) => {
  response.writeHead(200, { "content-type": "text/calendar" });
  response.write("BEGIN:VCALENDAR\r\n");
});
routes.set("/large.ics", (_request, response) => {
  response.writeHead(200, { "content-type": "text/calendar", "content-length": String(4096) }).end("x".repeat(4096));
});
// No Content-Length: the size only shows while reading.
routes.set("/large-chunked.ics", (_request, response) => {
  response.writeHead(200, { "content-type": "text/calendar" });
  for (let i = 0; i < 8; i++) response.write("x".repeat(1024));
  response.end();
});

describe("fetchFeed and busyRangesOf", () => {
  it("reads the owner's busy times from a served feed", async () => {
    const text = await fetchFeed(`${base}/feed.ics`);
    expect(text).toBe(FEED);
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "Europe/Warsaw")).toEqual(MARCH_BUSY);
  });
});

describe("busyRangesOf", () => {
  it("keeps the ranges that overlap the window, whole, and none that only touch it", () => {
    // The 3 March occurrence ends at 16:00Z, the 10 March one starts at 15:00Z.
    expect(
      busyRangesOf(FEED, new Date("2027-03-03T15:30:00Z"), new Date("2027-03-10T15:00:00Z"), "Europe/Warsaw"),
    ).toEqual([
      range("2027-03-03T15:00:00Z", "2027-03-03T16:00:00Z"),
      range("2027-03-05T13:00:00Z", "2027-03-05T14:00:00Z"),
    ]);
    expect(
      busyRangesOf(FEED, new Date("2027-03-03T16:00:00Z"), new Date("2027-03-05T13:00:00Z"), "Europe/Warsaw"),
    ).toEqual([]);
  });

  it("finds an occurrence moved into the window from outside it, and not the one moved out", () => {
    // The 17th's occurrence now lies on the 18th.
    expect(
      busyRangesOf(FEED, new Date("2027-03-18T00:00:00Z"), new Date("2027-03-19T00:00:00Z"), "Europe/Warsaw"),
    ).toEqual([range("2027-03-18T18:00:00Z", "2027-03-18T19:30:00Z")]);
    expect(
      busyRangesOf(FEED, new Date("2027-03-17T00:00:00Z"), new Date("2027-03-18T00:00:00Z"), "Europe/Warsaw"),
    ).toEqual([]);
  });

  it("reads all-day events in the calendar's zone when it names one, else in the fallback zone", () => {
    const text = calendar(
      "X-WR-TIMEZONE:America/New_York",
      ...event("day@test", "DTSTART;VALUE=DATE:20270312", "DTEND;VALUE=DATE:20270313"),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "Europe/Warsaw")).toEqual([
      range("2027-03-12T05:00:00Z", "2027-03-13T05:00:00Z"),
    ]);
    const withoutZone = calendar(...event("day@test", "DTSTART;VALUE=DATE:20270312"));
    expect(busyRangesOf(withoutZone, MARCH_FROM, MARCH_TO, "Asia/Tokyo")).toEqual([
      range("2027-03-11T15:00:00Z", "2027-03-12T15:00:00Z"),
    ]);
  });

  it("expands recurring all-day events with their exceptions", () => {
    const text = calendar(
      ...event(
        "holiday@test",
        "DTSTART;VALUE=DATE:20270326",
        "DTEND;VALUE=DATE:20270327",
        "RRULE:FREQ=DAILY;COUNT=4",
        "EXDATE;VALUE=DATE:20270327",
      ),
      ...event(
        "holiday@test",
        "RECURRENCE-ID;VALUE=DATE:20270328",
        "DTSTART:20270328T080000Z",
        "DTEND:20270328T090000Z",
      ),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "Europe/Warsaw")).toEqual([
      range("2027-03-25T23:00:00Z", "2027-03-26T23:00:00Z"), // 26 March
      range("2027-03-28T08:00:00Z", "2027-03-28T09:00:00Z"), // 28 March, now a timed hour
      range("2027-03-28T22:00:00Z", "2027-03-29T22:00:00Z"), // 29 March (CEST)
    ]);
  });

  it("leaves out cancelled and transparent occurrences of a series, and a cancelled series", () => {
    const text = calendar(
      ...event("daily@test", "DTSTART:20270301T080000Z", "DTEND:20270301T083000Z", "RRULE:FREQ=DAILY;COUNT=4"),
      ...event(
        "daily@test",
        "RECURRENCE-ID:20270302T080000Z",
        "DTSTART:20270302T080000Z",
        "DTEND:20270302T083000Z",
        "STATUS:CANCELLED",
      ),
      ...event(
        "daily@test",
        "RECURRENCE-ID:20270303T080000Z",
        "DTSTART:20270303T080000Z",
        "DTEND:20270303T083000Z",
        "TRANSP:TRANSPARENT",
      ),
      // An override without an end keeps the series' duration.
      ...event("daily@test", "RECURRENCE-ID:20270304T080000Z", "DTSTART:20270304T100000Z"),
      ...event("gone@test", "DTSTART:20270301T120000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY", "STATUS:CANCELLED"),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "UTC")).toEqual([
      range("2027-03-01T08:00:00Z", "2027-03-01T08:30:00Z"),
      range("2027-03-04T10:00:00Z", "2027-03-04T10:30:00Z"),
    ]);
  });

  it("leaves out every occurrence on a date-only EXDATE's day, in the event's zone", () => {
    // 21:00 in New York is already the next day in UTC.
    const text = calendar(
      ...event(
        "evening@test",
        "DTSTART;TZID=America/New_York:20270301T210000",
        "DTEND;TZID=America/New_York:20270301T220000",
        "RRULE:FREQ=DAILY;COUNT=3",
        "EXDATE;VALUE=DATE:20270302",
      ),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "UTC")).toEqual([
      range("2027-03-02T02:00:00Z", "2027-03-02T03:00:00Z"),
      range("2027-03-04T02:00:00Z", "2027-03-04T03:00:00Z"),
    ]);
  });

  it("takes a duration, and leaves out an event that takes no time", () => {
    const text = calendar(
      ...event("duration@test", "DTSTART:20270302T080000Z", "DURATION:PT45M"),
      ...event("instant@test", "DTSTART:20270302T120000Z"),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "UTC")).toEqual([
      range("2027-03-02T08:00:00Z", "2027-03-02T08:45:00Z"),
    ]);
  });

  it("expands at most 5,000 occurrences of one event", () => {
    const text = calendar(
      ...event("minutely@test", "DTSTART:20270301T000000Z", "DTEND:20270301T000030Z", "RRULE:FREQ=MINUTELY"),
    );
    const ranges = busyRangesOf(text, MARCH_FROM, MARCH_TO, "UTC");
    expect(ranges).toHaveLength(5_000);
    expect(ranges[0]).toEqual(range("2027-03-01T00:00:00Z", "2027-03-01T00:00:30Z"));
    expect(ranges[4_999]).toEqual(range("2027-03-04T11:19:00Z", "2027-03-04T11:19:30Z"));
  });

  it("gives up quietly on a rule it cannot expand, keeping the other events", () => {
    const text = calendar(
      ...event("endless@test", "DTSTART:20200101T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;COUNT=1000000000"),
      ...event("single@test", "DTSTART:20270305T130000Z", "DTEND:20270305T140000Z"),
    );
    expect(busyRangesOf(text, MARCH_FROM, MARCH_TO, "UTC")).toEqual([
      range("2027-03-05T13:00:00Z", "2027-03-05T14:00:00Z"),
    ]);
  });

  it("answers nothing for an empty window, and refuses an unknown fallback zone", () => {
    expect(busyRangesOf(FEED, MARCH_TO, MARCH_FROM, "UTC")).toEqual([]);
    expect(() => busyRangesOf(FEED, MARCH_FROM, MARCH_TO, "Mars/Olympus_Mons")).toThrow(/Unknown time zone/);
  });
});

describe("fetchFeed", () => {
  it("names the status of an error answer", async () => {
    await expect(fetchFeed(`${base}/error.ics`)).rejects.toThrow(/HTTP 500 Internal Server Error/);
    await expect(fetchFeed(`${base}/gone.ics`)).rejects.toThrow(/HTTP 404/);
  });

  it("gives up on a server that does not answer", async () => {
    const started = Date.now();
    await expect(fetchFeed(`${base}/slow.ics`, { timeoutMs: 200 })).rejects.toThrow(
      "The calendar feed did not answer within 200 ms",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(fetchFeed(`${base}/stalled.ics`, { timeoutMs: 200 })).rejects.toThrow(/did not answer within 200 ms/);
  });

  it("refuses a body over the size cap, announced or not", async () => {
    await expect(fetchFeed(`${base}/large.ics`, { maxBytes: 1000 })).rejects.toThrow(
      "The calendar feed is larger than 1000 bytes",
    );
    await expect(fetchFeed(`${base}/large-chunked.ics`, { maxBytes: 1000 })).rejects.toThrow(
      "The calendar feed is larger than 1000 bytes",
    );
    await expect(fetchFeed(`${base}/large-chunked.ics`, { maxBytes: 8192 })).resolves.toHaveLength(8192);
  });

  it("reads a webcal:// address over https", async () => {
    const fetchMock = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => new Response(FEED));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchFeed("webcal://calendar.example.com/private-abc/basic.ics")).resolves.toBe(FEED);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("https://calendar.example.com/private-abc/basic.ics");
  });

  it("refuses an address that is not http, https or webcal, and says why a fetch failed", async () => {
    await expect(fetchFeed("ftp://calendar.example.com/basic.ics")).rejects.toThrow(/must start with https:\/\//);
    await expect(fetchFeed("not a url")).rejects.toThrow("The calendar feed address is not a valid URL");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchFeed(`http://127.0.0.1:${port}/feed.ics`)).rejects.toThrow(
      /^The calendar feed could not be fetched: fetch failed \(.*ECONNREFUSED/,
    );
  });
});
