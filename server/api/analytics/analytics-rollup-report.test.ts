import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics-days";
import { AnalyticsReportSchema } from "~/contracts/analytics-report";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { legacyAnalyticsReport } from "../../../tests/support/analytics-legacy-report";
import { seedRealisticAnalytics } from "../../../tests/support/analytics-seed";
import { analyticsDaily, contacts, projects } from "../../db/schema";
import { purgeOldAnalytics } from "../../services/analytics/ingest";
import { analyticsReportCsv } from "../../services/analytics/report-csv";
import { runAtMost } from "../../services/analytics/report";
import { fillAnalyticsRollups, ROLLUP_GRACE_MS } from "../../services/analytics/rollups";

import { REPORT_TOO_SLOW } from "./analytics.handlers";

/**
 * The job as it runs once yesterday is closed: run in the first minutes after midnight (the
 * business's), yesterday would still be in its grace period and left to the next run.
 */
const afterGrace = () => ({ now: new Date(Date.now() + ROLLUP_GRACE_MS) });

/**
 * The report read from the daily rollups plus today's raw rows (docs/decisions/031-analytics-rollups.md)
 * against the report as it was computed before, from the raw rows alone
 * (tests/support/analytics-legacy-report.ts), on rows shaped like real ones; the history the
 * rollups keep after the raw rows' two-year purge; and the answer when a report takes longer
 * than the report pool's statement timeout.
 */

const TZ = site.timeZone;
const silent = { info: () => {} };
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const today = dayIn(TZ);
const from = addDays(today, -10);

const report = async (range: { from: string; to: string }) => {
  const res = await ctx.app.request(`/api/admin/analytics?from=${range.from}&to=${range.to}`, { headers: auth });
  expect(res.status).toBe(200);
  return AnalyticsReportSchema.parse(await res.json());
};

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  // Ten days up to this minute: the closed days get rollups, today stays raw.
  const now = new Date();
  await seedRealisticAnalytics(ctx.db, {
    rows: 8000,
    start: new Date(now.getTime() - 10 * 86_400_000),
    end: now,
    visitorsPerDay: 12,
  });
  const landings = ["/newport-web-design?utm_source=gmb", "/pricing", "/", "/web-design-for-salons#top", "/gone"];
  for (let i = 0; i < 15; i++) {
    const createdAt = new Date(now.getTime() - i * 15 * 3600_000);
    const landingPage = landings[i % landings.length]!;
    // Most visitors accepted analytics; every fifth did not (its lead is outside the funnel).
    const visitCounted = i % 5 !== 4;
    await ctx.db
      .insert(contacts)
      .values({ name: `Lead ${i}`, email: `lead.${i}@example.com`, landingPage, createdAt, visitCounted });
    if (i % 2 === 0)
      await ctx.db.insert(projects).values({
        id: `WBT-2026-R${String(i).padStart(5, "0")}`,
        name: `Project ${i}`,
        status: i % 4 === 0 ? "complete" : "planning",
        landingPage,
        createdAt,
        visitCounted,
      });
  }
  expect((await fillAnalyticsRollups(ctx.db, silent, afterGrace())).length).toBeGreaterThanOrEqual(9);
});
afterAll(() => ctx.close());

