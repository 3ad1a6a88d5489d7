import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import { createTestDatabase } from "../../../tests/support/db";
import { expectedRollups, rawRows } from "../../../tests/support/analytics-expected";
import type { Database } from "../../db/client";
import { analyticsDaily, analyticsEvents } from "../../db/schema/index";
import { analyticsReport } from "./report";
import { rollUpDay } from "./rollups";

/**
 * The daily rollups against a count made here (tests/support/analytics-expected.ts), table by
 * table and day by day, over days around both daylight-saving changes of 2026 in New York (a
 * 23-hour and a 25-hour day), with visits that run past midnight, rows on the very edges of
 * days, and a day without any row (docs/decisions/031-analytics-rollups.md).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

/** Local midnights in UTC, written out by hand: EST is UTC-5, EDT UTC-4 (from 2 a.m. Mar 8 to 2 a.m. Nov 1). */
const MIDNIGHTS: Record<string, string> = {
  "2026-03-06": "2026-03-06T05:00:00Z",
  "2026-03-07": "2026-03-07T05:00:00Z",
  "2026-03-08": "2026-03-08T05:00:00Z", // 23 hours: clocks go 2:00 -> 3:00
  "2026-03-09": "2026-03-09T04:00:00Z",
  "2026-03-10": "2026-03-10T04:00:00Z", // no row at all
  "2026-03-11": "2026-03-11T04:00:00Z",
  "2026-10-30": "2026-10-30T04:00:00Z",
  "2026-10-31": "2026-10-31T04:00:00Z",
  "2026-11-01": "2026-11-01T04:00:00Z", // 25 hours: clocks go 2:00 -> 1:00
  "2026-11-02": "2026-11-02T05:00:00Z",
  "2026-11-03": "2026-11-03T05:00:00Z",
};
const DAYS = Object.keys(MIDNIGHTS);
const EMPTY_DAY = "2026-03-10";
const NEXT_MIDNIGHT: Record<string, string> = {
  "2026-03-11": "2026-03-12T04:00:00Z",
  "2026-11-03": "2026-11-04T05:00:00Z",
};
const at = (iso: string) => new Date(iso);
/**
 * A report that fills every missing day before it answers: the comparison is of the figures, not
 * of how many days a busy machine rolls up within the screen's half-second (report.ts).
 */
const WHOLE = { fillBudgetMs: 120_000 };

function generator(start: number) {
  let state = start;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(l: readonly T[]) => l[Math.floor(next() * l.length)]!,
  };
}
const PAGES = ["/", "/services", "/pricing", "/newport-web-design", "/start-project"];
type NewRow = typeof analyticsEvents.$inferInsert;

async function seed() {
  const random = generator(20260308);
  const rows: NewRow[] = [];
  DAYS.forEach((day, i) => {
    if (day === EMPTY_DAY) return;
    const start = Date.parse(MIDNIGHTS[day]!);
    const end = Date.parse(NEXT_MIDNIGHT[day] ?? MIDNIGHTS[DAYS[i + 1]!]!);
    for (let v = 0; v < 12; v++) {
      // Visitors keep one name across days here, unlike real hashes: the harder case for visits.
      const visitor = `visitor-${v % 8}`;
      let time = start + random.int(end - start);
      for (let p = 0, views = 1 + random.int(5); p < views && time < end - 60_000; p++) {
        const path = random.pick(PAGES);
        const referrerHost = p === 0 || random.next() < 0.15 ? random.pick([null, "google.com", "bing.com"]) : null;
        const source = p === 0 ? random.pick([null, null, "gmb", "newsletter"]) : null;
        rows.push({
          ...{ kind: "pageview", path, visitor, referrerHost, entry: p === 0 || referrerHost !== null },
          ...{ utmSource: source, utmMedium: source ? random.pick([null, "organic"]) : null },
          ...{ utmCampaign: source ? random.pick([null, "spring"]) : null, createdAt: new Date(time) },
        });
        if (random.next() < 0.6)
          rows.push({
            kind: "scroll",
            path,
            visitor,
            scrollDepth: random.pick([25, 50, 75, 90]),
            createdAt: new Date(time + 5000),
          });
        if (random.next() < 0.5)
          rows.push({
            kind: "event",
            name: "time_on_page",
            path,
            visitor,
            seconds: random.pick([30, 60, 120, 300]),
            createdAt: new Date(time + 20_000),
          });
        if (random.next() < 0.25)
          rows.push({
            kind: "event",
            name: random.pick(["phone_click", "chat_open"]),
            path,
            visitor,
            createdAt: new Date(time + 9000),
          });
        time += random.pick([4 * 60_000, 30 * 60_000, 30 * 60_000 + 1000, 3 * 3600_000]);
      }
    }
  });
  const view = (visitor: string, iso: string, entry: boolean, path = "/pricing"): NewRow => ({
    kind: "pageview",
    path,
    visitor,
    entry,
    createdAt: at(iso),
  });
  rows.push(
    // A visit from 11:50 p.m. on Mar 8 (EDT already) to 12:25 a.m. on Mar 9: one visit, on Mar 8.
    view("night-owl", "2026-03-09T03:50:00Z", true, "/owl-1"),
    view("night-owl", "2026-03-09T04:10:00Z", false, "/owl-2"),
    view("night-owl", "2026-03-09T04:25:00Z", false, "/owl-3"),
    // 11:45 p.m. on Nov 1 (EST by then) to 12:05 a.m. on Nov 2.
    view("late", "2026-11-02T04:45:00Z", true, "/late-1"),
    view("late", "2026-11-02T05:05:00Z", false, "/late-2"),
    // 1:30 a.m. on Nov 1 twice, an hour apart (EDT, then EST): two visits of one day.
    view("twice", "2026-11-01T05:30:00Z", false, "/twice"),
    view("twice", "2026-11-01T06:30:00Z", false, "/twice"),
    // The first instant of Mar 9, and the last millisecond of Mar 8.
    view("edge-in", "2026-03-09T04:00:00Z", true, "/edge"),
    view("edge-out", "2026-03-09T03:59:59.999Z", true, "/edge"),
  );
  await db.insert(analyticsEvents).values(rows);
}

