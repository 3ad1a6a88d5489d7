import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createTestServer } from "../../../tests/support/app";
import type { Database } from "../../db/client";
import { analyticsDaily, analyticsEvents } from "../../db/schema/index";
import { seedRealisticAnalytics } from "../../../tests/support/analytics-seed";
import {
  fillAnalyticsRollups,
  missingRollupDays,
  ROLLUP_DAYS_PER_TRANSACTION,
  ROLLUP_JOB,
  rollupsRemain,
  runAnalyticsRollups,
} from "./rollups";

/**
 * The rollup job (docs/decisions/031-analytics-rollups.md, 049): it fills every finished day that
 * has no rollup, back to the oldest raw row's day, newest first, on one process at a time (the
 * advisory lock of server/lib/job-lock.ts), a bounded number of days per run; a second run finds
 * nothing to do; today, and a day that closed less than the grace period ago, wait.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

/** Noon, Jun 10 2026 in New York (EDT, UTC-4). */
const NOW = new Date("2026-06-10T16:00:00Z");

function recordingLog() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  return { lines, info: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) };
}
const rolledDays = async () =>
  (await db.select({ day: analyticsDaily.day }).from(analyticsDaily)).map((r) => r.day).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Rows on Jun 4 (the oldest), Jun 7, 8 and 9 (a late one at 11:58 p.m.), and today, Jun 10.
  const view = (iso: string) => ({
    kind: "pageview" as const,
    path: "/",
    visitor: iso,
    entry: true,
    createdAt: new Date(iso),
  });
  await db
    .insert(analyticsEvents)
    .values(
      [
        "2026-06-04T15:00:00Z",
        "2026-06-07T15:00:00Z",
        "2026-06-08T15:00:00Z",
        "2026-06-10T03:58:00Z",
        "2026-06-10T14:00:00Z",
      ].map(view),
    );
});
afterAll(() => database.close());

describe("the analytics rollup job", () => {
  it("does nothing while another process holds its lock", async () => {
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1, hashtext($2))", [0x6a6f6273, ROLLUP_JOB]);
      const log = recordingLog();
      expect(await runAnalyticsRollups(db, log, { now: NOW })).toEqual({ ran: false });
      expect(await rolledDays()).toEqual([]);
      expect(log.lines).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it("fills the missing finished days once, newest first, a bounded number per run, and then nothing", async () => {
    const log = recordingLog();
    // Two days a run: Jun 9 and 8, then 7 and 6, then the two left; today (Jun 10) never.
    expect(await runAnalyticsRollups(db, log, { now: NOW, maxDays: 2 })).toEqual({
      ran: true,
      result: ["2026-06-09", "2026-06-08"],
    });
    expect(rollupsRemain({ ran: true, result: ["2026-06-09", "2026-06-08"] })).toBe(true);
    expect(await fillAnalyticsRollups(db, log, { now: NOW, maxDays: 2 })).toEqual(["2026-06-07", "2026-06-06"]);
    expect(await runAnalyticsRollups(db, log, { now: NOW, maxDays: 10 })).toEqual({
      ran: true,
      result: ["2026-06-05", "2026-06-04"],
    });
    const done = await runAnalyticsRollups(db, log, { now: NOW });
    expect(done).toEqual({ ran: true, result: [] });
    expect(rollupsRemain(done)).toBe(false);

    expect(await rolledDays()).toEqual([
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
      "2026-06-07",
      "2026-06-08",
      "2026-06-09",
    ]);
    expect(log.lines.map((l) => [l.message, l.fields.days, l.fields.first, l.fields.last])).toEqual([
      ["analytics rollups filled", 2, "2026-06-08", "2026-06-09"],
      ["analytics rollups filled", 2, "2026-06-06", "2026-06-07"],
      ["analytics rollups filled", 2, "2026-06-04", "2026-06-05"],
    ]);
    const { rows } = await db.execute<{ day: string; pageviews: number }>(
      sql`select day, pageviews from analytics_daily order by day`,
    );
    expect(rows.map((r) => r.pageviews)).toEqual([1, 0, 0, 1, 1, 1]);
  });

  it("waits a few minutes after midnight before it sums the day that closed", async () => {
    await db.delete(analyticsDaily).where(sql`day = '2026-06-09'`);
    // 12:03 a.m. on Jun 10: a batch written at midnight may still be committing.
    expect(await fillAnalyticsRollups(db, recordingLog(), { now: new Date("2026-06-10T04:03:00Z") })).toEqual([]);
    expect(await fillAnalyticsRollups(db, recordingLog(), { now: new Date("2026-06-10T04:06:00Z") })).toEqual([
      "2026-06-09",
    ]);
  });
});

describe("the composed server", () => {
  it("runs the rollup job on its own soon after the start, and works through a backlog without waiting for its period", async () => {
    // The period is an hour: only the runs that follow one another can fill two months in time.
    // The first run comes once the rows below are in (they take well under a second).
    const ctx = await createTestServer({ jobIntervals: { firstRollupAfterMs: 3000, rollupMs: 3_600_000 } });
    try {
      const now = Date.now();
      await seedRealisticAnalytics(ctx.db, {
        rows: 6000,
        start: new Date(now - 60 * 86_400_000),
        end: new Date(now - 2 * 86_400_000),
      });
      const backlog = (await missingRollupDays(ctx.db, new Date(), 1000)).length;
      expect(backlog).toBeGreaterThan(ROLLUP_DAYS_PER_TRANSACTION);
      await expect
        .poll(async () => (await missingRollupDays(ctx.db, new Date(), 1000)).length, { timeout: 40_000 })
        .toBe(0);
      expect((await ctx.db.select().from(analyticsDaily)).length).toBeGreaterThanOrEqual(backlog);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
