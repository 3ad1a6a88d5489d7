import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics-days";
import { AnalyticsReportSchema, type AnalyticsReport } from "~/contracts/analytics-report";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { seedRealisticAnalytics } from "../../../tests/support/analytics-seed";
import type { Database } from "../../db/client";
import { analyticsDaily } from "../../db/schema";
import {
  fillAnalyticsRollups,
  ROLLUP_GRACE_MS,
  ROLLUP_WRITE_LOCK,
  runAnalyticsRollups,
} from "../../services/analytics/rollups";
import { lockForTransaction } from "../../lib/job-lock";

/**
 * The report right after an upgrade or an import, while no day has its rollup yet
 * (docs/decisions/049-rollups-and-list-pages-at-scale.md): it rolls up the days of its range
 * itself, a bounded batch at a time, and answers the figures it would give with every rollup in
 * place; with its budget spent it answers 200 with the days still pending, never 503. The job
 * fills the newest days first, so the usual 30 days are read from rollups soonest.
 */

const TZ = site.timeZone;
const silent = { info: () => {} };
/** As the job runs once yesterday is closed (see analytics-rollup-report.test.ts). */
const afterGrace = () => ({ now: new Date(Date.now() + ROLLUP_GRACE_MS) });
const today = dayIn(TZ);
const RANGES = {
  month: { from: addDays(today, -29), to: today },
  year: { from: addDays(today, -364), to: today },
  twoYears: { from: addDays(today, -729), to: today },
};
const DAYS_OF_DATA = 300;

type App = Awaited<ReturnType<typeof createTestApp>>;

/** 300 days of rows up to this minute, shaped like real ones. */
async function seed(db: Database) {
  const now = new Date();
  await seedRealisticAnalytics(db, {
    rows: 30_000,
    start: new Date(now.getTime() - DAYS_OF_DATA * 86_400_000),
    end: now,
    visitorsPerDay: 15,
  });
}

async function ask(app: App, auth: Record<string, string>, range: { from: string; to: string }, path = "analytics") {
  return app.app.request(`/api/admin/${path}?from=${range.from}&to=${range.to}`, { headers: auth });
}

async function report(app: App, auth: Record<string, string>, range: { from: string; to: string }) {
  const res = await ask(app, auth, range);
  expect(res.status, `${range.from} to ${range.to}`).toBe(200);
  return AnalyticsReportSchema.parse(await res.json());
}

const rolledDays = async (db: Database) =>
  (await db.select({ day: analyticsDaily.day }).from(analyticsDaily)).map((r) => r.day).sort();

describe("a report over days without rollups", () => {
  let ctx: App;
  let auth: Record<string, string>;
  const withRollups: Partial<Record<keyof typeof RANGES, AnalyticsReport>> = {};

  beforeAll(async () => {
    // Time enough for every day of the two-year range (the default leaves the rest pending).
    ctx = await createTestApp({ env: { REPORT_FILL_BUDGET_MS: "20000" } });
    auth = (await createAdminToken(ctx.db)).auth;
    await seed(ctx.db);
    await fillAnalyticsRollups(ctx.db, silent, { ...afterGrace(), maxDays: 1000 });
    for (const name of Object.keys(RANGES) as (keyof typeof RANGES)[])
      withRollups[name] = await report(ctx, auth, RANGES[name]);
    expect(withRollups.month!.totals.pageviews).toBeGreaterThan(1000);
    expect(withRollups.twoYears!.pending_days).toBe(0);
  });
  afterAll(() => ctx.close());

  it("rolls them up and answers what it answers with every rollup in place", async () => {
    await ctx.db.delete(analyticsDaily);
    expect(await report(ctx, auth, RANGES.month)).toEqual(withRollups.month);
    const yesterday = addDays(today, -1);
    const rolled = await rolledDays(ctx.db);
    // The range's finished days, now stored (yesterday too, unless its midnight is minutes old).
    expect(rolled[0]).toBe(RANGES.month.from);
    expect([yesterday, addDays(yesterday, -1)]).toContain(rolled.at(-1));
    expect(await report(ctx, auth, RANGES.twoYears)).toEqual(withRollups.twoYears);
    expect(await report(ctx, auth, RANGES.year)).toEqual(withRollups.year);
    // Every day from the first raw row's is rolled up now: the job finds nothing left.
    expect((await runAnalyticsRollups(ctx.db, silent, afterGrace())).ran).toBe(true);
    expect(await fillAnalyticsRollups(ctx.db, silent, afterGrace())).toEqual([]);
  });

  it("the job fills the newest days first", async () => {
    await ctx.db.delete(analyticsDaily);
    const run = await runAnalyticsRollups(ctx.db, silent, { ...afterGrace(), maxDays: 30 });
    expect(run.ran && run.result).toHaveLength(30);
    const filled = run.ran ? run.result : [];
    expect(filled).toEqual([...filled].sort().reverse());
    expect(filled.at(-1)).toBe(addDays(filled[0]!, -29));
    // The newest finished day: yesterday, or the day before in the first minutes after midnight.
    expect([addDays(today, -1), addDays(today, -2)]).toContain(filled[0]);
    expect(await rolledDays(ctx.db)).toEqual([...filled].sort());
    await fillAnalyticsRollups(ctx.db, silent, { ...afterGrace(), maxDays: 1000 });
  });
});