const sortRows = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r, Object.keys(r as object).sort())).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed();
});
afterAll(() => database.close());

describe("the daily rollups", () => {
  it("hold, day by day and table by table, the figures the raw rows give", async () => {
    for (const day of DAYS) expect(dayIn(site.timeZone, at(MIDNIGHTS[day]!)), "the midnights above").toBe(day);
    for (const day of DAYS) await rollUpDay(db, day);
    const expected = expectedRollups(await rawRows(db), DAYS);
    const table = async (name: string) =>
      (await db.execute<Record<string, unknown>>(sql`select * from ${sql.identifier(name)}`)).rows.map(
        ({ rolled_at: _rolledAt, ...row }) => row,
      );
    expect(sortRows(await table("analytics_daily"))).toEqual(sortRows(expected.daily));
    expect(sortRows(await table("analytics_daily_pages"))).toEqual(sortRows(expected.pages));
    expect(sortRows(await table("analytics_daily_referrers"))).toEqual(sortRows(expected.referrers));
    expect(sortRows(await table("analytics_daily_utm"))).toEqual(sortRows(expected.utm));
    expect(sortRows(await table("analytics_daily_events"))).toEqual(sortRows(expected.events));

    const day = (d: string) => expected.daily.find((x) => x.day === d)!;
    expect(day(EMPTY_DAY), "a day without rows is rolled up as zeros").toEqual({
      day: EMPTY_DAY,
      pageviews: 0,
      visits: 0,
      visitors: 0,
    });
    // Pages of their own for the hand-made visits: [day, pageviews, visitors, visits begun there].
    const { rows: own } = await db.execute<{
      day: string;
      path: string;
      pageviews: number;
      visitors: number;
      entries: number;
    }>(
      sql`select day, path, pageviews, visitors, entries from analytics_daily_pages
        where path in ('/owl-1', '/owl-2', '/owl-3', '/late-1', '/late-2', '/twice', '/edge') order by path, day`,
    );
    expect(own.map((r) => Object.values(r))).toEqual([
      ["2026-03-08", "/edge", 1, 1, 1],
      ["2026-03-09", "/edge", 1, 1, 1],
      ["2026-11-01", "/late-1", 1, 1, 1],
      ["2026-11-02", "/late-2", 1, 1, 0], // the visit began before midnight
      ["2026-03-08", "/owl-1", 1, 1, 1],
      ["2026-03-09", "/owl-2", 1, 1, 0],
      ["2026-03-09", "/owl-3", 1, 1, 0],
      ["2026-11-01", "/twice", 2, 1, 2], // 1:30 EDT and 1:30 EST, an hour apart
    ]);
    expect(expected.daily.find((d) => d.day === "2026-03-08")!.pageviews).toBeGreaterThan(10);
    expect(expected.pages.length).toBeGreaterThan(40);
    for (const list of [expected.referrers, expected.utm, expected.events]) expect(list.length).toBeGreaterThan(5);
  });

  it("give the same report as the raw rows alone, and re-rolling a day replaces it", async () => {
    for (const [from, to] of [
      ["2026-03-06", "2026-03-11"],
      ["2026-10-30", "2026-11-03"],
      ["2026-03-09", "2026-11-01"],
    ] as const) {
      const fromRollups = await analyticsReport(db, from, to, WHOLE);
      await db.delete(analyticsDaily);
      expect(await analyticsReport(db, from, to, WHOLE), `${from} to ${to}`).toEqual(fromRollups);
      for (const day of DAYS) await rollUpDay(db, day);
    }
    // The night owl's visit began on Mar 8: Mar 9 has its pages but not its visit.
    const mar9 = await analyticsReport(db, "2026-03-09", "2026-03-09", WHOLE);
    const expectedMar9 = expectedRollups(await rawRows(db), ["2026-03-09"]).daily[0]!;
    // No pageview of this data set was kept out (the kept-out count is not a rollup of the raw rows).
    expect(mar9.days).toEqual([{ ...expectedMar9, kept_out: 0 }]);

    await db.insert(analyticsEvents).values({
      kind: "pageview",
      path: "/late-row",
      visitor: "late-row",
      entry: true,
      createdAt: at("2026-03-07T15:00:00Z"),
    });
    await rollUpDay(db, "2026-03-07");
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_daily_pages where day = '2026-03-07' and path = '/late-row'`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(sortRows(expectedRollups(await rawRows(db), ["2026-03-07"]).daily)).toEqual(
      sortRows(
        (
          await db
            .select()
            .from(analyticsDaily)
            .where(sql`day = '2026-03-07'`)
        ).map(({ rolledAt: _r, ...d }) => d),
      ),
    );
  });
});
