import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookingSettingsAnswerSchema, type BookingSettingsAnswer } from "~/contracts/booking-owner";
import { AvailabilityAnswerSchema } from "~/contracts/booking-public";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

/**
 * The owner's own calendar blocks its times (docs/product/bookings.md "Busy times"): a feed served
 * by a local HTTP server, with a single event and a weekly one that has one exception, removes
 * exactly the slots they overlap; a feed that answers 500 keeps the busy times last read and the
 * settings (and so the dashboard) say why.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let feed: Server;
let feedUrl: string;
let answer: { status: number; body: string } = { status: 200, body: "" };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdminToken(t.db)).auth;
  feed = createServer((_req, res) => {
    res.writeHead(answer.status, { "Content-Type": "text/calendar" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/private/basic.ics`;
});
afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
  await t?.close();
});

const json = (body: unknown) => ({
  headers: { ...admin, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** Wall-clock "YYYYMMDDTHHMMSS" in New York for a day `days` ahead at `hour`:`minute`. */
function local(days: number, hour: number, minute = 0): { ics: string; day: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  return {
    day,
    ics: `${day.replaceAll("-", "")}T${String(hour).padStart(2, "0")}${String(minute).padStart(2, "0")}00`,
  };
}

async function settings(): Promise<BookingSettingsAnswer> {
  return BookingSettingsAnswerSchema.parse(
    await (await t.app.request("/api/admin/booking/settings", { headers: admin })).json(),
  );
}

/** Every weekday 9-5 with no buffers, so each hour's slots are easy to name. */
async function openEveryDay(busyFeedUrl: string | null) {
  const hours = [{ start: "09:00", end: "17:00" }];
  const res = await t.app.request("/api/admin/booking/settings", {
    method: "PUT",
    ...json({
      weekly_hours: { 1: hours, 2: hours, 3: hours, 4: hours, 5: hours, 6: hours, 7: hours },
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 0,
      window_days: 60,
      max_per_day: null,
      step_minutes: 30,
      busy_feed_url: busyFeedUrl,
      overrides: [],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function slotsOn(day: string): Promise<string[]> {
  const start = new Date(`${day}T00:00:00-05:00`).getTime() - 6 * 3_600_000;
  const query = `type=discovery-call&start=${new Date(start).toISOString()}&end=${new Date(start + 36 * 3_600_000).toISOString()}`;
  const res = await t.app.request(`/api/booking/availability?${query}`);
  const slots = AvailabilityAnswerSchema.parse(await res.json()).slots;
  const inDay = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit" });
  return slots.filter((s) => inDay.format(new Date(s.start)) === day).map((s) => time.format(new Date(s.start)));
}

const refresh = () => t.app.request("/api/admin/booking/busy-feed/refresh", { method: "POST", headers: admin });

describe("busy times from the owner's calendar", () => {
  it("remove exactly the slots of a single event and of a weekly event, its exception kept free", async () => {
    const single = local(3, 10);
    const singleEnd = local(3, 11);
    const weekly = local(4, 14);
    const weeklyEnd = local(4, 15);
    const skipped = local(11, 14);
    answer = {
      status: 200,
      body: [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Test//Owner calendar//EN",
        "BEGIN:VEVENT",
        "UID:single@test",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;TZID=America/New_York:${single.ics}`,
        `DTEND;TZID=America/New_York:${singleEnd.ics}`,
        "SUMMARY:Dentist",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:weekly@test",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;TZID=America/New_York:${weekly.ics}`,
        `DTEND;TZID=America/New_York:${weeklyEnd.ics}`,
        "RRULE:FREQ=WEEKLY;COUNT=4",
        `EXDATE;TZID=America/New_York:${skipped.ics}`,
        "SUMMARY:Chamber of Commerce",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    };
    await openEveryDay(feedUrl);
    const before = await slotsOn(single.day);
    expect(before).toContain("10:00");
    const status = await refresh();
    expect(await status.json()).toMatchObject({ busy_feed_error: null, busy_count: 4 });

    expect(await slotsOn(single.day)).toEqual(before.filter((s) => s !== "10:00" && s !== "10:30"));
    const weeklyDay = await slotsOn(weekly.day);
    expect(weeklyDay).not.toContain("14:00");
    expect(weeklyDay).not.toContain("14:30");
    expect(weeklyDay).toContain("13:30");
    expect(weeklyDay).toContain("15:00");
    expect(await slotsOn(local(18, 0).day)).not.toContain("14:00");
    // The exception: that week the owner is free.
    expect(await slotsOn(skipped.day)).toContain("14:00");
  });

  it("keeps the busy times last read when the feed fails, and says why", async () => {
    const single = local(3, 10);
    answer = { status: 500, body: "Internal Server Error" };
    const status = await refresh();
    const feeds = (await status.json()) as { busy_feed_error: string | null; busy_count: number };
    expect(feeds.busy_feed_error).toMatch(/500/);
    expect(feeds.busy_count).toBe(4);
    expect(await slotsOn(single.day)).not.toContain("10:00");
    const { feeds: shown } = await settings();
    expect(shown.busy_feed_error).toMatch(/500/);
    expect(shown.busy_feed_ok_at).not.toBeNull();
  });
});