describe("a report whose budget runs out", () => {
  let ctx: App;
  let auth: Record<string, string>;

  beforeAll(async () => {
    // A fiftieth of a second: some days per report, however fast the machine (a tenth of a second
    // rolled up the whole year in two answers on an idle one).
    ctx = await createTestApp({ env: { REPORT_FILL_BUDGET_MS: "20" } });
    auth = (await createAdminToken(ctx.db)).auth;
    await seed(ctx.db);
  });
  afterAll(() => ctx.close());

  it("answers 200 with the days still pending, fewer answer after answer, and then every figure", async () => {
    const pending: number[] = [];
    let last: AnalyticsReport | undefined;
    for (let i = 0; i < 400; i++) {
      last = await report(ctx, auth, RANGES.year);
      pending.push(last.pending_days);
      if (last.pending_days === 0) break;
      if (i === 0) {
        // The CSV says so too, and answers 200 meanwhile.
        const csv = await ask(ctx, auth, RANGES.year, "analytics.csv");
        expect(csv.status).toBe(200);
        expect(await csv.text()).toMatch(/Days still being summed \(export again in a minute\),\d+/);
      }
    }
    // The finished days from the first raw row's on (some 300), less what each answer's budget
    // rolled up: left for later answers. On a busy machine the first answer's reads may take its
    // whole budget (all pending); either way some answer shows a part done and a part pending.
    expect(pending[0]).toBeGreaterThan(0);
    expect(pending[0]).toBeLessThanOrEqual(DAYS_OF_DATA);
    expect(pending.some((days) => days > 0 && days < DAYS_OF_DATA)).toBe(true);
    expect(pending.length).toBeGreaterThan(2);
    expect(pending.at(-1)).toBe(0);
    // Each answer rolls up what its budget allows (none when its reads took it all).
    for (let i = 1; i < pending.length; i++) expect(pending[i]).toBeLessThanOrEqual(pending[i - 1]!);
    // The pending days are left out of the figures, never counted twice: the last answer has them all.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_events where kind = 'pageview'`,
    );
    expect(last!.totals.pageviews).toBe(rows[0]!.n);
  });
});

describe("a report while the job holds the rollups' lock", () => {
  let ctx: App;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = (await createAdminToken(ctx.db)).auth;
    await seed(ctx.db);
  });
  afterAll(() => ctx.close());

  it("leaves the days to the job and answers at once, with them pending; then whole once they are rolled up", async () => {
    let during: { report: AnalyticsReport; ms: number } | undefined;
    await ctx.db.transaction(async (tx) => {
      // As the job does for each of its batches (another process's job, say).
      await lockForTransaction(tx, ROLLUP_WRITE_LOCK);
      const started = performance.now();
      during = { report: await report(ctx, auth, RANGES.month), ms: performance.now() - started };
    });
    // The range's 29 finished days (28 in the first minutes after midnight), none rolled up here.
    expect(during!.report.pending_days).toBeGreaterThanOrEqual(28);
    expect(await rolledDays(ctx.db)).toEqual([]);
    // It did not wait for the lock (the transaction above held it until the answer came).
    expect(during!.ms).toBeLessThan(5_000);
    await fillAnalyticsRollups(ctx.db, silent, { ...afterGrace(), maxDays: 1000 });
    expect((await report(ctx, auth, RANGES.month)).pending_days).toBe(0);
  });
});
