import { between, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { addDays, dayIn } from "~/contracts/analytics";
import type { Database } from "../db/client";
import { analyticsDaily } from "../db/schema";
import { runExclusive } from "../lib/job-lock";
import { factsFromRaw, spansOf, type DaySpan } from "./analytics-facts";

/**
 * The daily rollups (docs/decisions/031-analytics-rollups.md): each finished day of the
 * business's time zone is summed once from the raw rows into the analytics_daily tables, which
 * reports read instead of the raw rows and which outlive the raw rows' two years.
 */

/** The job's name, and its advisory lock's: one process rolls up at a time. */
export const ROLLUP_JOB = "analytics-rollups";

/**
 * A day is rolled up this long after its midnight: a batch of rows whose transaction began
 * before midnight carries that day's time but may commit a moment after (the ingest writes
 * every second, and the shutdown writes the rest).
 */
export const ROLLUP_GRACE_MS = 5 * 60_000;

/**
 * Days one run rolls up at most (oldest first), and days one transaction sums together: two
 * years of backlog take four runs, in statements of a month's rows each.
 */
export const ROLLUP_DAYS_PER_RUN = 186;
export const ROLLUP_DAYS_PER_TRANSACTION = 31;

/**
 * Replaces the rollups of the days of `span` with the figures their raw rows give, in one
 * transaction: a report sees the days' old rollups or their new ones, never half of either. A
 * day without rows gets its zeros, which mark it as done.
 */
export async function rollUpDays(db: Database, span: DaySpan): Promise<void> {
  const facts = factsFromRaw([span]);
  await db.transaction(async (tx) => {
    // The pages, referrers, UTM and events rows of the days go with them (on delete cascade).
    await tx.delete(analyticsDaily).where(between(analyticsDaily.day, span.first, span.last));
    await tx.execute(sql`
      insert into analytics_daily (day, pageviews, visits, visitors)
      select days.day, coalesce(d.pageviews, 0), coalesce(d.visits, 0), coalesce(d.visitors, 0)
      from (select ${span.first}::date + i as day from generate_series(0, ${span.last}::date - ${span.first}::date) as i) as days
        left join (${facts.daily}) as d using (day)`);
    await tx.execute(sql`
      insert into analytics_daily_pages (day, path, pageviews, visitors, entries, scroll_total, scrolled_75,
        stayed_30, stayed_60, stayed_120, stayed_300)
      ${facts.pages}`);
    await tx.execute(sql`insert into analytics_daily_referrers (day, host, visits) ${facts.referrers}`);
    await tx.execute(sql`insert into analytics_daily_utm (day, source, medium, campaign, visits) ${facts.utm}`);
    await tx.execute(sql`insert into analytics_daily_events (day, name, count) ${facts.events}`);
  });
}

/** One day's rollup, replaced. */
export const rollUpDay = (db: Database, day: string) => rollUpDays(db, { first: day, last: day });

/** The last day whose midnight is more than the grace period ago. */
export const lastClosedDay = (now: Date) =>
  addDays(dayIn(site.timeZone, new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);

/**
 * The finished days without a rollup, oldest first: from the oldest raw row's day to the last
 * closed day. Days before the oldest raw row have nothing to sum (or were summed before their
 * rows were purged).
 */
export async function missingRollupDays(db: Database, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ day: string }>(sql`
    with bounds as (
      select (min(created_at) at time zone ${site.timeZone})::date as first, ${lastClosedDay(now)}::date as last
      from analytics_events
    )
    select to_char(bounds.first + i, 'YYYY-MM-DD') as day
    from bounds, generate_series(0, bounds.last - bounds.first) as i
    where not exists (select 1 from analytics_daily where analytics_daily.day = bounds.first + i)
    order by i
    limit ${limit}`);
  return rows.map((r) => r.day);
}

/** Where the job says what it filled: the app's logger. */
export interface RollupLog {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface RollupOptions {
  now?: Date;
  /** Days rolled up at most in this run (the rest wait for the next one). */
  maxDays?: number;
}

/** Rolls up the finished days that have no rollup yet, oldest first; answers the days it filled. */
export async function fillAnalyticsRollups(
  db: Database,
  log: RollupLog,
  { now = new Date(), maxDays = ROLLUP_DAYS_PER_RUN }: RollupOptions = {},
): Promise<string[]> {
  const started = Date.now();
  const days = await missingRollupDays(db, now, maxDays);
  for (const span of spansOf(days, ROLLUP_DAYS_PER_TRANSACTION)) await rollUpDays(db, span);
  if (days.length > 0)
    log.info(
      { days: days.length, first: days[0], last: days.at(-1), ms: Date.now() - started, more: days.length === maxDays },
      "analytics rollups filled",
    );
  return days;
}

/** The scheduled job (server/compose.ts): on one process at a time, a run elsewhere is skipped. */
export const runAnalyticsRollups = (db: Database, log: RollupLog, options?: RollupOptions) =>
  runExclusive(db, ROLLUP_JOB, () => fillAnalyticsRollups(db, log, options));