describe("the report over the rollups and today", () => {
  it("equals the raw computation of before, figure by figure and in order", async () => {
    const ranges = [
      { from, to: today },
      { from: addDays(from, 2), to: addDays(today, -3) }, // rollups only
      { from: today, to: today }, // raw rows only
    ];
    for (const range of ranges)
      expect(await report(range), `${range.from} to ${range.to}`).toEqual(
        await legacyAnalyticsReport(ctx.db, range.from, range.to),
      );
    const whole = await report({ from, to: today });
    expect(whole.totals.visits).toBeGreaterThan(100);
    expect(whole.totals.visits).toBeLessThan(whole.totals.pageviews);
    expect(whole.top_pages).toHaveLength(20);
    expect(whole.days.at(-1)!.pageviews, "today's rows").toBeGreaterThan(0);
    expect(whole.funnel.some((f) => f.visits > 0 && f.leads > 0 && f.projects > 0)).toBe(true);
    for (const list of [whole.referrers, whole.utm_sources, whole.events]) expect(list.length).toBeGreaterThan(2);
  });

  it("rolls up the days the job has not reached yet itself (decision 049), and the CSV says the same", async () => {
    await ctx.db.delete(analyticsDaily).where(sql`day in (${addDays(today, -4)}, ${addDays(today, -1)})`);
    const legacy = await legacyAnalyticsReport(ctx.db, from, today);
    expect(await report({ from, to: today })).toEqual(legacy);

    const res = await ctx.app.request(`/api/admin/analytics.csv?from=${from}&to=${today}`, { headers: auth });
    expect(res.status).toBe(200);
    // (text() drops the byte-order mark the file starts with.)
    expect(await res.text()).toBe(analyticsReportCsv(legacy));
    // Stored by the report: the job finds nothing left (yesterday, in its first minutes, aside).
    const left = await fillAnalyticsRollups(ctx.db, silent, afterGrace());
    expect(left.filter((day) => day !== addDays(today, -1))).toEqual([]);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_daily where day = ${addDays(today, -4)}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("history", () => {
  it("a range older than two years still shows its totals after the raw rows are purged", async () => {
    const then = new Date(Date.now() - 3 * 365 * 86_400_000);
    const range = { from: dayIn(TZ, new Date(then.getTime() - 5 * 86_400_000)), to: dayIn(TZ, then) };
    await seedRealisticAnalytics(ctx.db, { rows: 1500, start: new Date(then.getTime() - 5 * 86_400_000), end: then });
    // The job ran back then, as it does every day.
    await fillAnalyticsRollups(ctx.db, silent, { now: new Date(then.getTime() + 2 * 86_400_000) });
    const before = await report(range);
    expect(before.totals.pageviews).toBeGreaterThan(500);
    expect(before).toEqual(await legacyAnalyticsReport(ctx.db, range.from, range.to));

    expect(await purgeOldAnalytics(ctx.db)).toBeGreaterThanOrEqual(1500);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_events where created_at < now() - interval '2 years'`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await legacyAnalyticsReport(ctx.db, range.from, range.to)).totals.pageviews, "no raw row left").toBe(0);
    expect(await report(range)).toEqual(before);
  });
});

describe("a report that takes too long", () => {
  it("answers 503 with Retry-After and says what to do, for the JSON and the CSV", async () => {
    const slow = await createTestApp({ env: { REPORT_STATEMENT_TIMEOUT_MS: "200" } });
    const locker = new Client({ connectionString: slow.databaseUrl });
    await locker.connect();
    try {
      const slowAuth = (await createAdminToken(slow.db)).auth;
      // Another session holds the rollups: the report's first statement waits past its timeout.
      await locker.query("begin");
      await locker.query("lock table analytics_daily in access exclusive mode");
      for (const path of ["/api/admin/analytics", "/api/admin/analytics.csv"]) {
        const res = await slow.app.request(`${path}?from=2026-01-01&to=2026-11-27`, { headers: slowAuth });
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after")).toBe("60");
        expect(await res.json()).toEqual({ error: REPORT_TOO_SLOW });
      }
      await locker.query("rollback");
      expect((await slow.app.request("/api/admin/analytics", { headers: slowAuth })).status).toBe(200);
    } finally {
      await locker.end();
      await slow.close();
    }
  });
});

describe("runAtMost", () => {
  it("runs at most two queries at a time, and starts none after a failure", async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task =
      (i: number, fail = false) =>
      async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        if (fail) throw new Error(`task ${i} failed`);
        return i;
      };
    expect(await runAtMost(2, [task(0), task(1), task(2), task(3), task(4)])).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    started.length = 0;
    await expect(runAtMost(2, [task(0, true), task(1), task(2), task(3), task(4)])).rejects.toThrow("task 0");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([0, 1]);
  });
});
